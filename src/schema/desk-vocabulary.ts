/**
 * The enquiry desk's vocabulary, shared by the server (checks, audit trail) and the
 * desk's pages (labels, controls): the statuses an enquiry moves through and the staff
 * roles. No zod here: the desk's first page loads this, not the checks
 * (src/schema/desk.ts, which builds on it). The desk is in English only.
 */

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

export const MAX_NOTE_LENGTH = 2000;
