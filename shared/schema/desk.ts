/**
 * What the desk's requests must look like, checked by the server: sign-in, new staff,
 * inbox filters, changes to an enquiry, notes. The words for statuses and roles are in
 * desk-vocabulary.ts.
 */
import { z } from 'zod';
import {
  DASHBOARD_MAX_DAYS,
  type IntakeChannel,
  intakeChannels,
  MAX_NOTE_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  roleValues,
  statusNeedsReason,
  statusValues,
} from './desk-vocabulary';
import { counsellorWorkSchema } from './desk-settings';
import { secret, text } from './text';
import { normaliseIndianMobile } from './enquiry';
import { callOutcome, callOutcomeKeys } from '../call-outcomes';
import { daysIn, fromInstituteTime } from '../institute-calendar';

export * from './desk-vocabulary';

export const signInSchema = z.object({
  email: text().toLowerCase().min(3, 'Enter your email.').max(254),
  password: secret().min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH),
});

export const newPasswordSchema = secret()
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

/** A member changing their own password (the server also refuses easy ones: server/staff/password-strength.ts). */
export const passwordChangeSchema = z.object({
  currentPassword: secret().min(1, 'Enter your current password.').max(MAX_PASSWORD_LENGTH),
  newPassword: newPasswordSchema,
});

export const staffEmailSchema = text().toLowerCase().max(254).pipe(z.email('Enter a valid email address.'));

export const newStaffSchema = z.object({
  email: staffEmailSchema,
  name: text().min(1, 'Enter a name.').max(100),
  role: z.enum(roleValues, 'Choose a role.'),
  password: newPasswordSchema,
  // A counsellor's work, set where the account is made (changed later on Leads): the languages
  // they call in and the courses they take; left out or null, all.
  languages: counsellorWorkSchema.shape.languages.optional(),
  courses: counsellorWorkSchema.shape.courses.optional(),
});

/** Dates the desk filters by: within this century, so that a typo (0000, 9999) is named as one. */
const filterDate = text()
  .pipe(z.iso.date('Give dates as YYYY-MM-DD.'))
  .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', 'Give a date between 2000 and 2100.');

/**
 * A follow-up is a call the counsellor means to make: from 2000 (a past date is simply overdue,
 * and shows at the top of Today, so a slip backwards is seen at once; 0000 or 0026 is not a date
 * anyone meant) to two years ahead (a class-10 student asking about a two-year course is called
 * back before class 11 starts). Further ahead is a slip of the keyboard (2062 for 2026) that
 * would hide the enquiry from every Today list, so it is refused.
 */
export const FOLLOW_UP_YEARS_AHEAD = 2;
/** The last follow-up date accepted today (UTC; a few hours either way do not matter here). */
const latestFollowUp = (now = new Date()) => {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + FOLLOW_UP_YEARS_AHEAD);
  return latest.toISOString().slice(0, 10);
};
/**
 * The next call: a day (YYYY-MM-DD), or a day and time at the institute as a date-and-time input
 * gives it (YYYY-MM-DDTHH:MM, India time; shared/next-call.ts), when the family asked for one.
 */
const followUpDate = text()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/,
    'Give the next call as a date (YYYY-MM-DD), or a date and time (YYYY-MM-DDTHH:MM).',
  )
  .refine(
    (value) =>
      z.iso.date().safeParse(value.slice(0, 10)).success &&
      (value.length === 10 || z.iso.time().safeParse(value.slice(11)).success),
    'Give the next call as a date (YYYY-MM-DD), or a date and time (YYYY-MM-DDTHH:MM).',
  )
  .refine(
    (value) => value.slice(0, 10) >= '2000-01-01' && value.slice(0, 10) <= latestFollowUp(),
    `Give a follow-up date no more than ${FOLLOW_UP_YEARS_AHEAD} years ahead.`,
  );

