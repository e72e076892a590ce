/** Sign-in throttling on a real database, SQLite and PostgreSQL, with the clock given to it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enginesUnderTest } from '../../tests/support/databases';
import type { Db } from './database';
import {
  clientScope,
  createSignInThrottle,
  forgetAfterMs,
  pairScope,
  type ThrottleRule,
  waitAfter,
} from './sign-in-throttle';

const rule: ThrottleRule = { free: 3, firstWaitMs: 1000, maxWaitMs: 15 * 60_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, 0) + ms);

describe('the waits', () => {
  it('none for the free attempts, then 1 s, doubling, up to the longest', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => waitAfter(n, rule))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(waitAfter(40, rule)).toBe(15 * 60_000);
  });
});

describe.each(enginesUnderTest())('sign-in throttle on $name', ({ open }) => {
  let database: Db;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('lets the free attempts through, then makes each wait twice as long as the last; a quiet count is forgotten', async () => {
    const throttle = createSignInThrottle(database);
    const scope = pairScope('203.0.113.7', 'C@Example.com', rule);
    // Three at once go through; the fourth at that moment must wait 1 s.
    expect([
      await throttle.attempt(scope, at(0)),
      await throttle.attempt(scope, at(0)),
      await throttle.attempt(scope, at(0)),
    ]).toEqual([0, 0, 0]);
    expect(await throttle.attempt(scope, at(0))).toBe(1000);
    expect(await throttle.attempt(scope, at(999))).toBe(1);
    // After the wait it is counted, and the next waits 2 s, then 4 s.
    expect(await throttle.attempt(scope, at(1000))).toBe(0);
    expect(await throttle.attempt(scope, at(1000))).toBe(2000);
    expect(await throttle.attempt(scope, at(3000))).toBe(0);
    expect(await throttle.attempt(scope, at(3000))).toBe(4000);
    // Refused attempts are not counted: waiting it out is enough.
    expect(await throttle.attempt(scope, at(7000))).toBe(0);
    expect((await throttle.waiting(at(7000))).map((row) => [row.scope, row.account, row.attempts])).toEqual([
      ['pair:203.0.113.7|c@example.com', 'c@example.com', 6],
    ]);
    // Quiet for just under twice the longest wait: the count is kept (the seventh attempt, then 16 s).
    const later = 7000 + forgetAfterMs(rule) - 1;
    expect(await throttle.attempt(scope, at(later))).toBe(0);
    expect(await throttle.attempt(scope, at(later))).toBe(16_000);
    // Quiet for twice the longest wait: it starts again from nothing.
    const quiet = later + forgetAfterMs(rule);
    expect(await throttle.attempt(scope, at(quiet))).toBe(0);
    expect(await throttle.attempt(scope, at(quiet))).toBe(0);
    expect(await throttle.attempt(scope, at(quiet))).toBe(0);
    expect(await throttle.attempt(scope, at(quiet))).toBe(1000);
  });

  it('never waits longer than the longest wait, however many attempts', async () => {
    const throttle = createSignInThrottle(database);
    const scope = clientScope('203.0.113.7', { free: 1, firstWaitMs: 1000, maxWaitMs: 60_000 });
    // Twelve attempts, each made as soon as it may be: the waits it met on the way.
    const waits: number[] = [];
    let now = 0;
    for (let counted = 0; counted < 12;) {
      const wait = await throttle.attempt(scope, at(now));
      if (wait === 0) counted += 1;
      else {
        waits.push(wait);
        now += wait;
      }
    }
    // One who waits out every wait keeps meeting the longest.
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('clears an account from every address, and an address across accounts, and nothing else', async () => {
    const throttle = createSignInThrottle(database);
    const scopes = [
      pairScope('203.0.113.7', 'c@example.com', rule),
      pairScope('198.51.100.2', 'c@example.com', rule),
      pairScope('203.0.113.7', 'd@example.com', rule),
      clientScope('203.0.113.7', rule),
    ];
    for (const scope of scopes) for (let i = 0; i < 4; i++) await throttle.attempt(scope, at(0));
    expect(await throttle.clearAccount('C@example.com')).toBe(2);
    expect((await throttle.waiting(at(0))).map((row) => row.scope).sort()).toEqual([
      'client:203.0.113.7',
      'pair:203.0.113.7|d@example.com',
    ]);
    expect(await throttle.clearClient('203.0.113.7')).toBe(1);
    expect((await throttle.waiting(at(0))).map((row) => row.scope)).toEqual(['pair:203.0.113.7|d@example.com']);
  });
});
