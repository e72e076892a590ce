/**
 * The enquiry's checks, built from its description (enquiry-fields.ts): one zod schema the
 * form and the server share, so the two never disagree, and the rule between fields (a
 * student under 18 gives a parent's details).
 *
 * The schema reports problems as codes (`required`, `invalid`, `tooLong`), not
 * sentences; `enquiryMessage` (enquiry-messages.ts) turns a code into the words of
 * the visitor's language, the same with JavaScript and without.
 */
import { z } from 'zod';
import {
  enquiryDescription,
  type EnquiryFieldName,
  enquiryFieldNames,
  detailFieldNames,
  type DetailFieldName,
  MOBILE_MAX_LENGTH,
  type Takes,
} from './enquiry-fields';
import { text } from './text';

export {
  classLevels,
  type ClassLevel,
  detailFieldNames,
  type DetailFieldName,
  enquirers,
  type Enquirer,
  enquiryFieldNames,
  type EnquiryFieldName,
  limits,
} from './enquiry-fields';

// Zod compiles object checks with `new Function` where it may. The pages' Content-Security-Policy
// forbids eval, and even zod's probe for it makes Chromium report a violation: never try.
z.config({ jitless: true });

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

/**
 * A web address or an email written into a name (issue 38, M5): "Pay at evil.example/pay" as a
 * student's name would reach a family in the institute's own admit card, email or WhatsApp.
 */
const LINK_IN_NAME =
  /@|:\/\/|www\.|[\p{L}\p{N}-]\.[\p{L}\p{N}-]+\/|\.(?:com|in|net|org|info|io|co|xyz|me|app|link|ly|site|online|shop|top|biz|club|page|live)\b/iu;
export const holdsLink = (name: string) => LINK_IN_NAME.test(name);
const nameOnly = <T extends z.ZodType>(check: T) =>
  check.refine((value: unknown) => typeof value !== 'string' || !holdsLink(value), 'invalid');

/** An Indian mobile number as typed, normalised to +91XXXXXXXXXX. */
const indianMobile = text('invalid')
  .max(MOBILE_MAX_LENGTH, 'invalid')
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

/** A field's check, as zod types it: optional fields may be left out (undefined). */
type Check<T extends Takes> = T extends { is: 'checkbox' }
  ? z.ZodOptional<z.ZodType<boolean, unknown>>
  : T extends { is: 'agreement' }
    ? z.ZodType<true, unknown>
    : T extends { is: 'choice'; options: readonly (infer Option extends string)[] }
      ? T extends { required: true } | { otherwise: string }
        ? z.ZodType<Option, unknown>
        : z.ZodOptional<z.ZodType<Option, unknown>>
      : T extends { required: true }
        ? z.ZodType<string, unknown>
        : z.ZodOptional<z.ZodType<string, string>>;

/** The check for what a field takes (enquiry-fields.ts's `Takes`). */
function check(takes: Takes): z.ZodType {
  switch (takes.is) {
    case 'text': {
      const plain = takes.required ? requiredText(takes.max) : optionalText(takes.max, takes.multiline);
      return takes.name ? nameOnly(plain) : plain;
    }
    case 'mobile':
      return takes.required
        ? z.preprocess(missingAsEmpty, text('invalid').min(1, 'required')).pipe(indianMobile)
        : text('invalid')
            .optional()
            .transform((value) => (value?.trim() ? value : undefined))
            .pipe(indianMobile.optional());
    case 'email':
      return text('invalid')
        .max(takes.max, 'tooLong')
        .optional()
        .transform((value) => (value === '' ? undefined : value))
        .pipe(z.email('invalid').optional());
    case 'choice': {
      const { options, otherwise } = takes;
      if (otherwise !== undefined)
        return z.preprocess(
          (value) => (value === '' || value === undefined ? otherwise : value),
          z.enum(options, 'invalid'),
        );
      return takes.required ? choice(options) : optionalChoice(options);
    }
    case 'checkbox':
      return z.preprocess(checked, z.boolean()).optional();
    case 'agreement':
      return z.preprocess(checked, z.literal(true, 'required'));
    case 'date':
      return text()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
        .optional();
    case 'uuid':
      return text('invalid')
        .optional()
        .transform((value) => (value === '' ? undefined : value))
        .pipe(z.uuid('invalid').optional());
  }
}

