import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInstituteTime,
  isoWeekday,
  localDate,
  localDateTime,
  pastOneWorkingDay,
} from './institute-calendar';

const ist = (local: string) => new Date(`${local}+05:30`);

describe('the institute calendar (Asia/Kolkata, Monday to Saturday)', () => {
  it('gives the local date, which is not the UTC date late in the evening', () => {
    expect(localDate(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
  });

  it('gives the local date and time as a spreadsheet reads it: YYYY-MM-DD HH:MM, midnight as 00', () => {
    expect(localDateTime('2026-11-24T18:45:00.000Z')).toBe('2026-11-25 00:15');
    expect(localDateTime('2026-11-24T18:29:59.999Z')).toBe('2026-11-24 23:59');
    expect(localDateTime('2026-11-25T06:30:00.000Z')).toBe('2026-11-25 12:00');
  });

  it('is late after 24 working hours: a Tuesday enquiry on Wednesday at the same time', () => {
    expect(pastOneWorkingDay(ist('2026-11-24T10:00:00'), ist('2026-11-25T09:45:00'))).toBe(false);
    expect(pastOneWorkingDay(ist('2026-11-24T10:00:00'), ist('2026-11-25T10:00:00'))).toBe(true);
  });

  it('does not count Sunday: a Saturday evening enquiry is late on Monday evening', () => {
    const saturday = ist('2026-11-21T18:00:00');
    expect(pastOneWorkingDay(saturday, ist('2026-11-22T20:00:00'))).toBe(false);
    expect(pastOneWorkingDay(saturday, ist('2026-11-23T17:45:00'))).toBe(false);
    expect(pastOneWorkingDay(saturday, ist('2026-11-23T18:00:00'))).toBe(true);
    expect(pastOneWorkingDay(saturday, ist('2026-12-20T18:00:00'))).toBe(true);
  });

  it('says a moment in India time, as staff read it', () => {
    expect(formatInstituteTime('2026-11-25T03:30:00.000Z')).toBe('25 Nov 2026, 9:00 am (India time)');
  });
});
