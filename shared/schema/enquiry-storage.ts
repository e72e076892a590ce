import type { EnquiryFieldName } from './enquiry';

/**
 * Part of the enquiry's description (shared/schema/enquiry.ts), kept
 * apart so that the desk's pages read it without loading zod. Where each field goes
 * once stored: its column, CSV header (the export), webhook key and staff email line
 * (in English, for the institute), in the order the export, the webhook and the email
 * list them. `kind` says how a value is shown: `flag` is
 * stored as 1/0 (yes/no in the CSV, true/false in the webhook). `null`: not there.
 * A field without a column is not stored.
 */
export const enquiryStorage = {
  enquirer: { column: 'enquirer', csv: 'enquirer', webhook: 'enquirer', email: 'Enquiry by', kind: 'text' },
  studentName: { column: 'student_name', csv: 'student_name', webhook: 'studentName', email: 'Student', kind: 'text' },
  phone: { column: 'phone', csv: 'phone', webhook: 'phone', email: 'Phone', kind: 'phone' },
  studentUnder18: {
    column: 'student_under_18',
    csv: 'student_under_18',
    webhook: 'studentUnder18',
    email: 'Student is under 18',
    kind: 'flag',
  },
  parentName: {
    column: 'parent_name',
    csv: 'parent_name',
    webhook: 'parentName',
    email: 'Parent or guardian',
    kind: 'text',
  },
  parentPhone: {
    column: 'parent_phone',
    csv: 'parent_phone',
    webhook: 'parentPhone',
    email: 'Parent’s phone',
    kind: 'phone',
  },
  language: { column: 'language', csv: 'language', webhook: 'language', email: 'Prefers', kind: 'text' },
  email: { column: 'email', csv: 'email', webhook: 'email', email: 'Email', kind: 'text' },
  classLevel: { column: 'class_level', csv: 'class', webhook: 'classLevel', email: 'Class / status', kind: 'text' },
  course: { column: 'course', csv: 'course', webhook: 'course', email: 'Course', kind: 'text' },
  city: { column: 'city', csv: 'city', webhook: 'city', email: 'City', kind: 'text' },
  mode: { column: 'mode', csv: 'mode', webhook: 'mode', email: 'Mode', kind: 'text' },
  centre: { column: 'centre', csv: 'centre', webhook: 'centre', email: 'Centre', kind: 'text' },
  message: { column: 'message', csv: 'message', webhook: 'message', email: 'Message', kind: 'text' },
  consent: { column: 'consent', csv: 'consent', webhook: 'consent', email: 'Consent to be contacted', kind: 'flag' },
  noticeVersion: {
    column: 'consent_notice_version',
    csv: 'consent_notice_version',
    webhook: 'consentNoticeVersion',
    email: null,
    kind: 'text',
  },
  idempotencyKey: { column: 'idempotency_key', csv: null, webhook: null, email: null, kind: 'text' },
} as const satisfies Record<
  EnquiryFieldName,
  { column: string; csv: string | null; webhook: string | null; email: string | null; kind: 'text' | 'phone' | 'flag' }
>;
