import { describe, expect, it } from 'vitest';
import { institute } from './institute';
import { eventSessionsSchema, takesRegistrations } from '../../shared/schema/events';
import { copy } from './copy';
import { eventsWords } from './events';
import type { Copy } from './schema';
import { validateContent } from './validate';

const good = institute.eventSessions?.[0];
if (!good) throw new Error('the starting content has no event session');

describe('event sessions (content facts)', () => {
  it("accepts the starting content's sessions", () => {
    expect(eventSessionsSchema.safeParse(institute.eventSessions).success).toBe(true);
  });

  it.each([
    ['no seats', { capacity: 0 }],
    ['a typo of a capacity', { capacity: 12000 }],
    ['reporting after the start', { reportBy: '10:15' }],
    ['ending before it starts', { ends: '09:00' }],
    ['registration closing after the day', { closes: '2026-12-14' }],
    ['registration closing before it opens', { opens: '2026-12-12', closes: '2026-12-01' }],
    ['a time not in 24-hour form', { starts: '10 am' }],
    ['nobody it is for', { classes: [] }],
    ['a joining link that is not https', { online: true, joinLink: 'http://meet.example.com/abc' }],
    ['a joining link that is not a link', { online: true, joinLink: 'meet abc-defg' }],
  ])('refuses %s', (_, change) => {
    expect(eventSessionsSchema.safeParse([{ ...good, ...change }]).success).toBe(false);
  });

  it('refuses two sessions with one id (seats are counted by it)', () => {
    expect(eventSessionsSchema.safeParse([good, { ...good, date: '2026-12-20', closes: '2026-12-19' }]).success).toBe(
      false,
    );
  });

  it('takes registrations from the day it opens to the day it closes, both included', () => {
    expect(takesRegistrations(good, good.opens)).toBe(true);
    expect(takesRegistrations(good, good.closes)).toBe(true);
    expect(takesRegistrations(good, '2026-11-15')).toBe(false);
    expect(takesRegistrations(good, good.date)).toBe(false);
  });
});

describe('a version stored before the booking’s words and the joining link (issue 36)', () => {
  /** Its events' words as they were: no `booking`, the answers and buttons since dropped still in. */
  const before = (language: 'en' | 'hi'): Copy => {
    const events = copy[language].events;
    if (!events) throw new Error('no events words');
    const rest = { ...events };
    delete rest.booking;
    return {
      ...copy[language],
      events: {
        ...rest,
        answers: { ...rest.answers, full: 'The next one with seats is on {date}.' },
        registrant: { ...rest.registrant, bookNext: 'Book {date} instead' },
      } as Copy['events'],
    };
  };

  it('passes the content check as stored, with sessions that have no joining link', () => {
    const sessions = (institute.eventSessions ?? []).map((session) => {
      const stored = { ...session };
      delete stored.joinLink;
      return stored;
    });
    expect(validateContent({ en: before('en'), hi: before('hi') }, { ...institute, eventSessions: sessions })).toEqual(
      [],
    );
  });

  it('reads the starting content’s booking words in their place', () => {
    for (const language of ['en', 'hi'] as const)
      expect(eventsWords(before(language), language).booking).toEqual(copy[language].events?.booking);
  });

  it('accepts an https joining link on a session', () => {
    expect(
      eventSessionsSchema.safeParse([{ ...good, online: true, joinLink: 'https://meet.google.com/abc-defg-hij' }])
        .success,
    ).toBe(true);
  });
});
