/**
 * The scholarship test and the demo class at the desk: sessions with their counts, registrations, a family's seats.
 */
import { z } from 'zod';
import { eventTypes } from '../events';
import type { Endpoints } from '../endpoint';
import { doorWalkInSchema, registrationChangeSchema, rollNumberSchema } from '../desk';
import { errorReply, fieldErrorReply, idParams, maybeText, storedText } from './common';

/** The scholarship test's band table as the live content gives it (institute.scholarship, shared/scholarship.ts). */
const scholarshipTable = z.object({
  maxMarks: z.number(),
  bands: z.array(z.object({ from: z.number(), percent: z.number() })),
});

/** A session of the scholarship test or the demo class as the desk lists it, with its counts (GET /api/staff/events). */
export const deskEventSession = z.object({
  id: storedText(),
  type: z.enum(eventTypes),
  /** The event's name, in English (the desk's language). */
  name: storedText(),
  date: storedText(),
  reportBy: storedText(),
  starts: storedText(),
  ends: storedText(),
  online: z.boolean(),
  capacity: z.number(),
  /** False for a session an editor has since taken out of the content (its registrations stay). */
  inContent: z.boolean(),
  /** Its day has ended (India time). */
  over: z.boolean(),
  /** Seats standing, of them marked present, cancelled, and standing ones with no email (reminded by phone). */
  booked: z.number(),
  present: z.number(),
  cancelled: z.number(),
  noEmail: z.number(),
});

export const deskEventsReply = z.object({ sessions: z.array(deskEventSession) });

/** A registration as the desk shows it: the booking, who it is for, and how to reach them. */
export const deskRegistration = z.object({
  id: storedText(),
  enquiry_id: storedText(),
  event_type: storedText(),
  session_id: storedText(),
  roll_number: storedText(),
  language: storedText(),
  created_at: storedText(),
  cancelled_at: maybeText(),
  attended_at: maybeText(),
  score: z.number().nullable(),
  scholarship_percent: z.number().nullable(),
  student_name: storedText(),
  class_level: maybeText(),
  course: storedText(),
  phone: storedText(),
  email: maybeText(),
  parent_name: maybeText(),
  parent_phone: maybeText(),
  student_under_18: z.number().nullable(),
  /** A WhatsApp link with the reminder in their language, to the number to call first: for a standing booking without email, before the day is over. */
  reminder: maybeText(),
});

/** GET /api/staff/events/:id: the session, its registrations, and the band table a score is worked out by. */
export const deskEventSessionReply = z.object({
  session: deskEventSession,
  registrations: z.array(deskRegistration),
  scholarship: scholarshipTable,
});

/** POST /api/staff/events/:id/attendance and PATCH /api/staff/registrations/:id: the registration as stored now. */
export const registrationWorkReply = z.object({
  registration: deskRegistration,
  /** Attendance: they had been marked present already (at `attended_at`). */
  already: z.boolean().optional(),
});

/** GET /api/staff/enquiries/:id/registrations: the family's seats, each with its session's name and day. */
export const familyRegistrationsReply = z.object({
  registrations: z.array(
    deskRegistration.extend({
      session: deskEventSession.pick({ name: true, date: true, starts: true, ends: true }).nullable(),
    }),
  ),
});

/** What the desk reads of them. */
export type DeskEventsReply = z.output<typeof deskEventsReply>;
export type DeskEventSession = DeskEventsReply['sessions'][number];
export type DeskEventSessionReply = z.output<typeof deskEventSessionReply>;
export type DeskRegistration = DeskEventSessionReply['registrations'][number];
export type RegistrationWorkReply = z.output<typeof registrationWorkReply>;
export type FamilyRegistrationsReply = z.output<typeof familyRegistrationsReply>;

/** The events' endpoints at the desk (server/routes/desk/events.ts). */
export const eventEndpoints = {
  'GET /events': { access: 'enquiries', response: { 200: deskEventsReply, '4xx': errorReply } },
  'GET /events/:id': {
    access: 'enquiries',
    params: idParams,
    response: { 200: deskEventSessionReply, '4xx': errorReply },
  },
  'POST /events/:id/attendance': {
    access: 'enquiries',
    params: idParams,
    body: rollNumberSchema,
    response: { 200: registrationWorkReply, '4xx': errorReply },
  },
  'POST /events/:id/walk-in': {
    access: 'enquiries',
    params: idParams,
    body: doorWalkInSchema,
    response: { 201: registrationWorkReply, '4xx': errorReply },
  },
  'PATCH /registrations/:id': {
    access: 'enquiries',
    params: idParams,
    body: registrationChangeSchema,
    response: { 200: registrationWorkReply, '4xx': fieldErrorReply },
  },
  /** The family's seats (its record's panel). */
  'GET /enquiries/:id/registrations': {
    access: 'enquiries',
    params: idParams,
    response: { 200: familyRegistrationsReply, '4xx': errorReply },
  },
  /** The session's list as a spreadsheet (a CSV download). */
  'GET /events/:id/export': { access: 'admin', params: idParams, response: { '4xx': errorReply } },
} as const satisfies Endpoints;