/** Inbox filters, as query parameters. */
export const inboxQuerySchema = z.object({
  status: z.enum(statusValues).optional(),
  course: text().max(60).optional(),
  /** A staff id, 'me' or 'none' (not assigned). */
  assignee: text().max(60).optional(),
  /** A campaign source (utm_source) as stored, or NO_SOURCE for enquiries without one. */
  source: text().max(100).optional(),
  from: filterDate.optional(),
  to: filterDate.optional(),
  /** A name, or a phone number in any format (digits are what count). */
  q: text().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** The Google Ads export's period: enrolments made from `from` to `to` (India's dates, both included). */
export const enrolmentPeriodSchema = z.object({ from: filterDate.optional(), to: filterDate.optional() });
export type EnrolmentPeriod = z.infer<typeof enrolmentPeriodSchema>;

/**
 * The dashboard's period, as query parameters: the last 30 or 90 days (`days`, 30 when nothing
 * is given), or the India dates `from` to `to`, both included, at most DASHBOARD_MAX_DAYS.
 */
export const dashboardQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .refine((days) => days === 30 || days === 90, 'Ask for 30 or 90 days.')
      .optional(),
    from: filterDate.optional(),
    to: filterDate.optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), 'Give both from and to, or neither.')
  .refine((query) => !(query.days && query.from), 'Give days, or from and to, not both.')
  .refine(
    ({ from, to }) => !from || !to || (from <= to && daysIn(from, to) <= DASHBOARD_MAX_DAYS),
    `Give a from date on or before the to date, at most ${DASHBOARD_MAX_DAYS} days apart.`,
  );
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The desk's own id for a call, a message opened or a note, made when the member sends it and sent
 * again with it when no answer came (a weak signal): a request that arrives twice is stored once.
 */
const requestId = z.uuid('Send the request id the desk made (a UUID).').optional();

/**
 * One change to an enquiry, made from the version the member of staff was looking at:
 * any of status (with its reason), assignee, follow-up, and a note, stored together or not at all.
 */
export const enquiryChangeSchema = z
  .object({
    version: z.number().int().positive(),
    status: z.enum(statusValues).optional(),
    reason: text().max(500, 'A reason is at most 500 characters.').optional(),
    /** A staff id, or null for nobody; '' is neither, and is refused rather than stored. */
    assigneeId: text()
      .min(1, 'Choose someone on the team.')
      .max(60, 'Choose someone on the team.')
      .nullable()
      .optional(),
    nextFollowUp: followUpDate.nullable().optional(),
    /** A note typed with the change: stored with it, in the same transaction (blank means none). */
    note: text(undefined, { multiline: true })
      .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`)
      .optional(),
    /** The note's id (requestId): the change sent again is stored once. */
    noteId: requestId,
  })
  .refine((change) => !change.status || !statusNeedsReason(change.status) || Boolean(change.reason), {
    message: 'Give a reason for this status.',
    path: ['reason'],
  });
export type EnquiryChange = z.infer<typeof enquiryChangeSchema>;

export const noteSchema = z.object({
  body: text(undefined, { multiline: true })
    .min(1, 'Write the note first.')
    .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`),
  id: requestId,
});

/**
 * A call and what it came to (shared/call-outcomes.ts), made from the version the counsellor was
 * looking at. `next` is the time the counsellor picked for the next call (or the visit), as the
 * desk's date-and-time input gives it (YYYY-MM-DDTHH:MM), read as the institute's time.
 */
