/**
 * The desk's calls to /api/staff. Every call sends the session cookie (same origin);
 * a 401 means the session has ended, and the desk goes back to the sign-in page.
 */
import type { EnquiryStatus, StaffRoleValue } from '../../shared/schema/desk-vocabulary';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
    throw new ApiError(response.status, data.error ?? `The server answered ${response.status}.`);
  }
  return data as T;
}

export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: StaffRoleValue;
  disabled_at: string | null;
  created_at: string;
};

export type EnquirySummary = {
  id: string;
  created_at: string;
  status: EnquiryStatus;
  student_name: string;
  course: string;
  class_level: string;
  city: string;
  enquirer: string;
  language: string;
  phone: string;
  parent_name: string | null;
  parent_phone: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  next_follow_up: string | null;
  version: number;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  fbclid: string | null;
  gclid: string | null;
  referrer_host: string | null;
};

export type Option = { value: string; label: string };
export type Options = {
  team: { id: string; name: string; role: StaffRoleValue }[];
  courses: Option[];
  classLevels: Option[];
  enquirers: Option[];
  languages: Option[];
  /** Campaign sources (utm_source) enquiries have come with, the most frequent first. */
  sources: string[];
};
