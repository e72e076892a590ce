import { describe, expect, it } from 'vitest';
import { isoWeekday, localDate, pastOneWorkingDay } from './institute-calendar';
import { instituteHours, type WorkingHours } from './institute';
import { addWorkingMinutes, nextWorkingDayOpening, workingDayMinutes, workingMinutesBetween } from './working-time';

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
const between = (from: string, to: string, on = hours) => workingMinutesBetween(ist(from), ist(to), on);
const add = (from: string, minutes: number, on = hours) => addWorkingMinutes(ist(from), minutes, on).toISOString();

describe('workingMinutesBetween (Monday to Saturday, 09:00 to 19:00, India)', () => {
  it('counts the minutes within one working day', () => {
    expect(between('2026-11-23T10:00', '2026-11-23T11:30')).toBe(90);
    expect(between('2026-11-23T10:00', '2026-11-23T10:01')).toBe(1);
  });

  it('starts counting at opening for an enquiry that arrives before it', () => {
    expect(between('2026-11-23T07:00', '2026-11-23T09:30')).toBe(30);
    expect(between('2026-11-23T00:10', '2026-11-23T08:59')).toBe(0);
  });

  it('stops at closing and crosses midnight to the next opening', () => {
    expect(between('2026-11-23T18:30', '2026-11-24T09:15')).toBe(45);
    expect(between('2026-11-23T20:00', '2026-11-24T09:15')).toBe(15);
    expect(between('2026-11-23T22:00', '2026-11-24T02:00')).toBe(0);
    expect(between('2026-11-23T08:00', '2026-11-23T20:00')).toBe(600);
    expect(between('2026-11-23T09:00', '2026-11-24T09:00')).toBe(600);
  });

  it('reads the clock in India, not UTC: 02:00 UTC is 07:30 at the institute, before opening', () => {
    expect(workingMinutesBetween(new Date('2026-11-23T02:00:00Z'), new Date('2026-11-23T04:00:00Z'), hours)).toBe(30);
    // 19:00 UTC on Sunday is already 00:30 on Monday in India: still no work until 09:00.
    expect(workingMinutesBetween(new Date('2026-11-22T19:00:00Z'), new Date('2026-11-23T03:45:00Z'), hours)).toBe(15);
  });

  it('does not count Sunday', () => {
    expect(between('2026-11-21T20:00', '2026-11-23T10:00')).toBe(60);
    expect(between('2026-11-22T12:00', '2026-11-23T09:01')).toBe(1);
    expect(between('2026-11-22T09:00', '2026-11-22T19:00')).toBe(0);
    expect(between('2026-11-21T18:00', '2026-11-23T10:00')).toBe(120);
  });

  it('does not count a holiday, here across a weekend and a holiday Monday', () => {
    expect(between('2026-11-21T18:00', '2026-11-24T10:00', mondayOff)).toBe(120);
    expect(between('2026-11-23T10:00', '2026-11-23T12:00', mondayOff)).toBe(0);
    // A holiday on a Sunday changes nothing.
    expect(between('2026-11-21T18:00', '2026-11-23T10:00', { ...hours, holidays: ['2026-11-22'] })).toBe(120);
  });

  it('counts whole weeks: six working days a week, less the holidays', () => {
    expect(between('2026-11-23T09:00', '2026-11-30T09:00')).toBe(3600);
    expect(between('2026-11-23T09:00', '2026-11-30T09:00', { ...hours, holidays: ['2026-11-25'] })).toBe(3000);
    expect(between('2026-01-05T09:00', '2026-12-28T09:00')).toBe(51 * 3600);
  });

  it('is 0 when the end is not after the start, and exact to the second', () => {
    expect(between('2026-11-23T11:00', '2026-11-23T10:00')).toBe(0);
    expect(between('2026-11-23T11:00', '2026-11-23T11:00')).toBe(0);
    expect(between('2026-11-23T10:00:30', '2026-11-23T10:01:00')).toBe(0.5);
  });

  it('follows the zone, not a fixed offset: New York across the end of daylight saving', () => {
    const newYork: WorkingHours = {
      timeZone: 'America/New_York',
      workingDays: [1, 2, 3, 4, 5],
      opens: '09:00',
      closes: '17:00',
      holidays: [],
    };
    // Friday 30 October 16:00 EDT (-04:00) to Monday 2 November 10:00 EST (-05:00): one hour each side.
    expect(
      workingMinutesBetween(new Date('2026-10-30T16:00:00-04:00'), new Date('2026-11-02T10:00:00-05:00'), newYork),
    ).toBe(120);
    // 13:30 UTC is 09:30 in summer and 08:30 in winter.
    expect(workingMinutesBetween(new Date('2026-10-30T13:00:00Z'), new Date('2026-10-30T13:30:00Z'), newYork)).toBe(30);
    expect(workingMinutesBetween(new Date('2026-11-02T13:00:00Z'), new Date('2026-11-02T13:30:00Z'), newYork)).toBe(0);
  });

  it('agrees with counting minute by minute, for random moments over five weeks with holidays', () => {
    const on: WorkingHours = {
      ...hours,
      opens: '09:30',
      closes: '18:45',
      holidays: ['2026-11-23', '2026-11-24', '2026-12-05'],
    };
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: on.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const works = (at: Date) => {
      const date = localDate(at);
      if (!on.workingDays.includes(isoWeekday(date)) || on.holidays.includes(date)) return false;
      const time = clock.format(at);
      return time >= on.opens && time < on.closes;
    };
    const start = ist('2026-11-15T00:00').getTime();
    const minutes = 35 * 24 * 60;
    const working = Array.from({ length: minutes }, (_, minute) => works(new Date(start + minute * 60_000)));
    // upTo[m]: working minutes in the first m minutes.
    let total = 0;
    const upTo = [0, ...working.map((yes) => (total += yes ? 1 : 0))];
    const worked = (minute: number) => upTo[minute] ?? NaN;
    let seed = 26;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    for (let i = 0; i < 300; i++) {
      const [x, y] = [random(minutes), random(minutes)];
      const [a, b] = [Math.min(x, y), Math.max(x, y)];
      const from = new Date(start + a * 60_000);
      expect(workingMinutesBetween(from, new Date(start + b * 60_000), on), `${from.toISOString()} + ${b - a}`).toBe(
        worked(b) - worked(a),
      );
      const due = addWorkingMinutes(from, 1 + random(2000), on);
      expect(workingMinutesBetween(from, due, on)).toBe(worked((due.getTime() - start) / 60_000) - worked(a));
    }
  });
});

