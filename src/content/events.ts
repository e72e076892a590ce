/**
 * The scholarship test's and the demo class's words and sessions in a version of the content.
 * A version published before events existed has neither: its pages then show the starting
 * content's (as the server's answers do, server/event-sessions.ts), until an editor publishes
 * a version with their own. A version published before the booking's words (issue 36, `booking`)
 * reads the starting content's for those. Read at build time and by the server, never in the browser.
 */
import { fill, formatClock, formatDay, formatShortDay } from '../../shared/format';
import type { Language } from '../../shared/languages';
import type { EventSession } from '../../shared/schema/events';
import { copy as startingCopy } from './copy';
import { institute as startingInstitute } from './institute';
import type { Copy, EventsCopy, Institute } from './schema';

/** The events' words with every part a page reads (the booking's, verification's and find-my-booking's words filled in for an older version). */
export type EventsWords = EventsCopy & {
  booking: NonNullable<EventsCopy['booking']>;
  verification: Required<NonNullable<EventsCopy['verification']>>;
  findBooking: NonNullable<EventsCopy['findBooking']>;
};

export function eventsWords(words: Copy, language: Language): EventsWords {
  const starting = startingCopy[language].events;
  const events = words.events ?? starting;
  const booking = events?.booking ?? starting?.booking;
  // Words added later read the starting content's until an editor's version has them.
  const verification = starting?.verification && { ...starting.verification, ...events?.verification };
  const findBooking = events?.findBooking ?? starting?.findBooking;
  const whyEnquiry = verification?.whyEnquiry;
  const confirmEnquiry = verification?.confirmEnquiry;
  const neededEnquiry = verification?.neededEnquiry;
  const delayed = verification?.delayed;
  if (
    !events ||
    !booking ||
    !verification ||
    !findBooking ||
    !whyEnquiry ||
    !confirmEnquiry ||
    !neededEnquiry ||
    !delayed
  )
    throw new Error(`The starting content has no words for events (src/content/${language}/events.ts).`);
  return {
    ...events,
    booking,
    verification: { ...verification, whyEnquiry, confirmEnquiry, neededEnquiry, delayed },
    findBooking,
  };
}

export const eventSessionsOf = (institute: Institute): readonly EventSession[] =>
  institute.eventSessions ?? startingInstitute.eventSessions ?? [];

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
