import { describe, expect, it } from 'vitest';
import { nearestRank, speedToLead, type LeadRow } from './speed-to-lead';
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

describe('nearestRank: the value at rank ⌈p × n / 100⌉ of the sorted values', () => {
  it('picks a value, never an average, worked by hand on small sets', () => {
    expect(nearestRank([], 50)).toBeNull();
    expect(nearestRank([7], 50)).toBe(7);
    expect(nearestRank([7], 90)).toBe(7);
    // n = 4: median rank ⌈2⌉ = 2, p90 rank ⌈3.6⌉ = 4.
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4], 90)).toBe(4);
    // n = 5: median rank ⌈2.5⌉ = 3, p90 rank ⌈4.5⌉ = 5.
    expect(nearestRank([10, 20, 30, 40, 50], 50)).toBe(30);
    expect(nearestRank([10, 20, 30, 40, 50], 90)).toBe(50);
    // n = 10: ranks 5 and 9.
    const ten = [3, 5, 8, 13, 21, 34, 55, 89, 144, 233];
    expect(nearestRank(ten, 50)).toBe(21);
    expect(nearestRank(ten, 90)).toBe(144);
    expect(nearestRank(ten, 100)).toBe(233);
    expect(nearestRank(ten, 1)).toBe(3);
  });

  it('computes the rank in whole numbers: the 7th percentile of 1 … 100 is 7 (7 / 100 × 100 is 7.000000000000001)', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(nearestRank(hundred, 7)).toBe(7);
    expect(nearestRank(hundred, 90)).toBe(90);
  });

  it('refuses a percentile that is not a whole number from 1 to 100', () => {
    expect(() => nearestRank([1], 0)).toThrow(RangeError);
    expect(() => nearestRank([1], 101)).toThrow(RangeError);
    expect(() => nearestRank([1], 50.5)).toThrow(RangeError);
  });
});

