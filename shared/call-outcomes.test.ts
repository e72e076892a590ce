import { describe, expect, it } from 'vitest';
import {
  callOutcome,
  callOutcomeKeys,
  callOutcomes,
  nextFollowUp,
  NO_ANSWER,
  type CallOutcomeKey,
} from './call-outcomes';
import { statusNeedsReason, statusValues } from './schema/desk-vocabulary';
import type { WorkingHours } from './institute';

/** A moment on the institute's clock (India, +05:30). November 2026: Saturday 21, Sunday 22, Monday 23. */
const ist = (local: string) => new Date(`${local}+05:30`);
const hours: WorkingHours = {
  timeZone: 'Asia/Kolkata',
  workingDays: [1, 2, 3, 4, 5, 6],
  opens: '09:00',
  closes: '19:00',
  holidays: [],
};
const mondayOff: WorkingHours = { ...hours, holidays: ['2026-11-23'] };

const after = (
  key: CallOutcomeKey,
  at: string,
  previousNoAnswers = 0,
  more: { picked?: Date; hours?: WorkingHours } = {},
) => nextFollowUp(key, { at: ist(at), previousNoAnswers, hours, ...more });
const when = (
  key: CallOutcomeKey,
  at: string,
  previousNoAnswers = 0,
  more: { picked?: Date; hours?: WorkingHours } = {},
) => after(key, at, previousNoAnswers, more).at?.toISOString() ?? null;

describe('the call outcomes', () => {
  it('are the seven of issue 26, in English, each setting a status the desk knows', () => {
    expect(callOutcomes.map((outcome) => outcome.label)).toEqual([
      'No answer',
      'Call back later',
      'Interested',
      'Visit booked',
      'Enrolled',
      'Not interested',
      'Wrong number',
    ]);
    expect(callOutcomeKeys).toHaveLength(new Set(callOutcomeKeys).size);
    for (const outcome of callOutcomes) if (outcome.status) expect(statusValues).toContain(outcome.status);
  });

  it('give a reason, or ask for one, wherever the status needs one', () => {
    for (const outcome of callOutcomes)
      if (outcome.status && statusNeedsReason(outcome.status))
        expect(outcome.needsReason || outcome.reason !== null, outcome.key).toBe(true);
    expect(callOutcome('wrong-number')).toMatchObject({
      status: 'unreachable',
      reason: 'Wrong number',
      needsReason: false,
    });
    expect(callOutcome('not-interested')).toMatchObject({ status: 'not-interested', needsReason: true });
    expect(() => callOutcome('hung-up' as CallOutcomeKey)).toThrow(/no call outcome "hung-up"/);
  });
});

describe('nextFollowUp after no answer', () => {
  it('keeps the status (no answer is no contact) and tries again 3 working hours later', () => {
    expect(after('no-answer', '2026-11-23T10:00')).toEqual({
      at: ist('2026-11-23T13:00'),
      date: '2026-11-23',
      status: null,
      reason: null,
      needsReason: false,
      noAnswersInARow: 1,
      why: 'Try again in 3 working hours.',
    });
  });

  it('carries the 3 hours past closing and midnight into the next working day', () => {
    expect(when('no-answer', '2026-11-23T17:30', 1)).toBe(ist('2026-11-24T10:30').toISOString());
    expect(when('no-answer', '2026-11-21T20:00')).toBe(ist('2026-11-23T12:00').toISOString());
    // Two hours on Saturday, the third on Tuesday.
    expect(when('no-answer', '2026-11-21T17:00', 0, { hours: mondayOff })).toBe(ist('2026-11-24T10:00').toISOString());
  });

  it('after the third in a row, tries the next working day at opening (Tuesday when Monday is a holiday), then 3 hours again', () => {
    expect(after('no-answer', '2026-11-21T15:00', 2)).toMatchObject({
      at: ist('2026-11-23T09:00'),
      date: '2026-11-23',
      noAnswersInARow: 3,
      why: '3 calls unanswered: try again the next working day.',
    });
    expect(when('no-answer', '2026-11-21T15:00', 2, { hours: mondayOff })).toBe(ist('2026-11-24T09:00').toISOString());
    expect(when('no-answer', '2026-11-23T09:00', 3)).toBe(ist('2026-11-23T12:00').toISOString());
    expect(when('no-answer', '2026-11-23T15:00', 5)).toBe(ist('2026-11-24T09:00').toISOString());
  });

  it('after nine in a row (three rounds) marks the enquiry unreachable, with the reason, and stops', () => {
    expect(NO_ANSWER.triesPerRound * NO_ANSWER.rounds).toBe(9);
    expect(after('no-answer', '2026-11-25T15:00', 7)).toMatchObject({ status: null, noAnswersInARow: 8 });
    expect(after('no-answer', '2026-11-25T15:00', 8)).toEqual({
      at: null,
      date: null,
      status: 'unreachable',
      reason: 'No answer to 9 calls in a row',
      needsReason: false,
      noAnswersInARow: 9,
      why: 'No answer to 9 calls in a row: marked unreachable.',
    });
  });

  it('takes the time the counsellor picks instead, and refuses a count that is not one', () => {
    expect(when('no-answer', '2026-11-23T10:00', 0, { picked: ist('2026-11-23T18:30') })).toBe(
      ist('2026-11-23T18:30').toISOString(),
    );
    expect(() => after('no-answer', '2026-11-23T10:00', -1)).toThrow(/previousNoAnswers/);
  });
});

