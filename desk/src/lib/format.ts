/** How the desk shows times, phones and labels. */
import { formatPhone, telHref, whatsappHref } from '../../../shared/format';
import type { Option } from '../../../shared/schema/replies/settings';

export { formatPhone, telHref, whatsappHref };

/** "just now", "25 min ago", "2 h ago", "3 days ago". */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
export const when = (iso: string) => dateTime.format(new Date(iso));

export const labelOf = (options: Option[] | undefined, value: string | null | undefined) =>
  (value && options?.find((option) => option.value === value)?.label) ?? value ?? '—';

/** "2 h 15 min" for a duration. */
export function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.round(hours / 24)} days`;
}

/** A calendar day (YYYY-MM-DD) as India reads it: "3 May", and with its weekday: "Sun, 3 May". */
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
export const dayWithWeekday = (day: string) => weekDay.format(new Date(`${day}T00:00:00Z`));
/** "Sun, 13 Dec 2026". */
export const dayWithYear = (day: string) => `${dayWithWeekday(day)} ${day.slice(0, 4)}`;