export const callSchema = z
  .object({
    version: z.number().int().positive(),
    outcome: z.enum(callOutcomeKeys, 'Choose what the call came to.'),
    reason: text().max(500, 'A reason is at most 500 characters.').optional(),
    next: text()
      .pipe(z.iso.datetime({ local: true, message: 'Give the day and time as YYYY-MM-DDTHH:MM.' }))
      .refine((at) => fromInstituteTime(at).getTime() > Date.now(), 'Pick a time after now.')
      .refine(
        (at) => at.slice(0, 10) <= latestFollowUp(),
        `Pick a time no more than ${FOLLOW_UP_YEARS_AHEAD} years ahead.`,
      )
      .optional(),
    note: text(undefined, { multiline: true })
      .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`)
      .optional(),
    id: requestId,
  })
  .refine((call) => call.outcome !== 'visit-booked' || Boolean(call.next), {
    message: 'Give the day and time of the visit.',
    path: ['next'],
  })
  .refine((call) => !callOutcome(call.outcome).needsReason || Boolean(call.reason), {
    message: 'Give a reason.',
    path: ['reason'],
  });
export type CallRecord = z.infer<typeof callSchema>;

/** Several enquiries given to one member (or to nobody) at once, each from the version the member saw. */
export const bulkAssignSchema = z.object({
  assigneeId: text().min(1, 'Choose someone on the team.').max(60, 'Choose someone on the team.').nullable(),
  enquiries: z
    .array(z.object({ id: text().min(1).max(60), version: z.number().int().positive() }))
    .min(1, 'Choose at least one enquiry.')
    .max(100, 'Assign at most 100 enquiries at once.'),
});

/** Another number of the same family (a parent's, a student's own): its enquiries join this record's family. */
/**
 * POST /api/staff/enquiries: an enquiry a member of staff takes (a phone call, a walk-in, a fair,
 * a referral): how the family came, that the member asked for the family's consent to be
 * contacted, and the enquiry form's fields (checked as the form's are: shared/schema/enquiry.ts).
 */
const consentTaken = z.literal(true, {
  error: 'Ask the family first: they must agree to be called and sent messages about admissions.',
});
export const intakeSchema = z.looseObject({
  cameBy: z.enum(intakeChannels.map((channel) => channel.value) as [IntakeChannel, ...IntakeChannel[]], {
    error: 'Say how the family came: a phone call, a walk-in, a fair or a referral.',
  }),
  consentTaken,
});

/**
 * POST /api/staff/events/:id/walk-in: a student at a session's door who did not book (the
 * review's M11), on its day: the enquiry form's fields, and the family's agreement asked for.
 */
export const doorWalkInSchema = z.looseObject({ consentTaken });

export const mergeSchema = z.object({
  phone: text()
    .max(30)
    .transform((typed) => normaliseIndianMobile(typed) ?? '')
    .refine((phone) => phone !== '', 'Enter a 10-digit mobile number.'),
});

/** A device turning the desk's notifications on: its Web Push subscription (PushSubscription.toJSON()) and what the member calls it. */
const base64url = (max: number) =>
  text()
    .min(16, 'The browser gave a key too short to be one.')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'The browser gave a key that is not base64url.');
export const pushDeviceSchema = z.object({
  endpoint: text()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: 'The browser gave no push address.' })),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  device: text().min(1).max(80),
});

/** PATCH /api/staff/accounts/:id: one change to a member's account at a time. */
export const accountChangeSchema = z.union([
  z.strictObject({ role: z.enum(roleValues, 'Choose a role.') }),
  z.strictObject({ disabled: z.boolean() }),
  z.strictObject({ password: newPasswordSchema }),
  z.strictObject({ signOut: z.literal(true) }),
  z.strictObject({ clearSignInLimits: z.literal(true) }),
]);

/** POST /api/staff/erasure: a family's number or email, whose every record is erased. */
export const erasureSchema = z.union([
  z.strictObject({ phone: text().min(1).max(30) }),
  z.strictObject({ email: text().max(254).pipe(z.email('Enter a valid email address.')) }),
]);

/** POST /api/staff/enquiries/:id/repeat: the same family again, or a family apart. */
export const repeatDecisionSchema = z.object({ decision: z.enum(['confirm', 'apart']) });

/** POST /api/staff/enquiries/:id/messages: which message was sent (its template). */
export const messageSentSchema = z.object({ template: text().min(1, 'Choose a message.').max(40), id: requestId });

/** POST /api/staff/events/:id/attendance: a roll number typed or scanned at the door. */
export const rollNumberSchema = z.object({
  rollNumber: text()
    .min(1, 'Type or scan the roll number.')
    .max(40, 'A roll number is 11 characters, such as ST-7K3M9Q2X.'),
});

/** PATCH /api/staff/registrations/:id: present or not, and the marks. */
export const registrationChangeSchema = z
  .strictObject({
    present: z.boolean().optional(),
    score: z.number('Give the marks as a number.').nullable().optional(),
  })
  .refine((change) => change.present !== undefined || change.score !== undefined, 'Say what to change.');
