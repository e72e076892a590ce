/**
 * The scholarship test's and the demo class's words and sessions in a version of the content.
 * A version published before events existed has neither: its pages then show the starting
 * content's (as the server's answers do, server/event-sessions.ts), until an editor publishes
 * a version with their own. Read at build time and by the server, never in the browser.
 */
import { fill, formatClock, formatDay } from '../../shared/format';
import type { Language } from '../../shared/languages';
import type { EventSession } from '../../shared/schema/events';
import { copy as startingCopy } from './copy';
import { institute as startingInstitute } from './institute';
import type { Copy, EventsCopy, Institute } from './schema';

export function eventsWords(words: Copy, language: Language): EventsCopy {
  const events = words.events ?? startingCopy[language].events;
  if (!events) throw new Error(`The starting content has no words for events (src/content/${language}/events.ts).`);
  return events;
}

export const eventSessionsOf = (institute: Institute): readonly EventSession[] =>
  institute.eventSessions ?? startingInstitute.eventSessions ?? [];

/**
 * A session as a family reads it, in one language: its day, time, when to arrive and where
 * (the events' pages, the registrant's page, the admit card and the reminder).
 */
export function describeSession(
  session: EventSession,
  language: Language,
  ui: EventsCopy['ui'],
  /** The centre's address on one line, in the same language. */
  address: string,
) {
  return {
    day: formatDay(session.date, language),
    time: fill(ui.time, { starts: formatClock(session.starts, language), ends: formatClock(session.ends, language) }),
    reportBy: fill(ui.reportBy, { time: formatClock(session.reportBy, language) }),
    /** The time alone, beside the words "Arrive by". */
    arriveAt: formatClock(session.reportBy, language),
    venue: session.online ? ui.online : `${ui.atCentre}: ${address}`,
  };
}
