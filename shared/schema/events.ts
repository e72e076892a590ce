/**
 * Events a family books a seat at (issue 27): the scholarship test and the free
 * demo class. Their sessions are content facts (src/content/institute.ts `eventSessions`, edited
 * with the rest of the content); the seats taken are counted in the database
 * (server/db/registration-repository.ts), against the capacity the live content gives.
 */
import { z } from 'zod';
import { courseSlugs } from '../courses';
import { classLevels } from './enquiry-fields';
import { text } from './text';

export const eventTypes = ['scholarship-test', 'demo-class'] as const;
export type EventType = (typeof eventTypes)[number];

/** The start of every roll number of an event type: a counsellor at the door reads which event it is for. */
export const rollNumberPrefix: Record<EventType, string> = { 'scholarship-test': 'ST', 'demo-class': 'DC' };

const clock = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time such as 09:30 (24-hour, India time)');
const sessionId = text().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens');

/** The most seats a session may have: more than any room the institute has, less than a typo's 10,000. */
export const MAX_SESSION_CAPACITY = 2000;

export const eventSessionSchema = z
  .object({
    /** Stays the same once anyone has registered: registrations and seats are counted by it. */
    id: sessionId,
    type: z.enum(eventTypes),
    /** India dates and times. */
    date: z.iso.date(),
    reportBy: clock.describe('When to arrive (the admit card says it).'),
    starts: clock,
    ends: clock,
    /** At the institute's centre (its address is in the words), or online (a link is sent). */
    online: z.boolean(),
    /**
     * An online session's joining link (a Meet or Zoom address), given to its families the day
     * before: in the reminder email, the counsellors' WhatsApp reminder and the registrant's
     * page. Optional: sessions stored before it existed have none, and an editor may add it late.
     */
    joinLink: z
      .url({ protocol: /^https$/, error: 'a link starting with https://' })
      .max(500)
      .optional()
      .describe('The online class’s joining link (https://…), shown to families from the day before.'),
    capacity: z.number().int().min(1).max(MAX_SESSION_CAPACITY),
    classes: z.array(z.enum(classLevels)).min(1),
    courses: z.array(z.enum(courseSlugs)).min(1),
    /** Registration is open from `opens` to `closes`, both India dates, both included. */
    opens: z.iso.date(),
    closes: z.iso.date(),
  })
  .refine((session) => session.reportBy <= session.starts && session.starts < session.ends, {
    message: 'reportBy must not be after starts, and starts must be before ends',
  })
  .refine((session) => session.opens <= session.closes && session.closes <= session.date, {
    message: 'registration must open before it closes, and close on or before the day',
  });
export type EventSession = z.infer<typeof eventSessionSchema>;

export const eventSessionsSchema = z
  .array(eventSessionSchema)
  .max(60, 'Keep at most 60 sessions: remove the ones that are over.')
  .refine((sessions) => new Set(sessions.map((session) => session.id)).size === sessions.length, {
    message: 'two sessions have the same id',
  });

/** Whether a session's day has passed on an India date (`today`, YYYY-MM-DD): its seats and links are over. */
export const isOver = (session: EventSession, today: string) => session.date < today;

/** Whether a session takes registrations on an India date (`today`, YYYY-MM-DD). */
export const takesRegistrations = (session: EventSession, today: string) =>
  session.opens <= today && today <= session.closes;

/**
 * A roll number as typed or scanned at the door, as it is stored: capitals, no spaces, the
 * hyphen put back, Crockford's misreadings read right (O as 0; I and L as 1), and the event's
 * letters added when only the eight characters were typed. What cannot be one stays as typed
 * (the lookup then finds nothing and says so).
 */
export function normaliseRollNumber(typed: string, type: EventType): string {
  const compact = typed.toUpperCase().replace(/[\s-]+/g, '');
  const prefix = Object.values(rollNumberPrefix).find(
    (letters) => compact.startsWith(letters) && compact.length === 10,
  );
  const body = (prefix ? compact.slice(prefix.length) : compact).replace(/O/g, '0').replace(/[IL]/g, '1');
  if (body.length !== 8) return typed.trim().toUpperCase();
  return `${prefix ?? rollNumberPrefix[type]}-${body}`;
}
