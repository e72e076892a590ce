/**
 * The enquiry, described once: each field's check (the zod schema, shared by the
 * form and the server, so the two never disagree), its stored column, its CSV
 * header, its webhook key and its line in the staff email. Its words (label, help,
 * messages) are in src/content/<language>/form.ts under the same name.
 *
 * The schema reports problems as codes (`required`, `invalid`, `tooLong`), not
 * sentences; `enquiryMessage` (enquiry-messages.ts) turns a code into the words of
 * the visitor's language, the same with JavaScript and without.
 */
import { z } from 'zod';
import { courseSlugs } from '../paths';
import { languages } from '../languages';
import { text } from './text';

// Zod compiles object checks with `new Function` where it may. The pages' Content-Security-Policy
// forbids eval, and even zod's probe for it makes Chromium report a violation: never try.
z.config({ jitless: true });

export const classLevels = ['8', '9', '10', '11', '12', '12-pass'] as const;
export type ClassLevel = (typeof classLevels)[number];

export const enquirers = ['parent', 'student'] as const;
export type Enquirer = (typeof enquirers)[number];

export const limits = {
  studentName: 100,
  phone: 20,
  email: 254,
  city: 80,
  message: 1000,
  mode: 40,
  centre: 80,
} as const;

/** What can be wrong with a field; enquiry-messages.ts has the words. */
export type ProblemCode = 'required' | 'invalid' | 'tooLong';

/** 10 digits starting 6–9, with an optional +91 / 91 / 0 in front; spaces, dots and dashes ignored. */
const INDIAN_MOBILE = /^(?:\+?91|0)?([6-9]\d{9})$/;

/** "+91 98765-43210" → "+919876543210"; undefined when it is not an Indian mobile number. */
export function normaliseIndianMobile(input: string): string | undefined {
  const digits = input.replace(/[\s().-]/g, '');
  const match = INDIAN_MOBILE.exec(digits);
  return match ? `+91${match[1]}` : undefined;
}

/** Empty (once cleaned and trimmed): not given. */
const optionalText = (max: number, multiline = false) =>
  text('invalid', { multiline })
    .max(max, 'tooLong')
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const missingAsEmpty = (value: unknown) => (value === undefined || value === null ? '' : value);

/** Nothing left once cleaned and trimmed: `required`, like a field left empty. */
const requiredText = (max: number) =>
  z.preprocess(missingAsEmpty, text('invalid').min(1, 'required').max(max, 'tooLong'));

/** An Indian mobile number as typed, normalised to +91XXXXXXXXXX. */
const indianMobile = text('invalid')
  .max(limits.phone, 'invalid')
  .transform((value, ctx) => {
    const phone = normaliseIndianMobile(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return phone;
  });

/** `true` from JSON, or what a checked checkbox posts in an HTML form. */
const checked = (value: unknown) => value === true || value === 'true' || value === 'on' || value === '1';

/** A choice that is missing is `required`; one that is not on the list is `invalid`. */
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(options, {
      error: (issue) => (issue.input === undefined ? 'required' : 'invalid'),
    }),
  );

/** A choice that may be left out (missing or empty: undefined); one that is not on the list is `invalid`. */
const optionalChoice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(options, 'invalid').optional());

/** The fields, each checked on its own (the form runs single fields through these). */
export const enquiryFields = z.object({
  /** Who is filling in the form; integrations that do not say are taken as the parent. */
  enquirer: z.preprocess(
    (value) => (value === '' || value === undefined ? 'parent' : value),
    z.enum(enquirers, 'invalid'),
  ),
  /** A student enquiring for themselves who is under 18: the consent must be a parent's. */
  studentUnder18: z.preprocess(checked, z.boolean()).optional(),
  studentName: requiredText(limits.studentName),
  phone: z.preprocess(missingAsEmpty, text('invalid').min(1, 'required')).pipe(indianMobile),
  email: text('invalid')
    .max(limits.email, 'tooLong')
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email('invalid').optional()),
  /** Asked only among the optional details after the call-back is requested (PATCH /api/enquiries/:id). */
  classLevel: optionalChoice(classLevels),
  course: choice(courseSlugs),
  parentName: optionalText(limits.studentName),
  parentPhone: text('invalid')
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(indianMobile.optional()),
  /** Optional, like the class: asked after the call-back is requested. */
  city: optionalText(limits.city),
  message: optionalText(limits.message, true),
  mode: optionalText(limits.mode),
  centre: optionalText(limits.centre),
  consent: z.preprocess(checked, z.literal(true, 'required')),
  /** The language of the page the enquiry was sent from: the counsellor calls back in it. */
  language: z.preprocess((value) => (value === '' || value === undefined ? 'en' : value), z.enum(languages, 'invalid')),
  /** The privacy notice version the form showed (src/content/institute.ts). */
  noticeVersion: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
    .optional(),
  idempotencyKey: text('invalid')
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.uuid('invalid').optional()),
  /** Honeypot: hidden from people; a bot that fills it in is answered as if accepted. */
  website: text().max(500).optional(),
});

