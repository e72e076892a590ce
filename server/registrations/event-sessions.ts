/**
 * The sessions of the scholarship test and the demo class as the live content gives them
 * (institute.eventSessions; the starting content's before any version is published). Read when
 * asked, parsed again only when another version has gone live, like the courses' facts
 * (course-fees.ts).
 */
import { z } from 'zod';
import { type EventSession, eventSessionsSchema, takesRegistrations } from '../../shared/schema/events';
import { addDays, fromInstituteTime, localDate } from '../../shared/institute-calendar';
import { describeSession, serverWords, startingEventSessions } from '../../src/content/server-words';
import type { Language } from '../../shared/languages';
import { fill, formatPhone } from '../../shared/format';
import { institute } from '../../shared/institute';
import type { ContentRepository } from '../db/content-repository';
import { liveContentPart } from '../content/live-content';

/** The sessions in a document. */
const sessionsOfDocument = z
  .object({ institute: z.object({ eventSessions: eventSessionsSchema }) })
  .transform((document) => document.institute.eventSessions);

export function createEventSessions(
  content: Pick<ContentRepository, 'latestId' | 'latest'>,
  starting: readonly EventSession[] = startingEventSessions,
) {
  return liveContentPart<readonly EventSession[]>(content, sessionsOfDocument, starting);
}

export type EventSessions = ReturnType<typeof createEventSessions>;

type Student = { classLevel?: string; course: string };

/**
 * The other sessions of the same event as `session` a family may move to or be offered: still
 * taking registrations, with a seat (by `taken`), for this student's class and course; by date.
 */
export function otherSessionsWithSeats(
  sessions: readonly EventSession[],
  session: EventSession,
  taken: ReadonlyMap<string, number>,
  student: Student,
  now = new Date(),
): EventSession[] {
  const today = localDate(now);
  return sessions
    .filter(
      (other) =>
        other.id !== session.id &&
        other.type === session.type &&
        takesRegistrations(other, today) &&
        (taken.get(other.id) ?? 0) < other.capacity &&
        isFor(other, student),
    )
    .sort((a, b) => (a.date + a.starts < b.date + b.starts ? -1 : 1));
}

/** The first of them: what a family told "full" is offered. */
export const nextWithSeats = (...args: Parameters<typeof otherSessionsWithSeats>): EventSession | undefined =>
  otherSessionsWithSeats(...args)[0];

/** Whether a session is for this student's class (when given) and course. */
export const isFor = (session: EventSession, student: Student) =>
  (student.classLevel === undefined || (session.classes as readonly string[]).includes(student.classLevel)) &&
  (session.courses as readonly string[]).includes(student.course);

/** A session named in full in a sentence, in a language: "online, Sunday, 20 December 2026, 11:00 am to 12:30 pm". */
export const sessionInFull = (session: EventSession, language: Language) =>
  describeSession(session, language, serverWords[language].events, serverWords[language].address).inFull;

/**
 * The 409 a family is given when the session they chose (`chosen`) is full: the next session
 * with seats for the student (`next`), named in full (online or at the centre), and said to be
 * chosen for them only when it is of the same kind; or none and the institute's number, in
 * their language.
 */
export const fullAnswer = (language: Language, next: EventSession | undefined, chosen: EventSession) => {
  const words = serverWords[language].events;
  if (!next) return { error: fill(words.answers.fullNoNext, { phone: formatPhone(institute.phone) }), next: null };
  const sameKind = next.online === chosen.online;
  return {
    error: fill(sameKind ? words.booking.fullSameKind : words.booking.fullOtherKind, {
      session: sessionInFull(next, language),
    }),
    next: { id: next.id, date: next.date, online: next.online },
  };
};

/** When a session begins (its start time, India). */
export const sessionStartsAt = (session: EventSession): Date => fromInstituteTime(`${session.date}T${session.starts}`);

/** The reminder's time of day, India time, on the day before the session. */
export const REMINDER_TIME = '10:00';

/**
 * When the registrant's reminder is due: 10:00 India time the day before the session; at once
 * (`now`) when that has passed but the session has not begun; none once it has begun.
 */
export function reminderDueAt(session: EventSession, now: Date): Date | undefined {
  if (now >= sessionStartsAt(session)) return undefined;
  const due = fromInstituteTime(`${addDays(session.date, -1)}T${REMINDER_TIME}`);
  return due > now ? due : now;
}
