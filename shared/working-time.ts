/**
 * Working time: the minutes the institute is open, between two moments or from one onwards.
 * Speed to lead is counted in it (shared/speed-to-lead.ts), so that an enquiry sent on Saturday
 * night is not "late" on Sunday when nobody is at the desk, and follow-ups are set in it
 * (shared/call-outcomes.ts).
 *
 * How: each moment is read on the institute's wall clock (its zone's offset at that moment, never
 * an assumed +05:30), as milliseconds since 1970-01-01 00:00 local. On that clock every day is
 * 24 hours long, so the working time up to a moment is whole working days (counted by weeks, less
 * the holidays) plus the part of its own day: a few arithmetic steps per moment, never a loop
 * over minutes or days, so 100,000 rows take milliseconds. Working time is wall-clock time: it
 * equals the time that passed except across a daylight-saving change inside opening hours, which
 * no zone has (they happen at night).
 */
import type { WorkingHours } from './institute';
import { utcOffsetMinutes } from './institute-calendar';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** WorkingHours turned into numbers once, then reused for every row (kept per object). */
type Calendar = {
  timeZone: string;
  opens: number;
  closes: number;
  /** Working milliseconds in one working day. */
  length: number;
  /** Indexed by ISO weekday. */
  works: boolean[];
  perWeek: number;
  /** Local day numbers (days since 1970-01-01) of the holidays that fall on working weekdays, sorted. */
  holidays: number[];
  holidaySet: Set<number>;
};

const calendars = new WeakMap<WorkingHours, Calendar>();

const clockTime = (text: string, what: string) => {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  if (!(minutes <= 24 * 60))
    throw new RangeError(`Working hours: ${what} must be HH:MM (00:00 to 24:00), not "${text}".`);
  return minutes * MINUTE;
};

const dayNumber = (date: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new RangeError(`Working hours: a holiday must be a date YYYY-MM-DD, not "${date}".`);
  return Date.parse(`${date}T00:00:00Z`) / DAY;
};

/** ISO weekday of a local day number: day 0, 1970-01-01, was a Thursday (4). */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

function calendarOf(hours: WorkingHours): Calendar {
  let calendar = calendars.get(hours);
  if (calendar) return calendar;
  const opens = clockTime(hours.opens, 'opens');
  const closes = clockTime(hours.closes, 'closes');
  // Both refusals stop addWorkingMinutes from looking for working time that never comes.
  if (closes <= opens)
    throw new RangeError(`Working hours: closes (${hours.closes}) must be after opens (${hours.opens}).`);
  const works = Array.from({ length: 8 }, (_, weekday) => weekday >= 1 && hours.workingDays.includes(weekday));
  const perWeek = works.filter(Boolean).length;
  if (perWeek === 0) throw new RangeError('Working hours: at least one working day (ISO 1–7) is needed.');
  const holidays = [...new Set(hours.holidays.map(dayNumber))]
    .filter((day) => works[weekdayOf(day)])
    .sort((a, b) => a - b);
  calendar = {
    timeZone: hours.timeZone,
    opens,
    closes,
    length: closes - opens,
    works,
    perWeek,
    holidays,
    holidaySet: new Set(holidays),
  };
  calendars.set(hours, calendar);
  return calendar;
}

/** The moment on the institute's wall clock (ms since 1970-01-01 00:00 local). */
const wallClock = (at: Date, timeZone: string) => at.getTime() + utcOffsetMinutes(at, timeZone) * MINUTE;

/** The moment a wall-clock time happens: the offset is looked up at a first guess, then at the answer. */
function momentOf(local: number, timeZone: string): Date {
  const guess = local - utcOffsetMinutes(new Date(local), timeZone) * MINUTE;
  return new Date(local - utcOffsetMinutes(new Date(guess), timeZone) * MINUTE);
}

