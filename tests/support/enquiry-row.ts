/**
 * An enquiries row for seeding the database directly (tests and benches that need many
 * enquiries without the API): what every stored enquiry has (consent, the notice version, sent
 * from the form with JavaScript, consent given when it was sent), nothing optional, and what
 * `fields` says. A new nullable column needs no change here or in the callers.
 */
import type { Insertable } from 'kysely';
import type { EnquiriesTable } from '../../server/db/schema';
import { attributionFields } from '../../shared/schema/attribution';

type Given =
  'id' | 'created_at' | 'student_name' | 'phone' | 'class_level' | 'course' | 'city' | 'enquirer' | 'language';

const noAttribution = Object.fromEntries(Object.values(attributionFields).map(({ column }) => [column, null]));

export const enquiryRow = (
  fields: Pick<Insertable<EnquiriesTable>, Given> & Partial<Insertable<EnquiriesTable>>,
): Insertable<EnquiriesTable> => ({
  email: null,
  message: null,
  mode: null,
  centre: null,
  consent: 1,
  idempotency_key: null,
  consent_notice_version: '2026-11-21',
  consent_at: fields.created_at,
  student_under_18: null,
  parent_name: null,
  parent_phone: null,
  source: 'json',
  tracking_consent: null,
  status_reason: null,
  assignee_id: null,
  next_follow_up: null,
  first_contacted_at: null,
  // Its own family, and its record (a family of several: give family_id and superseded_at).
  family_id: fields.id,
  superseded_at: null,
  ...noAttribution,
  ...fields,
});