type FieldChecks = { [Name in EnquiryFieldName]: Check<(typeof enquiryDescription)[Name]['takes']> };

/** The fields, each checked on its own (the form runs single fields through these). */
export const enquiryFields = z.object({
  ...(Object.fromEntries(
    enquiryFieldNames.map((name) => [name, check(enquiryDescription[name].takes)]),
  ) as FieldChecks),
  /** Honeypot: hidden from people; a bot that fills it in is answered as if accepted. */
  website: text().max(500).optional(),
});

/** Whether an enquiry needs a parent's details (and consent). */
export const needsParent = (enquiry: { enquirer?: string; studentUnder18?: boolean }) =>
  enquiry.enquirer === 'student' && enquiry.studentUnder18 === true;

/** The number a seat is booked for, which its family proves by a code: the parent's for a student under 18. */
export const numberToProve = (enquiry: {
  enquirer?: string;
  studentUnder18?: boolean;
  phone: string;
  parentPhone?: string;
}) => (needsParent(enquiry) ? enquiry.parentPhone : undefined) ?? enquiry.phone;

/** Classes whose students are all children (13 to 16 years old), whatever box was ticked. */
const childrensClasses: readonly string[] = ['8', '9', '10'];

/**
 * Whether the enquiry is a child's own details: a student under 18 by the box, or a student in
 * class 8, 9 or 10 (a 12th-pass student or a repeater may be either, so only the box says). A
 * parent's enquiry is the parent's. Nothing of a child's goes to an ad network.
 */
export const isChildsOwn = (enquiry: { enquirer?: string; studentUnder18?: boolean; classLevel?: string }) =>
  enquiry.enquirer === 'student' &&
  (enquiry.studentUnder18 === true || childrensClasses.includes(enquiry.classLevel ?? ''));

/**
 * Whether the ad networks (Meta's pixel and Conversions API, Google's click import) may hear of
 * an enquiry whose sender accepted the pixel: not a child's own, and a seat at a scholarship test
 * or a demo class (whose students are all at school) only when a parent booked it.
 */
export const adsMayHearOf = (
  enquiry: { enquirer?: string; studentUnder18?: boolean; classLevel?: string },
  what: 'enquiry' | 'booking',
) => !isChildsOwn(enquiry) && (what === 'enquiry' || enquiry.enquirer === 'parent');

/**
 * Whether the student is under 18 is asked only of a student (a parent's answer is not stored),
 * and a parent's details only for a student under 18: anything else in them, left over from a
 * visitor who changed their answer, was not asked for, so it is neither checked nor stored. No
 * enquiry is refused for a field the visitor no longer sees.
 */
const withoutUnasked = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const raw = value as { enquirer?: unknown; studentUnder18?: unknown };
  const rest: Record<string, unknown> = { ...value };
  if (raw.enquirer === 'student') rest.studentUnder18 = checked(raw.studentUnder18);
  else delete rest.studentUnder18;
  if (rest.studentUnder18 === true) return rest;
  delete rest.parentName;
  delete rest.parentPhone;
  return rest;
};

/**
 * The fields, plus the rule between them: a student under 18 gives a parent's name and number.
 * The rule is checked even when another field is wrong (`when`), so a form posted without
 * JavaScript is told every mistake at once, not one round at a time.
 */
export const enquirySchema = z.preprocess(
  withoutUnasked,
  enquiryFields.superRefine(
    (enquiry, ctx) => {
      if (needsParent(enquiry)) {
        if (!enquiry.parentName) ctx.addIssue({ code: 'custom', path: ['parentName'], message: 'required' });
        if (!enquiry.parentPhone) ctx.addIssue({ code: 'custom', path: ['parentPhone'], message: 'required' });
      }
    },
    { when: () => true },
  ),
);

/**
 * The optional details a visitor may add once the call-back is requested (the thank-you
 * step of the form): PATCH /api/enquiries/:id, proved by the enquiry's own idempotency key,
 * which only the browser that sent it knows. Nothing else of the enquiry can change.
 */
export const enquiryDetailsSchema = enquiryFields
  .pick(
    Object.fromEntries([...detailFieldNames, 'language'].map((name) => [name, true])) as Record<
      DetailFieldName | 'language',
      true
    >,
  )
  .extend({ idempotencyKey: z.uuid('invalid') });
export type EnquiryDetails = z.output<typeof enquiryDetailsSchema>;

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