describe('speedToLead: a 60-minute target, Monday to Saturday 09:00–19:00, on Monday 30 November at noon', () => {
  const now = ist('2026-11-30T12:00');
  // Working minutes to the first call, worked out by hand beside each row.
  const rows: LeadRow[] = [
    // A: 20, within.
    { counsellor: 'asha', receivedAt: ist('2026-11-23T10:00'), firstCallAt: ist('2026-11-23T10:20') },
    // B: Saturday night, called Monday 09:45: Sunday does not count, 45, within. Week of Monday 16.
    { counsellor: 'asha', receivedAt: '2026-11-21T14:30:00.000Z', firstCallAt: '2026-11-23T04:15:00.000Z' },
    // C: 30 before closing + 60 on Tuesday = 90, late.
    { counsellor: 'asha', receivedAt: ist('2026-11-23T18:30'), firstCallAt: ist('2026-11-24T10:00') },
    // I: called only after `now`: not called yet, and long past its target: overdue.
    { counsellor: 'asha', receivedAt: ist('2026-11-24T10:00'), firstCallAt: ist('2026-11-30T12:30') },
    // D: 200, late.
    { counsellor: 'ravi', receivedAt: ist('2026-11-24T09:00'), firstCallAt: ist('2026-11-24T12:20') },
    // E: never called: overdue.
    { counsellor: 'ravi', receivedAt: ist('2026-11-25T10:00'), firstCallAt: null },
    // G: Sunday 23:50, called Monday 09:10: 10, within. Week of Monday 16.
    { counsellor: 'ravi', receivedAt: ist('2026-11-22T23:50'), firstCallAt: ist('2026-11-23T09:10') },
    // H: Monday 00:10 in India is still Sunday in UTC: its week is Monday 30's. 5, within.
    { counsellor: 'ravi', receivedAt: ist('2026-11-30T00:10'), firstCallAt: ist('2026-11-30T09:05') },
    // F: no counsellor, 30 minutes old, not called: waiting, left out of the share.
    { counsellor: null, receivedAt: ist('2026-11-30T11:30'), firstCallAt: null },
  ];
  const figures = speedToLead(rows, { now, targetMinutes: 60, hours });

  it('gives the figures for all: minutes sorted 5, 10, 20, 45, 90, 200; median rank 3, p90 rank 6', () => {
    expect(figures.all).toEqual({
      count: 9,
      called: 6,
      medianMinutes: 20,
      p90Minutes: 200,
      withinTarget: 4,
      missed: 4,
      overdue: 2,
      waiting: 1,
      shareWithinTarget: 0.5,
    });
  });

  it('gives each counsellor their own, the enquiries with no counsellor last', () => {
    expect(figures.byCounsellor).toEqual([
      // 20, 45, 90: median rank 2, p90 rank ⌈2.7⌉ = 3.
      {
        counsellor: 'asha',
        count: 4,
        called: 3,
        medianMinutes: 45,
        p90Minutes: 90,
        withinTarget: 2,
        missed: 2,
        overdue: 1,
        waiting: 0,
        shareWithinTarget: 0.5,
      },
      // 5, 10, 200.
      {
        counsellor: 'ravi',
        count: 4,
        called: 3,
        medianMinutes: 10,
        p90Minutes: 200,
        withinTarget: 2,
        missed: 2,
        overdue: 1,
        waiting: 0,
        shareWithinTarget: 0.5,
      },
      {
        counsellor: null,
        count: 1,
        called: 0,
        medianMinutes: null,
        p90Minutes: null,
        withinTarget: 0,
        missed: 0,
        overdue: 0,
        waiting: 1,
        shareWithinTarget: null,
      },
    ]);
  });

  it('groups by the ISO week of the enquiry in India, Monday first', () => {
    expect(figures.byWeek).toEqual([
      // B 45, G 10.
      {
        week: '2026-W47',
        weekStart: '2026-11-16',
        count: 2,
        called: 2,
        medianMinutes: 10,
        p90Minutes: 45,
        withinTarget: 2,
        missed: 0,
        overdue: 0,
        waiting: 0,
        shareWithinTarget: 1,
      },
      // A 20, C 90, D 200; E and I overdue.
      {
        week: '2026-W48',
        weekStart: '2026-11-23',
        count: 5,
        called: 3,
        medianMinutes: 90,
        p90Minutes: 200,
        withinTarget: 1,
        missed: 4,
        overdue: 2,
        waiting: 0,
        shareWithinTarget: 0.2,
      },
      // H 5; F waiting.
      {
        week: '2026-W49',
        weekStart: '2026-11-30',
        count: 2,
        called: 1,
        medianMinutes: 5,
        p90Minutes: 5,
        withinTarget: 1,
        missed: 0,
        overdue: 0,
        waiting: 1,
        shareWithinTarget: 1,
      },
    ]);
    expect(
      figures.byCounsellorAndWeek.map((each) => [each.counsellor, each.week, each.count, each.medianMinutes]),
    ).toEqual([
      ['asha', '2026-W47', 1, 45],
      ['asha', '2026-W48', 3, 20],
      ['ravi', '2026-W47', 1, 10],
      ['ravi', '2026-W48', 2, 200],
      ['ravi', '2026-W49', 1, 5],
      [null, '2026-W49', 1, null],
    ]);
  });

  it('counts a lead called exactly at the target as within it, and an uncalled one as overdue only once the target has passed', () => {
    const received = ist('2026-11-21T18:30'); // 30 minutes on Saturday, the other 30 on Monday until 09:30
    const at = (call: string | null, when: string) =>
      speedToLead([{ counsellor: 'asha', receivedAt: received, firstCallAt: call && ist(call) }], {
        now: ist(when),
        targetMinutes: 60,
        hours,
      }).all;
    expect(at('2026-11-23T09:30', '2026-11-30T12:00')).toMatchObject({ withinTarget: 1, missed: 0 });
    expect(at('2026-11-23T09:31', '2026-11-30T12:00')).toMatchObject({ withinTarget: 0, missed: 1, overdue: 0 });
    expect(at(null, '2026-11-22T23:00')).toMatchObject({ waiting: 1, overdue: 0, shareWithinTarget: null });
    expect(at(null, '2026-11-23T09:30')).toMatchObject({ waiting: 1, overdue: 0 });
    expect(at(null, '2026-11-23T09:31')).toMatchObject({ waiting: 0, overdue: 1, missed: 1, shareWithinTarget: 0 });
  });

  it('names the weeks at the turn of the year by the ISO week-year', () => {
    const week = (local: string) =>
      speedToLead([{ counsellor: null, receivedAt: ist(local), firstCallAt: null }], { now, targetMinutes: 60, hours })
        .byWeek[0];
    expect(week('2027-01-01T10:00')).toMatchObject({ week: '2026-W53', weekStart: '2026-12-28' });
    expect(week('2027-01-04T10:00')).toMatchObject({ week: '2027-W01', weekStart: '2027-01-04' });
    expect(week('2025-12-31T10:00')).toMatchObject({ week: '2026-W01', weekStart: '2025-12-29' });
  });

  it('gives empty figures for no rows', () => {
    expect(speedToLead([], { now, targetMinutes: 60, hours })).toEqual({
      all: {
        count: 0,
        called: 0,
        medianMinutes: null,
        p90Minutes: null,
        withinTarget: 0,
        missed: 0,
        overdue: 0,
        waiting: 0,
        shareWithinTarget: null,
      },
      byCounsellor: [],
      byWeek: [],
      byCounsellorAndWeek: [],
    });
  });
});