/** Holidays (on working weekdays) before this day. */
function holidaysBefore(calendar: Calendar, day: number) {
  let low = 0;
  let high = calendar.holidays.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((calendar.holidays[middle] ?? Infinity) < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

const isWorkingDay = (calendar: Calendar, day: number) =>
  calendar.works[weekdayOf(day)] && !calendar.holidaySet.has(day);

/** Working days in [from, to): whole weeks by multiplication, then at most six days, less holidays. */
function workingDaysBetween(calendar: Calendar, from: number, to: number) {
  const weeks = Math.floor((to - from) / 7);
  let count = weeks * calendar.perWeek;
  for (let day = from + weeks * 7; day < to; day++) if (calendar.works[weekdayOf(day)]) count++;
  return count - (holidaysBefore(calendar, to) - holidaysBefore(calendar, from));
}

/** Working milliseconds of its own day done by this wall-clock moment. */
function doneToday(calendar: Calendar, local: number) {
  const day = Math.floor(local / DAY);
  if (!isWorkingDay(calendar, day)) return 0;
  return Math.min(Math.max(local - day * DAY - calendar.opens, 0), calendar.length);
}

/** Working milliseconds between two wall-clock moments (to after from). */
function workingMs(calendar: Calendar, from: number, to: number) {
  const days = workingDaysBetween(calendar, Math.floor(from / DAY), Math.floor(to / DAY));
  return days * calendar.length + doneToday(calendar, to) - doneToday(calendar, from);
}

/**
 * The minutes of working time between two moments; 0 when `to` is not after `from`. Exact to the
 * millisecond, so it may have a fraction when the moments have seconds (round it for display).
 */
export function workingMinutesBetween(from: Date, to: Date, hours: WorkingHours): number {
  if (!(to.getTime() > from.getTime())) return 0;
  const calendar = calendarOf(hours);
  return workingMs(calendar, wallClock(from, calendar.timeZone), wallClock(to, calendar.timeZone)) / MINUTE;
}

/**
 * The working day that is `count` working days after `day` (0: `day` itself if it works, else the
 * next that does). Jumps by whole weeks, then walks the few days left (and any holidays).
 */
function nthWorkingDay(calendar: Calendar, day: number, count: number) {
  let current = day;
  let left = count;
  for (;;) {
    if (left >= calendar.perWeek) {
      const weeks = Math.floor(left / calendar.perWeek);
      left -= workingDaysBetween(calendar, current, current + weeks * 7);
      current += weeks * 7;
    } else if (isWorkingDay(calendar, current)) {
      if (left === 0) return current;
      left--;
      current++;
    } else current++;
  }
}

/**
 * The moment when `minutes` of working time have passed since `from`: a 60-minute target for an
 * enquiry at 20:00 on Saturday ends at opening + 60 on Monday (Tuesday when Monday is a holiday).
 * When the time runs out exactly at closing, the answer is that closing time, not the next opening.
 * 0 minutes (or fewer) gives `from` itself.
 */
export function addWorkingMinutes(from: Date, minutes: number, hours: WorkingHours): Date {
  if (!Number.isFinite(minutes))
    throw new RangeError(`addWorkingMinutes needs a finite number of minutes, not ${minutes}.`);
  if (minutes <= 0) return new Date(from.getTime());
  const calendar = calendarOf(hours);
  const start = wallClock(from, calendar.timeZone);
  const firstDay = Math.floor(start / DAY);
  // Count from the opening of `from`'s day: the time already worked that day is added to the target.
  const total = doneToday(calendar, start) + minutes * MINUTE;
  // The target ends within working day number `index` (from firstDay, counting firstDay itself if
  // it works) after `into` ms of its working time; ending right at a closing belongs to that day.
  const index = Math.ceil(total / calendar.length) - 1;
  const into = total - index * calendar.length;
  const day = nthWorkingDay(calendar, firstDay, index);
  return momentOf(day * DAY + calendar.opens + into, calendar.timeZone);
}

/** The opening moment of the first working day after `at`'s local day (tomorrow's opening, Monday's on Saturday). */
export function nextWorkingDayOpening(at: Date, hours: WorkingHours): Date {
  const calendar = calendarOf(hours);
  const day = nthWorkingDay(calendar, Math.floor(wallClock(at, calendar.timeZone) / DAY) + 1, 0);
  return momentOf(day * DAY + calendar.opens, calendar.timeZone);
}

/**
 * The institute's local day of a moment, as a day number (days since 1970-01-01): what
 * localDate (shared/institute-calendar.ts) gives as text, without formatting a string, for
 * grouping many rows by day or week.
 */
export const localDayNumber = (at: Date, timeZone: string) => Math.floor(wallClock(at, timeZone) / DAY);

/** Minutes of work in one working day (600 for 09:00–19:00). */
export const workingDayMinutes = (hours: WorkingHours) => calendarOf(hours).length / MINUTE;
