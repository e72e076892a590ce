/**
 * The enquiry desk's vocabulary, shared by the server (checks, audit trail) and the
 * desk's pages (labels, controls): the statuses an enquiry moves through and the staff
 * roles. No zod here: the desk's first page loads this, not the checks
 * (shared/schema/desk.ts, which builds on it). The desk is in English only.
 */

import { formatInstituteTime } from '../institute-calendar';

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

/** The number to call first: a parent's for a student under 18 (their consent is the parent's). */
export const callFirst = (e: { student_under_18: number | null; parent_phone: string | null; phone: string }) =>
  e.student_under_18 === 1 && e.parent_phone ? e.parent_phone : e.phone;

/**
 * What staff call an enquiry's facts beyond its form's fields (enquiry-fields.ts labels those):
 * its receipt, where it came from and the desk's work on it. The desk's pages, the staff
 * email and the desk's spreadsheet export all say these.
 */
export const deskLabels = {
  received: 'Received',
  consentGiven: 'Consent given',
  firstCameFrom: 'First came from',
  cameFrom: 'Came from',
  status: 'Status',
  reason: 'Reason',
  assignee: 'Assigned to',
  nextFollowUp: 'Next follow-up',
  firstContacted: 'First contacted',
  notes: 'Notes',
  firstCalled: 'First called',
  calls: 'Calls and messages',
  reference: 'Reference',
} as const;

/**
 * The kinds of work on the desk, each a part of it a role may open: the families' enquiries
 * (their names, numbers, notes: personal data), the site's content, and the staff accounts
 * with the exports. Each role gets only the work it does (least privilege).
 */
export type DeskWork = 'enquiries' | 'content' | 'admin';

export const staffRoles = [
  { value: 'counsellor', label: 'Counsellor', does: ['enquiries'] },
  { value: 'editor', label: 'Editor', does: ['content'] },
  { value: 'admin', label: 'Admin', does: ['enquiries', 'content', 'admin'] },
] as const satisfies readonly { value: string; label: string; does: readonly DeskWork[] }[];
export type StaffRoleValue = (typeof staffRoles)[number]['value'];
export const roleValues = staffRoles.map((role) => role.value) as [StaffRoleValue, ...StaffRoleValue[]];

/**
 * Who may open a desk page or call a desk endpoint: anyone (signing in), any signed-in
 * member of staff (their own password, signing out), or a role that does this work. The
 * server checks it on every request (server/plugins/authentication.ts); the desk only uses
 * it to show each member the pages they may open.
 */
export type DeskAccess = 'anyone' | 'signed-in' | DeskWork;

export function mayAccess(role: string | undefined, access: DeskAccess): boolean {
  if (access === 'anyone') return true;
  const member = staffRoles.find((each) => each.value === role);
  if (!member) return false;
  return access === 'signed-in' || (member.does as readonly DeskWork[]).includes(access);
}

/** Why the server refused a signed-in member a part of the desk. */
export const refusedWork: Record<DeskWork, string> = {
  enquiries: 'Only counsellors and admins can see enquiries.',
  content: "Only editors and admins can change the site's content.",
  admin: 'Only an admin can do this.',
};

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export const MAX_NOTE_LENGTH = 2000;

/** An audit-trail entry about no enquiry in particular, as the "Activity" list shows it. */
export type ActivityEntry = {
  action: string;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
};

const roleLabel = (value: string | null) => staffRoles.find((role) => role.value === value)?.label ?? value ?? '—';

/** An export made with STAFF_TOKEN (GET /api/enquiries/export) rather than from the desk. */
const byToken = (entry: ActivityEntry) => (entry.field === 'staff-token' ? ' with the staff token' : '');

/** What each action of the trail (server/routes/desk/*.ts, server/cli/staff.ts) did, in words. */
const activityWords: Record<string, (entry: ActivityEntry) => string> = {
  'account-added': (e) => `added the account ${e.to_value}`,
  'account-role': (e) => `changed ${e.field}'s role from ${roleLabel(e.from_value)} to ${roleLabel(e.to_value)}`,
  'account-disabled': (e) => `disabled ${e.field} and ended their sessions`,
  'account-enabled': (e) => `enabled ${e.field}`,
  'account-password-reset': (e) => `set a new password for ${e.field} and ended their sessions`,
  'account-signed-out': (e) => `signed ${e.field} out everywhere (${e.to_value} sessions)`,
  'account-password-changed': (e) => `changed their own password (${e.field}) and ended their other sessions`,
  'account-sign-in-cleared': (e) => `let ${e.field} try signing in again at once (${e.to_value} counts cleared)`,
  export: (e) =>
    e.field === 'google-ads'
      ? `exported ${e.to_value} enrolments for Google Ads`
      : `exported ${e.to_value} enquiries${byToken(e)}`,
  'export-cut-short': (e) => `started an export${byToken(e)}; the download stopped after ${e.to_value} enquiries`,
  erasure: (e) => `erased ${e.to_value} enquiries found by ${e.field}`,
  'delivery-retry': () => 'retried a failed delivery',
  'content-published': () => 'published a new version of the site’s content',
  'content-scheduled': (e) =>
    `scheduled a new version of the site’s content for ${e.field ? formatInstituteTime(e.field) : 'later'}`,
  'content-cancelled': () => 'cancelled a scheduled version of the site’s content',
  'content-carried': () => 'published now and carried the scheduled version onto it (it stays scheduled)',
  'content-restored': () => 'restored an earlier version of the site’s content',
  'account-work': (e) => `changed what ${e.field} takes (away, languages, courses)`,
  'setting-changed': (e) =>
    e.field === 'assignment'
      ? `turned automatic assignment ${e.to_value?.includes('true') ? 'on' : 'off'}`
      : `changed the setting ${e.field}`,
  'upload-added': (e) =>
    e.field === 'prospectus' ? 'uploaded a prospectus (PDF)' : `uploaded a photo for a ${e.field ?? 'page'}`,
};
export const describeActivity = (entry: ActivityEntry) => activityWords[entry.action]?.(entry) ?? entry.action;

/**
 * How a family reached the institute when a member of staff enters its enquiry at the desk (the
 * review's M11): stored as its campaign source (medium INTAKE_MEDIUM), so the dashboard counts
 * walk-ins and calls beside the ads. `spokeWith`: the member spoke with the family on the number
 * (their call, at the counter), which proves it as a code does; a fair's list or a referral does not.
 */
export const intakeChannels = [
  { value: 'phone-call', label: 'Phone call to the institute', spokeWith: true },
  { value: 'walk-in', label: 'Walk-in at the centre', spokeWith: true },
  { value: 'fair', label: 'Education fair or school visit', spokeWith: false },
  { value: 'referral', label: 'Referral (someone gave their number)', spokeWith: false },
] as const;
export type IntakeChannel = (typeof intakeChannels)[number]['value'];
export const INTAKE_MEDIUM = 'desk';

/** The inbox's source filter value for enquiries whose visit named no campaign source. */
export const NO_SOURCE = '(none)';

/** The longest period the dashboard figures at once: a year, leap day included (the checks: shared/schema/desk.ts). */
export const DASHBOARD_MAX_DAYS = 366;
