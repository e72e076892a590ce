/**
 * The enquiry, described once. Each field says what it takes (`takes`: enquiry.ts
 * builds the zod check the form and the server share from it), when the form asks for
 * it, and where it goes once stored: its column, its CSV header (the exports), its key
 * in the webhook, and its label for staff (in English: its line in the staff email and
 * on the desk's enquiry page). `null`: not there. In the order the export, the webhook,
 * the email and the desk list them.
 *
 * The insert, the table's type (server/db/schema.ts), the desk's reply
 * (shared/schema/replies/enquiries.ts), the export, the webhook, the email and the field table
 * of docs/api.md all follow from this list. A field's words (label, help) are in
 * src/content/<language>/form.ts under its name; its column comes with a migration
 * (server/db/migrations/); the form's layout places it. Nothing here loads zod, so the
 * desk's pages read it too.
 */
import { courseSlugs } from '../courses';
import { languages } from '../languages';

export const classLevels = ['8', '9', '10', '11', '12', '12-pass'] as const;
export type ClassLevel = (typeof classLevels)[number];

export const enquirers = ['parent', 'student'] as const;
export type Enquirer = (typeof enquirers)[number];

/**
 * What a field takes. Text is cleaned and trimmed (text.ts) and, when not required, left out
 * when empty. `mobile`: an Indian mobile number, stored as +91XXXXXXXXXX. `choice`: one of
 * `options`; `otherwise` is taken when it is not given. `checkbox`: yes or no (true, or what a
 * checked box posts). `agreement`: a box that must be ticked. `date`: YYYY-MM-DD. `uuid`.
 * A text that is a person's `name` holds no web address or email (`invalid`): the institute's
 * emails, admit cards and messages print it to a family.
 */
export type Takes =
  | { is: 'text'; max: number; required?: true; multiline?: true; name?: true }
  | { is: 'mobile'; required?: true }
  | { is: 'email'; max: number }
  | { is: 'choice'; options: readonly [string, ...string[]]; required?: true; otherwise?: string }
  | { is: 'checkbox' }
  | { is: 'agreement' }
  | { is: 'date' }
  | { is: 'uuid' };

export type FieldDescription = {
  takes: Takes;
  /**
   * `details`: asked on the thank-you step, once the call-back is requested (the browser that sent
   * the enquiry may add it within the hour: PATCH /api/enquiries/:id). Otherwise with the enquiry.
   */
  asked?: 'details';
  /** The stored column. */
  column: string;
  /** Stored as '' rather than null when not given (its column predates its being optional). */
  blank?: '';
  csv: string | null;
  webhook: string | null;
  /** What staff read it as (in English): its line in the staff email and on the desk's enquiry page. */
  label: string;
  /** Not a line of the staff email. */
  email?: false;
  /** Kept on the server: never exported, sent, emailed or shown on the desk. */
  serverOnly?: true;
  /** What else an integration needs to know (the API reference, docs/api.md). */
  about?: string;
};

export const enquiryDescription = {
  enquirer: {
    takes: { is: 'choice', options: enquirers, otherwise: 'parent' },
    about: 'who fills in the form',
    column: 'enquirer',
    csv: 'enquirer',
    webhook: 'enquirer',
    label: 'Enquiry by',
  },
  studentName: {
    takes: { is: 'text', max: 100, required: true, name: true },
    column: 'student_name',
    csv: 'student_name',
    webhook: 'studentName',
    label: 'Student',
  },
  phone: { takes: { is: 'mobile', required: true }, column: 'phone', csv: 'phone', webhook: 'phone', label: 'Phone' },
  studentUnder18: {
    takes: { is: 'checkbox' },
    about:
      'a student enquiring for themselves says whether they are under 18; then `parentName` and `parentPhone` are required (the consent must be a parent’s)',
    column: 'student_under_18',
    csv: 'student_under_18',
    webhook: 'studentUnder18',
    label: 'Student is under 18',
  },
  parentName: {
    takes: { is: 'text', max: 100, name: true },
    about: 'required for a student under 18, and taken only then',
    column: 'parent_name',
    csv: 'parent_name',
    webhook: 'parentName',
    label: 'Parent or guardian',
  },
  parentPhone: {
    takes: { is: 'mobile' },
    about: 'required for a student under 18, and taken only then',
    column: 'parent_phone',
    csv: 'parent_phone',
    webhook: 'parentPhone',
    label: 'Parent’s phone',
  },
  language: {
    takes: { is: 'choice', options: languages, otherwise: 'en' },
    about:
      'the language of the page it was sent from; the counsellor calls back in it, and the answer’s messages are in it',
    column: 'language',
    csv: 'language',
    webhook: 'language',
    label: 'Prefers',
  },
  email: {
    takes: { is: 'email', max: 254 },
    asked: 'details',
    column: 'email',
    csv: 'email',
    webhook: 'email',
    label: 'Email',
  },
  classLevel: {
    takes: { is: 'choice', options: classLevels },
    asked: 'details',
    column: 'class_level',
    blank: '',
    csv: 'class',
    webhook: 'classLevel',
    label: 'Class / status',
  },
  course: {
    takes: { is: 'choice', options: courseSlugs, required: true },
    column: 'course',
    csv: 'course',
    webhook: 'course',
    label: 'Course',
  },
  city: {
    takes: { is: 'text', max: 80 },
    asked: 'details',
    column: 'city',
    blank: '',
    csv: 'city',
    webhook: 'city',
    label: 'City',
  },
  mode: { takes: { is: 'text', max: 40 }, column: 'mode', csv: 'mode', webhook: 'mode', label: 'Mode' },
  centre: { takes: { is: 'text', max: 80 }, column: 'centre', csv: 'centre', webhook: 'centre', label: 'Centre' },
  message: {
    takes: { is: 'text', max: 1000, multiline: true },
    asked: 'details',
    column: 'message',
    csv: 'message',
    webhook: 'message',
    label: 'Message',
  },
  consent: {
    takes: { is: 'agreement' },
    about: 'agreement to be contacted (call, SMS, WhatsApp)',
    column: 'consent',
    csv: 'consent',
    webhook: 'consent',
    label: 'Consent to be contacted',
  },
  noticeVersion: {
    takes: { is: 'date' },
    about: 'the version of the privacy notice the form showed (src/content/institute.ts)',
    column: 'consent_notice_version',
    csv: 'consent_notice_version',
    webhook: 'consentNoticeVersion',
    label: 'Privacy notice version',
    email: false,
  },
  idempotencyKey: {
    takes: { is: 'uuid' },
    about: 'the form’s script sends one; the same key sent again returns the first enquiry',
    column: 'idempotency_key',
    csv: null,
    webhook: null,
    label: 'Idempotency key',
    serverOnly: true,
  },
} as const satisfies Record<string, FieldDescription>;

