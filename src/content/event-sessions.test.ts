import { describe, expect, it } from 'vitest';
import { institute } from './institute';
import { eventSessionsSchema, takesRegistrations } from '../../shared/schema/events';
import { copy } from './copy';
import type { Copy } from './schema';
import { validateContent } from './validate';
import { startingContent } from './site-content';
import { upgradeContent } from './upgrades';

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
  const before = (language: 'en' | 'hi') => {
    const rest: Record<string, unknown> = { ...copy[language].events };
    delete rest.booking;
    return {
      ...copy[language],
      events: {
        ...rest,
        answers: { ...copy[language].events.answers, full: 'The next one with seats is on {date}.' },
        registrant: { ...copy[language].events.registrant, bookNext: 'Book {date} instead' },
      },
    };
  };
  /** The version as the server reads it: upgraded (src/content/upgrades/). */
  const upgraded = () => {
    const sessions = (institute.eventSessions ?? []).map((session) => {
      const stored = { ...session };
      delete stored.joinLink;
      return stored;
    });
    return upgradeContent(
      { copy: { en: before('en'), hi: before('hi') }, institute: { ...institute, eventSessions: sessions } },
      startingContent,
    ) as unknown as { copy: Record<'en' | 'hi', Copy>; institute: typeof institute };
  };

  it('passes the content check once upgraded, with sessions that have no joining link', () => {
    const { copy: words, institute: facts } = upgraded();
    expect(validateContent(words, facts)).toEqual([]);
  });

  it('gains the starting content’s booking words, and keeps its own answers', () => {
    for (const language of ['en', 'hi'] as const) {
      const words = upgraded().copy[language];
      expect(words.events.booking).toEqual(copy[language].events.booking);
      expect((words.events.answers as Record<string, string>).full).toBe('The next one with seats is on {date}.');
    }
  });

  it('accepts an https joining link on a session', () => {
    expect(
      eventSessionsSchema.safeParse([{ ...good, online: true, joinLink: 'https://meet.google.com/abc-defg-hij' }])
        .success,
    ).toBe(true);
  });
});
