/**
 * The next call to a family, one day and time at the institute (issue 41): what a counsellor
 * picks when a parent says "call me back at six", as a date-and-time input gives it
 * ("2026-11-27T18:00", India time), and the quick choices offered beside the input so that the
 * common answers take one tap on a phone.
 */
import { institute } from './institute';
import { addDays, localDateTime } from './institute-calendar';

export type NextCallChoice = { label: string; at: string };

/** A moment as a date-and-time input shows it at the institute: "2026-11-27T18:00". */
export const localInput = (at: Date, timeZone = institute.timeZone) =>
  localDateTime(at.toISOString(), timeZone).replace(' ', 'T');

/**
 * "In 1 hour" (to the next five minutes), "6 pm today" (while there is an hour and a half to it),
 * "Tomorrow 10 am" and "Tomorrow 6 pm", from `now` at the institute.
 */
export function nextCallChoices(now: Date, timeZone = institute.timeZone): NextCallChoice[] {
  const inAnHour = new Date(Math.ceil((now.getTime() + 60 * 60_000) / (5 * 60_000)) * 5 * 60_000);
  const here = localInput(now, timeZone);
  const today = here.slice(0, 10);
  const tomorrow = addDays(today, 1);
  return [
    { label: 'In 1 hour', at: localInput(inAnHour, timeZone) },
    ...(here.slice(11) <= '16:30' ? [{ label: '6 pm today', at: `${today}T18:00` }] : []),
    { label: 'Tomorrow 10 am', at: `${tomorrow}T10:00` },
    { label: 'Tomorrow 6 pm', at: `${tomorrow}T18:00` },
  ];
}
