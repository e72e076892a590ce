/**
 * A session of the scholarship test or the demo class as a family reads it, in one language. A
 * version stored before events existed, or before some of their words, gains them by an upgrade
 * (src/content/upgrades/001) wherever it is read. Read at build time and by the server, never in
 * the browser.
 */
import { fill, formatClock, formatDay, formatShortDay } from '../../shared/format';
import type { Language } from '../../shared/languages';
import type { EventSession } from '../../shared/schema/events';
import type { EventsCopy } from './schema';

/** The events' words (a stored version from before any of them gains them by an upgrade: src/content/upgrades/). */
export type EventsWords = EventsCopy;

/**
 * A session as a family reads it, in one language: its day, time, when to arrive (or join) and
 * where (the events' pages and form, the registrant's page, the admit card, the emails and the
 * reminder).
 */
export function describeSession(
  session: EventSession,
  language: Language,
  words: EventsWords,
  /** The centre's address on one line, in the same language. */
  address: string,
) {
  const { ui, booking } = words;
  const day = formatDay(session.date, language);
  const time = fill(ui.time, {
    starts: formatClock(session.starts, language),
    ends: formatClock(session.ends, language),
  });
  const arriveAt = formatClock(session.reportBy, language);
  const shortDay = formatShortDay(session.date, language);
  const starts = formatClock(session.starts, language);
  return {
    day,
    time,
    /** "Arrive by 9:30 am" at the centre; "Join by 10:50 am" online. */
    reportBy: fill(session.online ? booking.joinBy : ui.reportBy, { time: arriveAt }),
    /** The label beside `arriveAt`: "Arrive by" or "Join by". */
    reportByLabel: session.online ? booking.joinByLabel : words.registrant.reportBy,
    /** The time alone, beside the words "Arrive by" (or "Join by"). */
    arriveAt,
    venue: session.online ? ui.online : `${ui.atCentre}, ${address}`,
    /** In a sentence: "online, Sunday, 20 December 2026, 11:00 am to 12:30 pm". */
    inFull: fill(session.online ? booking.sessionOnline : booking.sessionAtCentre, { day, time }),
    /** In the form's list, short enough for a 360 px phone, the kind first. */
    option: fill(session.online ? booking.optionOnline : booking.optionAtCentre, { day: shortDay, starts }),
    /** What to bring (an online class needs no admit card at a door). */
    bring: session.online ? booking.bringOnline : words.types[session.type].bring,
  };
}
