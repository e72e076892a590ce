/**
 * The desk's enquiry replies: an enquiry as the desk reads it (every column but the idempotency
 * key and the pixel answer), its family, notes and trail, the inbox's rows, an enquiry taken at
 * the desk, and the messages to send the family.
 */
import { z } from 'zod';
import { attributionFields, type AttributionField } from '../attribution';
import { statusValues } from '../desk-vocabulary';
import {
  type DeskFieldName,
  deskFieldNames,
  enquiryDescription,
  type EnquiryFieldColumns,
  type FieldDescription,
  mayBeNull,
  shownAs,
} from '../enquiry-fields';
import {
  bulkAssignSchema,
  callSchema,
  enquiryChangeSchema,
  inboxQuerySchema,
  intakeSchema,
  mergeSchema,
  messageSentSchema,
  noteSchema,
  repeatDecisionSchema,
} from '../desk';
import type { Endpoints } from '../endpoint';
import { errorReply, idParams, maybeText, storedText } from './common';

type AttributionColumn = (typeof attributionFields)[AttributionField]['column'];

const attributionShape = Object.fromEntries(
  Object.values(attributionFields).map((field) => [field.column, maybeText()]),
) as Record<AttributionColumn, ReturnType<typeof maybeText>>;

/** A described field's column as the desk reads it (its type from the description: enquiry-fields.ts). */
const storedField = (field: FieldDescription) => {
  const value = shownAs(field) === 'flag' ? z.number() : storedText();
  return mayBeNull(field) ? value.nullable() : value;
};

type DeskFieldColumn = (typeof enquiryDescription)[DeskFieldName]['column'];

const deskFieldShape = Object.fromEntries(
  deskFieldNames.map((name) => [enquiryDescription[name].column, storedField(enquiryDescription[name])]),
) as Record<string, z.ZodType> as { [Column in DeskFieldColumn]: z.ZodType<EnquiryFieldColumns[Column]> };

/** One enquiry as the desk reads it: every column but the idempotency key and the pixel answer. */
export const deskEnquiry = z.object({
  id: storedText(),
  created_at: storedText(),
  ...deskFieldShape,
  consent_at: maybeText(),
  source: storedText(),
  status: z.enum(statusValues),
  status_reason: maybeText(),
  assignee_id: maybeText(),
  assignee_name: maybeText(),
  next_follow_up: maybeText(),
  first_contacted_at: maybeText(),
  version: z.number(),
  family_id: storedText(),
  superseded_at: maybeText(),
  lead_received_at: maybeText(),
  first_called_at: maybeText(),
  no_answers: z.number(),
  next_follow_up_at: maybeText(),
  /** When and how the number that speaks for the family was proved ('sms', 'whatsapp', 'log', 'call', 'desk'); null: not proved. */
  number_proved_at: maybeText(),
  number_proved_by: z.enum(['sms', 'whatsapp', 'log', 'call', 'desk']).nullable(),
  /** 'pending': kept beside the family's record, unproved, for a counsellor to confirm; 'kept-apart': kept so. */
  repeat_check: z.enum(['pending', 'kept-apart']).nullable(),
  /** Taken at the desk (a call, a walk-in): the member who asked for the family's consent; null: ticked on the site's form. */
  consent_taken_by: maybeText(),
  ...attributionShape,
});

export const deskNote = z.object({
  id: storedText(),
  body: storedText(),
  created_at: storedText(),
  author_name: maybeText(),
});

export const auditEntry = z.object({
  id: storedText(),
  at: storedText(),
  actor_id: maybeText(),
  actor_name: maybeText(),
  action: storedText(),
  enquiry_id: maybeText(),
  field: maybeText(),
  from_value: maybeText(),
  to_value: maybeText(),
});

/** An earlier (or, from an earlier one, a later) enquiry of the same family: when, about what, from where. */
export const familyEnquiry = deskEnquiry.pick({
  id: true,
  created_at: true,
  course: true,
  student_name: true,
  phone: true,
  superseded_at: true,
  repeat_check: true,
  number_proved_at: true,
  number_proved_by: true,
  ...(Object.fromEntries(Object.values(attributionFields).map(({ column }) => [column, true])) as Record<
    AttributionColumn,
    true
  >),
});

/** GET and PATCH /api/staff/enquiries/:id: the enquiry, its family's other enquiries (newest first), notes and trail of them all. */
export const enquiryDetailReply = z.object({
  enquiry: deskEnquiry,
  family: z.object({ enquiries: z.array(familyEnquiry), phones: z.array(storedText()) }),
  notes: z.array(deskNote),
  audit: z.array(auditEntry),
});

/** PATCH /api/staff/enquiries/:id and POST …/calls: the enquiry as stored now, and (a call) what happens next, in words. */
/** `repeated`: the same request had been stored already (sent again with its id), and nothing more was. */
export const changedReply = enquiryDetailReply.extend({
  why: storedText().optional(),
  repeated: z.literal(true).optional(),
});

/** POST /api/staff/enquiries/:id/merge and …/repeat: the family's record the enquiry is now in. */
export const recordReply = z.object({ record: storedText() });

/** POST /api/staff/enquiries/assign: the ones assigned, and the ones left as they were, with why. */
export const bulkAssignReply = z.object({
  assigned: z.array(storedText()),
  refused: z.array(z.object({ id: storedText(), reason: storedText() })),
});

