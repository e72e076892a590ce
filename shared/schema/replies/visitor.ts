/**
 * What the public API answers a visitor: an enquiry stored, a seat booked or refused, the
 * sessions with seats, the registrant's own booking, and each field's problem in their language.
 */
import { z } from 'zod';
import { errorReply, storedText } from './common';

export const enquiryCreatedReply = z.object({
  id: storedText(),
  /** false: a repeat of an enquiry already stored (same idempotency key). */
  created: z.boolean(),
});

/** POST /api/registrations: a seat booked (201), or the one this student already has (200). */
export const registrationReply = z.object({
  outcome: z.enum(['booked', 'already']),
  id: storedText(),
  /** The enquiry stored with it: the event id of Meta's CompleteRegistration, from the server and the page alike. */
  enquiryId: storedText(),
  rollNumber: storedText(),
  sessionId: storedText(),
  /** What to tell the registrant, in their language. */
  message: storedText(),
  /**
   * The registrant's link (GET /api/registrations/:token …): given when the seat is booked, and
   * to a repeat from the same form (its idempotency key) only.
   */
  token: storedText().optional(),
  /** The number's proof (POST /api/phone-codes/:id/check), to book a sibling without another code for a while. */
  numberProof: storedText().optional(),
  /** True when the admit card is on its way by email (an address was given, and this server sends email). */
  emailed: z.boolean().optional(),
});

/** GET /api/event-sessions: the sessions not yet over, each with the seats still open. */
export const eventSessionsReply = z.object({
  sessions: z.array(
    z.object({
      id: storedText(),
      type: storedText(),
      date: storedText(),
      reportBy: storedText(),
      starts: storedText(),
      ends: storedText(),
      online: z.boolean(),
      classes: z.array(storedText()),
      courses: z.array(storedText()),
      /** Taking registrations today (India time). */
      open: z.boolean(),
      seatsLeft: z.number(),
    }),
  ),
});

/** GET /api/registrations/:token: the booking, in the registrant's language. */
export const registrationDetailsReply = z.object({
  rollNumber: storedText(),
  eventType: storedText(),
  eventName: storedText(),
  language: storedText(),
  studentName: storedText(),
  cancelled: z.boolean(),
  session: z.object({
    id: storedText(),
    date: storedText(),
    reportBy: storedText(),
    starts: storedText(),
    ends: storedText(),
    online: z.boolean(),
  }),
  /** Other sessions of the event a reschedule may move to (taking registrations, with seats, for the student). */
  otherSessions: z.array(z.object({ id: storedText(), date: storedText(), starts: storedText(), online: z.boolean() })),
});

/** POST /api/registrations/:token/cancel and …/reschedule: done, in the registrant's language. */
export const registrationChangedReply = z.object({ message: storedText(), sessionId: storedText() });

/** POST /api/registrations, 409: the session filled; `next` is the next session with seats for this student, if any. */
export const registrationFullReply = z.object({
  error: storedText(),
  /** The next session with seats for the student, at the centre or `online` (the form chooses it only when of the kind chosen). */
  next: z.object({ id: storedText(), date: storedText(), online: z.boolean() }).nullable(),
  /** The number's proof, to book the next session (or a sibling) without another code for a while. */
  numberProof: storedText().optional(),
});

/**
 * POST /api/registrations refused: a field to correct (`fields`), or the number not yet proved
 * (`verification`: `needed`, no proof or code sent; `wrong`, the code typed is not it, with the
 * tries left; `gone`, the code expired or was used up: ask for a new one).
 */
export const registrationRefusedReply = errorReply.extend({
  fields: z.record(storedText(), storedText()).optional(),
  verification: z.enum(['needed', 'wrong', 'gone']).optional(),
  triesLeft: z.number().optional(),
});

/** PATCH /api/enquiries/:id. */
export const enquiryDetailsReply = z.object({ id: storedText(), updated: z.literal(true) });

/** The enquiry endpoints' 400: each field's problem in the visitor's language (none when the body is not an object). */
export const fieldErrorsReply = errorReply.extend({ fields: z.record(storedText(), storedText()).optional() });
