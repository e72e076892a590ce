/**
 * The enquiry: one schema, imported by the form (src/components/enquiry-form) and the
 * server (server/routes/enquiries.ts), so the two can never disagree. The field
 * names are the public API contract documented in the README.
 */
import { z } from 'zod';
import { courseSlugs } from '../config/paths';

export const classLevels = ['8', '9', '10', '11', '12', '12-pass'] as const;
export type ClassLevel = (typeof classLevels)[number];

export const limits = {
  studentName: 100,
  phone: 20,
  email: 254,
  city: 80,
  message: 1000,
  mode: 40,
  centre: 80,
} as const;

/** 10 digits starting 6–9, with an optional +91 / 91 / 0 in front; spaces, dots and dashes ignored. */
const INDIAN_MOBILE = /^(?:\+?91|0)?([6-9]\d{9})$/;

/** "+91 98765-43210" → "+919876543210"; undefined when it is not an Indian mobile number. */
export function normaliseIndianMobile(input: string): string | undefined {
  const digits = input.replace(/[\s().-]/g, '');
  const match = INDIAN_MOBILE.exec(digits);
  return match ? `+91${match[1]}` : undefined;
}

export const messages = {
  studentName: 'Please enter the student’s name',
  phone: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
  email: 'Enter a valid email address, or leave it empty',
  classLevel: 'Choose the class or current status',
  course: 'Choose a course',
  city: 'Please enter your city',
  consent: 'Please agree to be contacted so we can call you back',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  idempotencyKey: 'Invalid request key; please reload the page and try again',
  enquirer: 'Say whether you are the parent or guardian, or the student',
  parentName: 'Please enter your parent’s or guardian’s name: under 18, their consent is needed',
  parentPhone: 'Enter your parent’s or guardian’s 10-digit mobile number',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.tooLong(max))
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const requiredText = (max: number, message: string) =>
  z.string(message).trim().min(1, message).max(max, messages.tooLong(max));

/** An Indian mobile number as typed, normalised to +91XXXXXXXXXX; `message` when it is not one. */
const indianMobile = (message: string) =>
  z
    .string(message)
    .max(limits.phone, message)
    .transform((value, ctx) => {
      const phone = normaliseIndianMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return phone;
    });

/** `true` from JSON, or the strings a checkbox posts in an HTML form. */
const consentValue = z.preprocess(
  (value) => (value === 'true' || value === 'on' || value === '1' ? true : value),
  z.literal(true, messages.consent),
);

export const enquirers = ['parent', 'student'] as const;
export type Enquirer = (typeof enquirers)[number];

/** `true` from JSON, or what a checked checkbox posts; anything else is false. */
const checkboxValue = z.preprocess(
  (value) => value === true || value === 'true' || value === 'on' || value === '1',
  z.boolean(),
);

/** The fields, each checked on its own (the form runs single fields through these). */
export const enquiryFields = z.object({
  studentName: requiredText(limits.studentName, messages.studentName),
  phone: indianMobile(messages.phone),
  email: z
    .string()
    .trim()
    .max(limits.email, messages.tooLong(limits.email))
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email(messages.email).optional()),
  classLevel: z.enum(classLevels, messages.classLevel),
  course: z.enum(courseSlugs, messages.course),
  city: requiredText(limits.city, messages.city),
  message: optionalText(limits.message),
  mode: optionalText(limits.mode),
  centre: optionalText(limits.centre),
  consent: consentValue,
  /** Who is filling in the form; integrations that do not say are taken as the parent. */
  enquirer: z.enum(enquirers, messages.enquirer).default('parent'),
  /** A student enquiring for themselves who is under 18: the consent must be a parent's. */
  studentUnder18: checkboxValue.optional(),
  parentName: optionalText(limits.studentName),
  parentPhone: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(indianMobile(messages.parentPhone).optional()),
  /** The privacy notice version the form showed (src/content/pages.ts privacy.version). */
  noticeVersion: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid notice version; please reload the page')
    .optional(),
  idempotencyKey: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.uuid(messages.idempotencyKey).optional()),
  /** Honeypot: hidden from people; a bot that fills it in is answered as if accepted. */
  website: z.string().max(500).optional(),
});

/** The fields, plus the rule between them: a student under 18 gives a parent's name and number. */
export const enquirySchema = enquiryFields.superRefine((enquiry, ctx) => {
  if (enquiry.enquirer === 'student' && enquiry.studentUnder18) {
    if (!enquiry.parentName) ctx.addIssue({ code: 'custom', path: ['parentName'], message: messages.parentName });
    if (!enquiry.parentPhone) ctx.addIssue({ code: 'custom', path: ['parentPhone'], message: messages.parentPhone });
  }
});

/** Whether an enquiry needs a parent's details (and consent). */
export const needsParent = (enquiry: { enquirer?: string; studentUnder18?: boolean }) =>
  enquiry.enquirer === 'student' && enquiry.studentUnder18 === true;

/** What the form sends (before normalisation). */
export type EnquiryInput = z.input<typeof enquirySchema>;
/** What the server stores (phone normalised to +91…, empty optionals dropped). */
export type Enquiry = z.output<typeof enquirySchema>;

export type FieldErrors = Partial<Record<keyof EnquiryInput, string>>;

/** One plain-words message per field, as the API returns them and the form shows them. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in enquiryFields.shape && !(field in fields)) {
      fields[field as keyof EnquiryInput] = issue.message;
    }
  }
  return fields;
}