export type EnquiryFieldName = keyof typeof enquiryDescription;

/** Every field a person or an integration fills in, in the description's order: each has words in every language. */
export const enquiryFieldNames = Object.keys(enquiryDescription) as EnquiryFieldName[];

export type DetailFieldName = {
  [Name in EnquiryFieldName]: (typeof enquiryDescription)[Name] extends { asked: 'details' } ? Name : never;
}[EnquiryFieldName];
/** The fields the thank-you step asks for. */
export const detailFieldNames = enquiryFieldNames.filter(
  (name): name is DetailFieldName => 'asked' in enquiryDescription[name],
);

/** The longest mobile number taken as typed (spaces, dashes and +91 included). */
export const MOBILE_MAX_LENGTH = 20;

type Limited = {
  [Name in EnquiryFieldName]: (typeof enquiryDescription)[Name]['takes'] extends { max: number } | { is: 'mobile' }
    ? Name
    : never;
}[EnquiryFieldName];

/** Each text field's length limit, by name (for the form's maxLength). */
export const limits = Object.fromEntries(
  enquiryFieldNames.flatMap((name) => {
    const { takes }: FieldDescription = enquiryDescription[name];
    if (takes.is === 'mobile') return [[name, MOBILE_MAX_LENGTH]];
    return 'max' in takes ? [[name, takes.max]] : [];
  }),
) as Record<Limited, number>;

/** How a stored value reads: `flag` is stored as 1/0 (yes/no in the CSV, true/false in the webhook), `phone` as +91…. */
export type Shown = 'text' | 'phone' | 'flag';
export const shownAs = ({ takes }: FieldDescription): Shown =>
  takes.is === 'mobile' ? 'phone' : takes.is === 'checkbox' || takes.is === 'agreement' ? 'flag' : 'text';

/**
 * What a field's column holds: text, or a 1/0 flag; `null` when it may be empty. A field that is
 * required, has a value when not given (`otherwise`, `blank`) or must be agreed to is never null.
 */
export type StoredValue<D extends FieldDescription> =
  | (D['takes'] extends { is: 'checkbox' | 'agreement' } ? number : string)
  | (D extends { blank: '' }
      ? never
      : D['takes'] extends { required: true } | { otherwise: string } | { is: 'agreement' }
        ? never
        : null);

/** The enquiry's columns, as stored. */
export type EnquiryFieldColumns = {
  [Name in EnquiryFieldName as (typeof enquiryDescription)[Name]['column']]: StoredValue<
    (typeof enquiryDescription)[Name]
  >;
};

/** Whether a field's column may hold null (StoredValue, as a value). */
export const mayBeNull = ({ takes, blank }: FieldDescription): boolean =>
  blank === undefined && !('required' in takes) && !('otherwise' in takes) && takes.is !== 'agreement';

/** A checked enquiry's fields, each in its column as its description says (the insert). */
export function storedColumns(enquiry: Partial<Record<EnquiryFieldName, unknown>>): EnquiryFieldColumns {
  return Object.fromEntries(
    enquiryFieldNames.map((name) => {
      const field: FieldDescription = enquiryDescription[name];
      return [field.column, storedValue(field, enquiry[name])];
    }),
  ) as EnquiryFieldColumns;
}

/** A checked field's value as its column stores it. */
export function storedValue(field: FieldDescription, value: unknown): string | number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined || value === null || value === '') return field.blank ?? null;
  return String(value);
}

type ServerOnly = {
  [Name in EnquiryFieldName]: (typeof enquiryDescription)[Name] extends { serverOnly: true } ? Name : never;
}[EnquiryFieldName];
/** The described fields the desk's pages may read: all but the server's own. */
export type DeskFieldName = Exclude<EnquiryFieldName, ServerOnly>;
export const deskFieldNames = enquiryFieldNames.filter(
  (name): name is DeskFieldName => !('serverOnly' in enquiryDescription[name]),
);
