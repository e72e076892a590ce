/**
 * The desk's calls to /api/staff. Every call sends the session cookie (same origin);
 * a 401 means the session has ended, and the desk goes back to the sign-in page. Pages call
 * the server through desk/src/api/<area>.ts (a lint rule holds it), where each call names its
 * path, what it sends and what it gets back; the types of the replies are here.
 */
import type { z } from 'zod';
import type {
  pushReply,
  pushTestReply,
  notificationsReply,
  unreadReply,
} from '../../../shared/schema/replies/notifications';
import type { accountsReply, activityReply, staffMember, staffReply } from '../../../shared/schema/replies/staff';
import type {
  bulkAssignReply,
  enquiryDetailReply,
  enquirySummary,
  inboxReply,
  intakeReply,
  messagesReply,
} from '../../../shared/schema/replies/enquiries';
import type {
  assignmentReply,
  firstContactReply,
  optionsReply,
  templatesReply,
} from '../../../shared/schema/replies/settings';
import type { dashboardReply, todayReply } from '../../../shared/schema/replies/figures';
import type { deliveriesReply, erasureReply } from '../../../shared/schema/replies/admin-tools';
import type {
  deskEventSessionReply,
  deskEventsReply,
  familyRegistrationsReply,
  registrationWorkReply,
} from '../../../shared/schema/replies/events';
import type {
  problemsReply,
  publishedReply,
  scheduledReply,
  versionChangesReply,
  versionsReply,
  uploadReply,
} from '../../../shared/schema/replies/content';
import type { UploadUse } from '../../../shared/schema/uploads';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole answer: some say more than the message (the content check's problems, a scheduled publication). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Set by the session provider: what to do when the server says the session has ended. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`/api/staff${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) {
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw new ApiError(response.status, data.error ?? `The server answered ${response.status}.`, data);
  }
  return data as T;
}

/**
 * Sends a file to POST /api/staff/uploads for `use` (the server reads what it is from its bytes,
 * makes a photo's sizes and formats and strips its metadata): what the content names it by.
 */
export async function uploadFile(use: UploadUse, file: File): Promise<UploadReply> {
  const response = await fetch(`/api/staff/uploads?use=${use}&name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) {
    if (response.status === 401) onSignedOut();
    throw new ApiError(response.status, data.error ?? `The server answered ${response.status}.`, data);
  }
  return data as UploadReply;
}

/** What the server sends, as its routes declare it (shared/schema/replies/). */
type Reply<Schema extends z.ZodType> = z.output<Schema>;
export type StaffMember = Reply<typeof staffMember>;
export type EnquirySummary = Reply<typeof enquirySummary>;
export type EnquiryDetail = Reply<typeof enquiryDetailReply>;
export type Options = Reply<typeof optionsReply>;
export type Option = Options['courses'][number];
export type TodayReply = Reply<typeof todayReply>;
export type InboxReply = Reply<typeof inboxReply>;
export type IntakeReply = Reply<typeof intakeReply>;
export type DashboardReply = Reply<typeof dashboardReply>;
export type DeliveriesReply = Reply<typeof deliveriesReply>;
export type AccountsReply = Reply<typeof accountsReply>;
export type ActivityReply = Reply<typeof activityReply>;
export type StaffReply = Reply<typeof staffReply>;
export type ErasureReply = Reply<typeof erasureReply>;
export type ProblemsReply = Reply<typeof problemsReply>;
export type PublishedReply = Reply<typeof publishedReply>;
export type ScheduledVersion = Reply<typeof scheduledReply>;
export type VersionsReply = Reply<typeof versionsReply>;
export type VersionChangesReply = Reply<typeof versionChangesReply>;
export type UploadReply = Reply<typeof uploadReply>;
export type NotificationsReply = Reply<typeof notificationsReply>;
export type UnreadReply = Reply<typeof unreadReply>;
export type PushReply = Reply<typeof pushReply>;
export type PushTestReply = Reply<typeof pushTestReply>;
export type AssignmentReply = Reply<typeof assignmentReply>;
export type MessagesReply = Reply<typeof messagesReply>;
export type FirstContactReply = Reply<typeof firstContactReply>;
export type TemplatesReply = Reply<typeof templatesReply>;
export type BulkAssignReply = Reply<typeof bulkAssignReply>;
export type DeskEventsReply = Reply<typeof deskEventsReply>;
export type DeskEventSession = DeskEventsReply['sessions'][number];
export type DeskEventSessionReply = Reply<typeof deskEventSessionReply>;
export type DeskRegistration = DeskEventSessionReply['registrations'][number];
export type RegistrationWorkReply = Reply<typeof registrationWorkReply>;
export type FamilyRegistrationsReply = Reply<typeof familyRegistrationsReply>;