describe("the inbox's late mark (pastOneWorkingDay, counted in quarter hours)", () => {
  it('is 24 hours of working days in working time: the exact count can replace it', () => {
    const wholeDays: WorkingHours = { ...instituteHours, opens: '00:00', closes: '24:00' };
    const start = ist('2026-11-18T00:00').getTime();
    let seed = 48;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    for (let i = 0; i < 300; i++) {
      const received = new Date(start + random(14 * 96) * 15 * 60_000);
      const now = new Date(received.getTime() + random(5 * 96) * 15 * 60_000);
      expect(pastOneWorkingDay(received, now), `${received.toISOString()} → ${now.toISOString()}`).toBe(
        workingMinutesBetween(received, now, wholeDays) >= 24 * 60,
      );
    }
  });
});

describe('addWorkingMinutes', () => {
  it('gives an enquiry at 20:00 on Saturday with a 60-minute target until 10:00 on Monday, Tuesday when Monday is a holiday', () => {
    expect(add('2026-11-21T20:00', 60)).toBe(ist('2026-11-23T10:00').toISOString());
    expect(add('2026-11-21T20:00', 60, mondayOff)).toBe(ist('2026-11-24T10:00').toISOString());
  });

  it('counts from opening before it, into the next day after closing, and ends at closing when it runs out there', () => {
    expect(add('2026-11-23T07:00', 60)).toBe(ist('2026-11-23T10:00').toISOString());
    expect(add('2026-11-23T18:30', 60)).toBe(ist('2026-11-24T09:30').toISOString());
    expect(add('2026-11-23T18:00', 60)).toBe(ist('2026-11-23T19:00').toISOString());
    expect(add('2026-11-23T23:30', 1)).toBe(ist('2026-11-24T09:01').toISOString());
  });

  it('skips Sunday and holidays for whole days', () => {
    expect(add('2026-11-22T12:00', 600)).toBe(ist('2026-11-23T19:00').toISOString());
    expect(add('2026-11-22T12:00', 601)).toBe(ist('2026-11-24T09:01').toISOString());
    // Saturday's 540 minutes, Monday's 600, then an hour on Tuesday (Wednesday with Monday off).
    expect(add('2026-11-21T10:00', 2 * 600)).toBe(ist('2026-11-24T10:00').toISOString());
    expect(add('2026-11-21T10:00', 2 * 600, mondayOff)).toBe(ist('2026-11-25T10:00').toISOString());
    // Six weeks of work from a Monday's opening ends at the sixth Saturday's closing; a holiday on the way, Monday's.
    expect(add('2026-11-23T09:00', 36 * 600)).toBe(ist('2027-01-02T19:00').toISOString());
    expect(add('2026-11-23T09:00', 36 * 600, { ...hours, holidays: ['2026-12-25'] })).toBe(
      ist('2027-01-04T19:00').toISOString(),
    );
  });

  it('gives the start itself for no time, and refuses endless time', () => {
    expect(add('2026-11-22T12:00', 0)).toBe(ist('2026-11-22T12:00').toISOString());
    expect(add('2026-11-22T12:00', -5)).toBe(ist('2026-11-22T12:00').toISOString());
    expect(() => add('2026-11-22T12:00', Infinity)).toThrow(/finite/);
  });

  it('returns the earliest such moment: a minute less is not enough', () => {
    for (const [from, minutes] of [
      ['2026-11-21T20:00', 60],
      ['2026-11-23T18:59', 2],
      ['2026-11-22T12:00', 600],
    ] as const) {
      const due = addWorkingMinutes(ist(from), minutes, mondayOff);
      expect(workingMinutesBetween(ist(from), due, mondayOff)).toBe(minutes);
      expect(workingMinutesBetween(ist(from), new Date(due.getTime() - 60_000), mondayOff)).toBe(minutes - 1);
    }
  });
});

