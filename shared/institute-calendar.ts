/**
 * The institute's calendar: its local dates (follow-ups, "today") and its working
 * days, from the facts in shared/institute.ts.
 */
import { institute } from './institute';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const formatFor = (timeZone: string) => {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format;
};

/** The date (YYYY-MM-DD) it is at the institute at this moment. */
export const localDate = (at: Date, timeZone = institute.timeZone) => formatFor(timeZone).format(at);

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export const isoWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** Days from one YYYY-MM-DD date to another, both included. */
export const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The date `days` after a YYYY-MM-DD date (negative for before). */
export const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

const STEP_MS = 15 * 60_000;

/**
 * Has a call-back promised "within one working day" of `received` become late by `now`?
 * True once 24 hours of the institute's working days have passed (a Saturday-evening
 * enquiry is late on Monday evening, not on Sunday), counted in quarter hours.
 */
export function pastOneWorkingDay(
  received: Date,
  now: Date,
  { timeZone = institute.timeZone, workingDays = institute.workingDays } = {},
): boolean {
  let working = 0;
  // Eight calendar days always hold a full working day when any day of the week is one.
  const end = Math.min(now.getTime(), received.getTime() + 8 * 86_400_000);
  for (let t = received.getTime(); t < end; t += STEP_MS) {
    if (workingDays.includes(isoWeekday(localDate(new Date(t), timeZone)))) working += STEP_MS;
    if (working >= 86_400_000) return true;
  }
  return now.getTime() - received.getTime() >= 8 * 86_400_000;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetByIntl(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Offsets already looked up, per zone and UTC day, for the days a zone's offset did not change.
 * Asking Intl costs about 70 µs with a new formatter and 2.5 µs with a kept one (measured on this
 * machine); the dashboard asks for every row's moments (shared/working-time.ts), and most fall
 * on a few hundred days. A day is kept only when its start, its end and the moment asked agree:
 * no zone has ever changed its offset and back within one day.
 */
const offsetsByDay = new Map<string, Map<number, number>>();
const MAX_DAYS_KEPT = 5000;

/** Minutes the zone is ahead of UTC at that moment (330 for Asia/Kolkata). */
export function utcOffsetMinutes(at: Date, timeZone = institute.timeZone): number {
  const day = Math.floor(at.getTime() / 86_400_000);
  let days = offsetsByDay.get(timeZone);
  const kept = days?.get(day);
  if (kept !== undefined) return kept;
  const offset = offsetByIntl(at, timeZone);
  const start = offsetByIntl(new Date(day * 86_400_000), timeZone);
  const end = offsetByIntl(new Date((day + 1) * 86_400_000 - 1), timeZone);
  if (start === offset && end === offset) {
    if (!days || days.size >= MAX_DAYS_KEPT) offsetsByDay.set(timeZone, (days = new Map()));
    days.set(day, offset);
  }
  return offset;
}

/**
 * A moment as the institute's clock shows it, "2026-11-25 00:15": the form Excel and Google
 * Sheets both read as a date and time without asking (the desk's spreadsheet). From the
 * zone's offset (kept per day above) rather than a formatter: the export writes a few per
 * enquiry.
 */
export function localDateTime(iso: string, timeZone = institute.timeZone): string {
  const at = new Date(iso);
  return new Date(at.getTime() + utcOffsetMinutes(at, timeZone) * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The moment a local date (YYYY-MM-DD) begins at the institute. */
export function startOfLocalDay(date: string, timeZone = institute.timeZone): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - utcOffsetMinutes(utcMidnight, timeZone) * 60_000);
}

/** The moment a local date and time at the institute (YYYY-MM-DDTHH:MM[:SS], as a date-and-time input gives it) is. */
export function fromInstituteTime(local: string, timeZone = institute.timeZone): Date {
  const date = local.slice(0, 10);
  const [hours = 0, minutes = 0, seconds = 0] = local.slice(11).split(':').map(Number);
  return new Date(startOfLocalDay(date, timeZone).getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000);
}

/** What staff call the institute's time zone. */
export const INSTITUTE_TIME = 'India time';

/** A moment as the institute's staff read it: "25 Nov 2026, 9:00 am (India time)". */
export const formatInstituteTime = (iso: string, timeZone = institute.timeZone): string =>
  `${new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))} (${INSTITUTE_TIME})`;
