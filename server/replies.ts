/**
 * What the API sends back, declared (the routes' `response` schemas, serialized by
 * fastify-type-provider-zod): a reply holds these fields and no others, whatever the
 * query selected. An enquiry's idempotency key and the visitor's answer to the pixel
 * stay on the server (the desk never needs them).
 */
import { z } from 'zod';
import { attributionFields, type AttributionField } from '../shared/schema/attribution';
import {
  type DeskFieldName,
  deskFieldNames,
  enquiryDescription,
  type EnquiryFieldColumns,
  type FieldDescription,
  mayBeNull,
  shownAs,
} from '../shared/schema/enquiry-fields';

/**
 * Text the server itself sends (stored values, already cleaned when they came in), or a path
 * parameter cleanPathAndQuery (bad-requests.ts) has cleaned: not cleaned or trimmed again.
 */
// eslint-disable-next-line no-restricted-syntax -- our own replies and already-cleaned parameters, not outside text
export const storedText = () => z.string();
const maybeText = () => storedText().nullable();

/** A path parameter naming a row (an enquiry, an account, a delivery). */
export const idParams = z.object({ id: storedText() });

/** Every error answer of the API. */
export const errorReply = z.object({ error: storedText() });

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
  status: storedText(),
  status_reason: maybeText(),
  assignee_id: maybeText(),
  assignee_name: maybeText(),
  next_follow_up: maybeText(),
  first_contacted_at: maybeText(),
  version: z.number(),
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

/** GET and PATCH /api/staff/enquiries/:id. */
export const enquiryDetailReply = z.object({
  enquiry: deskEnquiry,
  notes: z.array(deskNote),
  audit: z.array(auditEntry),
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
  assignee_id: true,
  assignee_name: true,
  next_follow_up: true,
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

/** A member of staff as anyone may see them (staff-repository's publicMember). */
export const staffMember = z.object({
  id: storedText(),
  email: storedText(),
  name: storedText(),
  role: z.enum(['counsellor', 'admin']),
  disabled_at: maybeText(),
  created_at: storedText(),
  /** Sent in the accounts list (an admin's page), not at sign-in. */
  updated_at: storedText().optional(),
});
