/**
 * What the desk's requests must look like, checked by the server: sign-in, new staff,
 * inbox filters, changes to an enquiry, notes. The words for statuses and roles are in
 * desk-vocabulary.ts.
 */
import { z } from 'zod';
import {
  MAX_NOTE_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  roleValues,
  statusNeedsReason,
  statusValues,
} from './desk-vocabulary';

export * from './desk-vocabulary';

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(3, 'Enter your email.').max(254),
  password: z.string().min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH),
});

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

/** A member changing their own password (the server also refuses easy ones: server/desk/password-strength.ts). */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(MAX_PASSWORD_LENGTH),
  newPassword: newPasswordSchema,
});

export const staffEmailSchema = z.email('Enter a valid email address.').trim().toLowerCase().max(254);

export const newStaffSchema = z.object({
  email: staffEmailSchema,
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  role: z.enum(roleValues, 'Choose a role.'),
  password: newPasswordSchema,
});

/** Inbox filters, as query parameters. */
export const inboxQuerySchema = z.object({
  status: z.enum(statusValues).optional(),
  course: z.string().max(60).optional(),
  /** A staff id, 'me' or 'none' (not assigned). */
  assignee: z.string().max(60).optional(),
  /** A campaign source (utm_source) as stored, or NO_SOURCE for enquiries without one. */
  source: z.string().max(100).optional(),
  from: z.iso.date('Give dates as YYYY-MM-DD.').optional(),
  to: z.iso.date('Give dates as YYYY-MM-DD.').optional(),
  /** A name, or a phone number in any format (digits are what count). */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/**
 * One change to an enquiry, made from the version the member of staff was looking at:
 * any of status (with its reason), assignee, follow-up, and a note, stored together or not at all.
 */
export const enquiryChangeSchema = z
  .object({
    version: z.number().int().positive(),
    status: z.enum(statusValues).optional(),
    reason: z.string().trim().max(500).optional(),
    assigneeId: z.string().max(60).nullable().optional(),
    nextFollowUp: z.iso.date('Give the follow-up date as YYYY-MM-DD.').nullable().optional(),
    /** A note typed with the change: stored with it, in the same transaction (blank means none). */
    note: z.string().trim().max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`).optional(),
  })
  .refine((change) => !change.status || !statusNeedsReason(change.status) || Boolean(change.reason), {
    message: 'Give a reason for this status.',
    path: ['reason'],
  });
export type EnquiryChange = z.infer<typeof enquiryChangeSchema>;

export const noteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note first.')
    .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`),
});
