/**
 * The enquiry desk's vocabulary, shared by the server (checks, audit trail) and the
 * desk's pages (labels, controls): the statuses an enquiry moves through, the staff
 * roles, and the shape of each change a member of staff can send.
 * The desk is for the institute's staff and is in English only.
 */
import { z } from 'zod';

export const enquiryStatuses = [
  { value: 'new', label: 'New', needsReason: false },
  { value: 'contacted', label: 'Contacted', needsReason: false },
  { value: 'visit-booked', label: 'Visit booked', needsReason: false },
  { value: 'enrolled', label: 'Enrolled', needsReason: false },
  { value: 'not-interested', label: 'Not interested', needsReason: true },
  { value: 'unreachable', label: 'Unreachable', needsReason: true },
] as const;

export type EnquiryStatus = (typeof enquiryStatuses)[number]['value'];
export const statusValues = enquiryStatuses.map((status) => status.value) as [EnquiryStatus, ...EnquiryStatus[]];
export const statusLabel = (value: string) => enquiryStatuses.find((status) => status.value === value)?.label ?? value;
export const statusNeedsReason = (value: string) =>
  enquiryStatuses.some((status) => status.value === value && status.needsReason);

export const staffRoles = [
  { value: 'counsellor', label: 'Counsellor' },
  { value: 'admin', label: 'Admin' },
] as const;
export type StaffRoleValue = (typeof staffRoles)[number]['value'];
export const roleValues = staffRoles.map((role) => role.value) as [StaffRoleValue, ...StaffRoleValue[]];

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(3, 'Enter your email.').max(254),
  password: z.string().min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH),
});

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

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
  from: z.iso.date('Give dates as YYYY-MM-DD.').optional(),
  to: z.iso.date('Give dates as YYYY-MM-DD.').optional(),
  /** A name, or a phone number in any format (digits are what count). */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** One change to an enquiry, made from the version the member of staff was looking at. */
export const enquiryChangeSchema = z
  .object({
    version: z.number().int().positive(),
    status: z.enum(statusValues).optional(),
    reason: z.string().trim().max(500).optional(),
    assigneeId: z.string().max(60).nullable().optional(),
    nextFollowUp: z.iso.date('Give the follow-up date as YYYY-MM-DD.').nullable().optional(),
  })
  .refine((change) => !change.status || !statusNeedsReason(change.status) || Boolean(change.reason), {
    message: 'Give a reason for this status.',
    path: ['reason'],
  });
export type EnquiryChange = z.infer<typeof enquiryChangeSchema>;

export const MAX_NOTE_LENGTH = 2000;
export const noteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note first.')
    .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`),
});