/** A row of the inbox (inbox-repository's summaryColumns, with who it is assigned to). */
export const enquirySummary = deskEnquiry.pick({
  id: true,
  created_at: true,
  status: true,
  student_name: true,
  course: true,
  class_level: true,
  city: true,
  enquirer: true,
  language: true,
  phone: true,
  parent_name: true,
  parent_phone: true,
  student_under_18: true,
  assignee_id: true,
  assignee_name: true,
  next_follow_up: true,
  next_follow_up_at: true,
  version: true,
  utm_source: true,
  utm_medium: true,
  utm_campaign: true,
  fbclid: true,
  gclid: true,
  referrer_host: true,
});

export const inboxReply = z.object({
  items: z.array(enquirySummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** POST /api/enquiries, as JSON (a plain HTML form post is redirected: 303). */
/** POST /api/staff/enquiries: an enquiry taken at the desk (server/routes/desk/intake.ts). */
export const intakeReply = z.object({
  id: storedText(),
  /** Stored as the newest enquiry of a family that had asked before (its record now). */
  cameBack: z.boolean(),
  /** On a known family's number, not proved: beside its record until a counsellor confirms it. */
  heldApart: z.boolean(),
});

/** GET /api/staff/enquiries/:id/messages: each template filled in for the family, in its language, with its link. */
export const messagesReply = z.object({
  language: storedText(),
  /** The number the messages go to (a parent's for a student under 18). */
  phone: storedText(),
  messages: z.array(
    z.object({
      id: storedText(),
      name: storedText(),
      channel: z.enum(['whatsapp', 'sms']),
      text: storedText(),
      href: storedText(),
    }),
  ),
});

/** What the desk reads of them. */
export type EnquirySummary = z.output<typeof enquirySummary>;
export type EnquiryDetail = z.output<typeof enquiryDetailReply>;
export type InboxReply = z.output<typeof inboxReply>;
export type IntakeReply = z.output<typeof intakeReply>;
export type MessagesReply = z.output<typeof messagesReply>;
export type BulkAssignReply = z.output<typeof bulkAssignReply>;

/** A change to an enquiry refused because it moved on meanwhile: its version now, or the record it joined. */
const movedOn = errorReply.extend({ version: z.number().optional(), record: storedText().optional() });

/**
 * The enquiries' endpoints at the desk: the inbox, one enquiry and the work on it, its family, the
 * messages to send it, one taken by hand (server/routes/desk/enquiries.ts, messages.ts, intake.ts).
 */
export const enquiryEndpoints = {
  /** The inbox, by its filters. */
  'GET /enquiries': {
    access: 'enquiries',
    querystring: inboxQuerySchema,
    response: { 200: inboxReply, '4xx': errorReply },
  },
  'GET /enquiries/:id': {
    access: 'enquiries',
    params: idParams,
    response: { 200: enquiryDetailReply, '4xx': errorReply },
  },
  'PATCH /enquiries/:id': {
    access: 'enquiries',
    params: idParams,
    body: enquiryChangeSchema,
    response: { 200: changedReply, 409: movedOn, '4xx': errorReply },
  },
  'POST /enquiries/:id/merge': {
    access: 'enquiries',
    params: idParams,
    body: mergeSchema,
    response: { 200: recordReply, '4xx': errorReply },
  },
  'POST /enquiries/:id/repeat': {
    access: 'enquiries',
    params: idParams,
    body: repeatDecisionSchema,
    response: { 200: recordReply, '4xx': errorReply },
  },
  'POST /enquiries/:id/number-confirmed': {
    access: 'enquiries',
    params: idParams,
    response: { 204: z.null(), '4xx': errorReply },
  },
  'POST /enquiries/assign': {
    access: 'enquiries',
    body: bulkAssignSchema,
    response: { 200: bulkAssignReply, '4xx': errorReply },
  },
  'POST /enquiries/:id/calls': {
    access: 'enquiries',
    params: idParams,
    body: callSchema,
    response: { 200: changedReply, 409: movedOn, '4xx': errorReply },
  },
  'POST /enquiries/:id/calls/undo': {
    access: 'enquiries',
    params: idParams,
    response: { 200: changedReply, '4xx': errorReply },
  },
  'POST /enquiries/:id/notes': {
    access: 'enquiries',
    params: idParams,
    body: noteSchema,
    /** 201: added; 200: added already, by this same request sent before (its id). */
    response: {
      201: z.object({ note: deskNote.extend({ enquiry_id: storedText(), author_id: storedText() }) }),
      200: z.object({ note: deskNote.extend({ enquiry_id: storedText(), author_id: storedText() }) }),
      '4xx': errorReply,
    },
  },
  'GET /enquiries/:id/messages': {
    access: 'enquiries',
    params: idParams,
    response: { 200: messagesReply, '4xx': errorReply },
  },
  'POST /enquiries/:id/messages': {
    access: 'enquiries',
    params: idParams,
    body: messageSentSchema,
    /** 201: recorded; 200: recorded already, by this same request sent before (its id). */
    response: {
      201: z.object({ recorded: z.literal(true) }),
      200: z.object({ recorded: z.literal(true) }),
      '4xx': errorReply,
    },
  },
  /** An enquiry taken by phone or at the counter (refused, saying why, without the family's agreement). */
  'POST /enquiries': {
    access: 'enquiries',
    body: intakeSchema,
    response: { 201: intakeReply, '4xx': errorReply },
  },
} as const satisfies Endpoints;