export type EnquiryFieldName = Exclude<keyof typeof enquiryFields.shape, 'website'>;

/** Every field a person or an integration fills in (the honeypot excepted): each has words in every language. */
export const enquiryFieldNames = Object.keys(enquiryFields.shape).filter(
  (name): name is EnquiryFieldName => name !== 'website',
);

/** Whether an enquiry needs a parent's details (and consent). */
export const needsParent = (enquiry: { enquirer?: string; studentUnder18?: boolean }) =>
  enquiry.enquirer === 'student' && enquiry.studentUnder18 === true;

/**
 * A parent's details are asked for (shown) only for a student under 18: anything else in them,
 * left over from a visitor who changed their answer, was not asked for, so it is neither
 * checked nor stored. No enquiry is refused for a field the visitor no longer sees.
 */
const withoutUnaskedParent = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const raw = value as { enquirer?: unknown; studentUnder18?: unknown };
  if (raw.enquirer === 'student' && checked(raw.studentUnder18)) return value;
  const rest: Record<string, unknown> = { ...value };
  delete rest.parentName;
  delete rest.parentPhone;
  return rest;
};

/** The fields, plus the rule between them: a student under 18 gives a parent's name and number. */
export const enquirySchema = z.preprocess(
  withoutUnaskedParent,
  enquiryFields.superRefine((enquiry, ctx) => {
    if (needsParent(enquiry)) {
      if (!enquiry.parentName) ctx.addIssue({ code: 'custom', path: ['parentName'], message: 'required' });
      if (!enquiry.parentPhone) ctx.addIssue({ code: 'custom', path: ['parentPhone'], message: 'required' });
    }
  }),
);

/**
 * The optional details a visitor may add once the call-back is requested (the thank-you
 * step of the form): PATCH /api/enquiries/:id, proved by the enquiry's own idempotency key,
 * which only the browser that sent it knows. Nothing else of the enquiry can change.
 */
export const enquiryDetailsSchema = enquiryFields
  .pick({ email: true, classLevel: true, city: true, message: true, language: true })
  .extend({ idempotencyKey: z.uuid('invalid') });
export type EnquiryDetails = z.output<typeof enquiryDetailsSchema>;
/** The fields the thank-you step asks for, in its order. */
export const detailFieldNames = ['classLevel', 'city', 'email', 'message'] as const;

/** What the form sends (before normalisation). */
export type EnquiryInput = z.input<typeof enquiryFields>;
/** What the server stores (phone normalised to +91…, empty optionals dropped). */
export type Enquiry = z.output<typeof enquirySchema>;

/** One problem per field, as codes. */
export type FieldProblems = Partial<Record<EnquiryFieldName, ProblemCode>>;

const isCode = (message: string): message is ProblemCode =>
  message === 'required' || message === 'invalid' || message === 'tooLong';

export function fieldProblems(error: z.ZodError): FieldProblems {
  const fields: FieldProblems = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in enquiryFields.shape && field !== 'website' && !(field in fields)) {
      fields[field as EnquiryFieldName] = isCode(issue.message) ? issue.message : 'invalid';
    }
  }
  return fields;
}

// Where each field goes once stored: shared/schema/enquiry-storage.ts (without zod, for the desk's pages).