describe('nextFollowUp after an answered call', () => {
  it('call back later: the time picked, else the next working day at opening; contacted', () => {
    expect(after('call-back-later', '2026-11-21T18:00')).toMatchObject({
      at: ist('2026-11-23T09:00'),
      date: '2026-11-23',
      status: 'contacted',
      noAnswersInARow: 0,
      why: 'Call back the next working day.',
    });
    expect(when('call-back-later', '2026-11-23T10:00', 2, { picked: ist('2026-11-24T16:00') })).toBe(
      ist('2026-11-24T16:00').toISOString(),
    );
    // 19:00 UTC on Monday is 00:30 on Tuesday at the institute: the follow-up's date is Tuesday's.
    expect(after('call-back-later', '2026-11-23T10:00', 0, { picked: new Date('2026-11-23T19:00:00Z') }).date).toBe(
      '2026-11-24',
    );
    expect(() => after('call-back-later', '2026-11-23T10:00', 0, { picked: ist('2026-11-23T09:59') })).toThrow(
      /must be after the call/,
    );
  });

  it('interested: two working days later, skipping Sunday and holidays; contacted', () => {
    expect(after('interested', '2026-11-23T10:00')).toMatchObject({
      at: ist('2026-11-25T10:00'),
      status: 'contacted',
      why: 'Follow up in 2 working days.',
    });
    expect(when('interested', '2026-11-27T15:00')).toBe(ist('2026-11-30T15:00').toISOString());
    expect(when('interested', '2026-11-21T15:00', 0, { hours: mondayOff })).toBe(ist('2026-11-25T15:00').toISOString());
    expect(when('interested', '2026-11-21T20:00')).toBe(ist('2026-11-24T19:00').toISOString());
  });

  it("visit booked: on the visit's day, which must be given", () => {
    expect(after('visit-booked', '2026-11-23T10:00', 0, { picked: ist('2026-11-26T11:00') })).toMatchObject({
      at: ist('2026-11-26T11:00'),
      date: '2026-11-26',
      status: 'visit-booked',
    });
    expect(() => after('visit-booked', '2026-11-23T10:00')).toThrow(/needs its time/);
  });

  it('enrolled, not interested, wrong number: no follow-up', () => {
    expect(after('enrolled', '2026-11-23T10:00', 4)).toEqual({
      at: null,
      date: null,
      status: 'enrolled',
      reason: null,
      needsReason: false,
      noAnswersInARow: 0,
      why: 'No follow-up.',
    });
    expect(after('not-interested', '2026-11-23T10:00')).toMatchObject({
      at: null,
      status: 'not-interested',
      needsReason: true,
    });
    expect(after('wrong-number', '2026-11-23T10:00')).toMatchObject({
      at: null,
      status: 'unreachable',
      reason: 'Wrong number',
      needsReason: false,
    });
  });

  it("uses the institute's hours by default (Monday to Saturday from 08:00)", () => {
    expect(nextFollowUp('call-back-later', { at: ist('2026-11-21T18:00'), previousNoAnswers: 0 }).at).toEqual(
      ist('2026-11-23T08:00'),
    );
  });
});
