import { describe, expect, it } from 'vitest';
import { institute } from './institute';
import { eventSessionsSchema, takesRegistrations } from '../../shared/schema/events';

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