describe('working hours', () => {
  it('gives the next working day at opening', () => {
    expect(nextWorkingDayOpening(ist('2026-11-21T10:00'), hours).toISOString()).toBe(
      ist('2026-11-23T09:00').toISOString(),
    );
    expect(nextWorkingDayOpening(ist('2026-11-22T23:59'), mondayOff).toISOString()).toBe(
      ist('2026-11-24T09:00').toISOString(),
    );
    expect(nextWorkingDayOpening(ist('2026-11-23T00:01'), hours).toISOString()).toBe(
      ist('2026-11-24T09:00').toISOString(),
    );
  });

  it('refuses hours that would never give working time, naming what is wrong', () => {
    expect(() => workingDayMinutes({ ...hours, opens: '19:00', closes: '09:00' })).toThrow(
      /closes \(09:00\) must be after opens/,
    );
    expect(() => workingDayMinutes({ ...hours, workingDays: [] })).toThrow(/at least one working day/);
    expect(() => workingDayMinutes({ ...hours, opens: '9:00' })).toThrow(/opens must be HH:MM/);
    expect(() => workingDayMinutes({ ...hours, holidays: ['2026-13-01'] })).toThrow(/holiday must be a date/);
    expect(workingDayMinutes({ ...hours, closes: '24:00' })).toBe(900);
  });

  it("has the institute's: Monday to Saturday, 08:00 to 20:00 as the contact page says, in India", () => {
    expect(instituteHours).toMatchObject({
      timeZone: 'Asia/Kolkata',
      workingDays: [1, 2, 3, 4, 5, 6],
      opens: '08:00',
      closes: '20:00',
    });
    expect(workingDayMinutes(instituteHours)).toBe(720);
  });
});
