import type { Generated, Selectable } from 'kysely';
import type { AttributionField, attributionFields } from '../../shared/schema/attribution';
import type { EnquiryStatus, StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import type { EnquiryFieldColumns } from '../../shared/schema/enquiry-fields';
import type { DeliveryChannel } from '../../shared/delivery-channels';

/**
 * The database tables, as Kysely sees them. Changed only together with a new migration. An
 * enquiry's fields (student_name … consent_notice_version) are typed from their description
 * (shared/schema/enquiry-fields.ts): a described field is a column.
 */
export type EnquiriesTable = {
  id: string;
  /** ISO 8601 UTC, e.g. 2026-11-21T10:15:00.000Z: sorts and compares as text on both engines. */
  created_at: string;
  /** When consent was given (the time the enquiry was received). */
  consent_at: string | null;
  /** 'json' (the form with JavaScript) or 'form' (a plain HTML form post). */
  source: string;
  /** The visitor's answer to the advertising pixel when they sent it: 'granted', 'denied', or null (not asked). */
  tracking_consent: string | null;
  /** The desk's work on it (shared/schema/desk-vocabulary.ts lists the statuses). */
  status: Generated<EnquiryStatus>;
  /** Why: required for 'not-interested' and 'unreachable'. */
  status_reason: string | null;
  assignee_id: string | null;
  /** YYYY-MM-DD in the institute's time zone. */
  next_follow_up: string | null;
  /** When the status first left 'new'. */
  first_contacted_at: string | null;
  /** Bumped by every change; an edit made from an older version is refused. */
  version: Generated<number>;
  /**
   * The search keys of the student's and parent's names and of the city (server/db/search-key.ts),
   * written with them: what the inbox's search finds a name or a city by in either script.
   */
  name_key: string | null;
  city_key: string | null;
  /** The family it belongs to: every enquiry from its number, and numbers merged with it (family_phones). */
  family_id: string;
  /** When a newer enquiry of the family became its record (null: this is the family's record on the desk). */
  superseded_at: string | null;
  /** When the family first asked (speed to lead counts from there; carried over like the owner). */
  lead_received_at: string | null;
  /** The first call recorded on the family, answered or not. */
  first_called_at: string | null;
  /** When its first call, overdue, was escalated: the admins told (migrations/034-escalation.ts). */
  escalated_at: string | null;
  /** Unanswered calls in a row (shared/call-outcomes.ts's retry rule). */
  no_answers: Generated<number>;
  /** The next call's time when a rule set one (ISO UTC); next_follow_up is its date. */
  next_follow_up_at: string | null;
  /**
   * When and how the number that speaks for the family was proved (the parent's for a child):
   * 'sms', 'whatsapp' or 'log' (a code), or 'call' (staff). Null: not proved (migrations/026).
   */
  number_proved_at: string | null;
  number_proved_by: ProvedBy | null;
  /** An unproved enquiry on a family's number: 'pending' beside the record until staff confirm it, or 'kept-apart'. */
  repeat_check: 'pending' | 'kept-apart' | null;
  /** Taken at the desk (a call, a walk-in): the member who asked for the family's consent (migration 031). */
  consent_taken_by: string | null;
} & EnquiryFieldColumns &
  AttributionColumns &
  FirstTouchColumns;

/** Where it came from (shared/schema/attribution.ts): utm_source … landing_page, each nullable text. */
type AttributionColumns = {
  [Field in AttributionField as (typeof attributionFields)[Field]['column']]: string | null;
};

/**
 * What brought the family first (server/db/first-touch.ts): its first enquiry's utm_source …
 * referrer_host, kept on each record (migration 030).
 */
export type FirstTouchColumns = {
  first_utm_source: string | null;
  first_utm_medium: string | null;
  first_utm_campaign: string | null;
  first_fbclid: string | null;
  first_gclid: string | null;
  first_referrer_host: string | null;
};

/** How a number was proved: a code's channel, a member of staff on a call, or one who took the enquiry at the desk (a call to the institute, at the counter). */
export type ProvedBy = 'sms' | 'whatsapp' | 'log' | 'call' | 'desk';

/** An enquiry as read from the database. */
export type EnquiryRow = Selectable<EnquiriesTable>;

/** What a member of staff does on the desk (shared/schema/desk-vocabulary.ts). */
export type StaffRole = StaffRoleValue;

export type StaffTable = {
  id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  role: StaffRole;
  /** scrypt, self-describing (server/staff/passwords.ts). */
  password_hash: string;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  /** Marked away (leave, a day off): assignment skips them until they are back. */
  away_since: string | null;
  /** JSON arrays of the language codes they call in and the course slugs they take; null: all. */
  languages: string | null;
  courses: string | null;
};

/** A call recorded or a message opened from a template (migrations/018-calls-and-messages.ts). */
export type ContactsTable = {
  id: string;
  enquiry_id: string;
  family_id: string;
  staff_id: string;
  kind: 'call' | 'whatsapp' | 'sms';
  /** A call's outcome key, or a message's template id. */
  what: string;
  at: string;
  /** What a call changed from, while it may be undone (migrations/029-call-undo.ts); JSON, or null. */
  undo: string | null;
};

/** Which number belongs to which family (migrations/015-families-and-assignment.ts). */
export type FamilyPhonesTable = {
  phone: string;
  family_id: string;
};

/** The round-robin's counter for each pool of counsellors. */
export type AssignmentTurnsTable = {
  pool: string;
  turn: number;
};

/** What admins set on the desk (shared/schema/desk-settings.ts), as JSON per name. */
export type DeskSettingsTable = {
  name: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
};

/** An editor's unpublished changes to the content (migration 028), one per member of staff. */
export type ContentDraftsTable = {
  staff_id: string;
  based_on: string | null;
  /** The whole content as the editor is making it, as JSON. */
  document: string;
  revision: number;
  saved_at: string;
  device: string;
};

/** What a member of staff is told on the desk. */
export type NotificationsTable = {
  id: string;
  staff_id: string;
  enquiry_id: string;
  /** overdue: a lead's first call is past its target (told to the admins: server/escalation.ts). */
  kind: 'assigned' | 'came-back' | 'overdue';
  created_at: string;
  read_at: string | null;
  /** When the member's push service took the push for it (null: not pushed; migrations/033-web-push.ts). */
  pushed_at: string | null;
};

export type StaffSessionsTable = {
  /** SHA-256 (hex) of the token in the cookie. */
  id_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
};

export type SignInAttemptsTable = {
  /** 'pair:<ip>|<email>', 'client:<ip>' or 'browser:<token hash>'. */
  scope: string;
  /** The account's email (pair and browser scopes). */
  account: string | null;
  attempts: number;
  last_attempt_at: string;
  /** The next attempt waits until then; null: it need not. */
  wait_until: string | null;
};

export type StaffBrowsersTable = {
  /** SHA-256 of the random token in the browser's cookie. */
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_used_at: string;
};

export type EnquiryNotesTable = {
  id: string;
  enquiry_id: string;
  author_id: string;
  body: string;
  created_at: string;
};

export type AuditLogTable = {
  id: string;
  at: string;
  actor_id: string | null;
  action: string;
  enquiry_id: string | null;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
};

/** The outbox's channels: the registry in shared/delivery-channels.ts. */
export type { DeliveryChannel };
export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** The outbox: what must still reach the institute, and what happened when we tried. */
export type DeliveriesTable = {
  id: string;
  enquiry_id: string;
  channel: DeliveryChannel;
  /** pending (due at next_attempt_at) → sending (leased by one instance) → delivered | failed. */
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** The instance sending it, and until when; an expired lease means that instance died mid-send. */
  lease_owner: string | null;
  lease_until: string | null;
  /** The receiver's last error; on a delivered row, why nothing was sent ("not sent: …": a registrant's email for a cancelled booking). */
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  /** What this channel needs beyond the enquiry (JSON; a Meta event's request context), cleared once delivered. */
  context: string | null;
  /**
   * The registration a registrant's email is for (migration 023): one row per registration and
   * channel. Null for the enquiry's own channels, which are one row per enquiry and channel.
   */
  registration_id: string | null;
  /** When a delivery queued ahead of time first comes due (a registrant's reminder); null: when created. */
  due_at: string | null;
};

/** A published version of the site's content (migrations/011-content-versions.ts). */
export type ContentVersionsTable = {
  id: string;
  /** ISO 8601 UTC: when its editor published (or scheduled) it. */
  published_at: string;
  /** When it goes live (ISO 8601 UTC): published_at, or the time it was scheduled for. Set on every row (migration 012). */
  live_from: string | null;
  /** The version it was made from (null: the build's starting content, or published before migration 012). */
  based_on: string | null;
  author_id: string | null;
  note: string | null;
  /** The whole content as JSON (src/content/site-content.ts's SiteContent). */
  document: string;
  /** A scheduled version cancelled before it went live: when, and by whom (null: a publication made before it). */
  cancelled_at: string | null;
  cancelled_by: string | null;
};

/** When each page last changed, for sitemap.xml's lastmod (migrations/013-page-changes.ts). */
export type PageChangesTable = {
  /** The page's path, language prefix included (/hi/courses/jee). */
  path: string;
  /** A hash of what the page shows (its data for client-side navigation). */
  content_hash: string;
  /** YYYY-MM-DD, India time: the day it was first served with that hash. */
  changed_on: string;
};

/** A file staff uploaded (migrations/014-uploads.ts). */
export type UploadsTable = {
  id: string;
  kind: 'photo' | 'pdf';
  /** A photo's use (shared/photos.ts) or 'prospectus'. */
  use: string;
  original_name: string;
  original_bytes: number;
  /** A photo's pixels, upright; null for a PDF. */
  width: number | null;
  height: number | null;
  sha256: string;
  uploaded_by: string | null;
  uploaded_at: string;
};

/** What is served for an upload: /media/<upload_id>/<name>. */
export type UploadFilesTable = {
  upload_id: string;
  name: string;
  content_type: string;
  /** BLOB (SQLite) or bytea (PostgreSQL): a Buffer either way. */
  bytes: Buffer;
  size: number;
};

/** A lead's stage the ads were told of, once per lead (migrations/017-conversion-events.ts). */
export type ConversionEventsTable = {
  /** Whose lead it is (leadKeyOf in server/delivery/meta-stages.ts). */
  lead_key: string;
  /** The status that is the stage: 'visit-booked' or 'enrolled'. */
  stage: string;
  /** The enquiry whose change reached it first. */
  enquiry_id: string;
  /** When (ISO 8601 UTC): the event's time. */
  at: string;
};

/** A seat booked at a scholarship test or a demo class (migrations/021-registrations.ts). */
export type RegistrationsTable = {
  id: string;
  enquiry_id: string;
  /** shared/schema/events.ts eventTypes. */
  event_type: string;
  session_id: string;
  roll_number: string;
  language: string;
  created_at: string;
  cancelled_at: string | null;
  attended_at: string | null;
  /** A scholarship test's marks, and the percentage off the fee they earned (migrations/022-scholarship.ts). */
  score: number | null;
  scholarship_percent: number | null;
};

/** Seats taken per session (migrations/021-registrations.ts). */
export type SessionSeatsTable = {
  session_id: string;
  taken: Generated<number>;
};
export type RegistrationRow = Selectable<RegistrationsTable>;

/** A device a member of staff is notified on: a Web Push subscription (migrations/033-web-push.ts). */
export type PushSubscriptionsTable = {
  id: string;
  staff_id: string;
  /** The push service's URL for this device (unique: a device re-subscribing replaces its row). */
  endpoint: string;
  /** The browser's keys to encrypt for (base64url). */
  p256dh: string;
  auth: string;
  /** How the desk names the device to its member ("Android phone, Chrome"). */
  device: string;
  /** The session that turned it on (its token's hash): ended by signing out, it stops ringing. */
  session_hash: string | null;
  created_at: string;
  last_pushed_at: string | null;
};

/** Keys the server makes for itself (migrations/021-registrations.ts). */
export type SiteSecretsTable = { name: string; value: string };

/** One-time codes sent to prove a number (migrations/025-phone-codes.ts). */
export type PhoneCodesTable = {
  id: string;
  phone: string;
  code_hash: string;
  address: string;
  network: string;
  channel: string;
  language: string;
  created_at: string;
  expires_at: string;
  tries: Generated<number>;
  sent_at: string | null;
  send_error: string | null;
  verified_at: string | null;
  /** The code, encrypted, while it is still to be sent (migrations/027). */
  pending_code: string | null;
  send_attempts: Generated<number>;
  next_send_at: string | null;
};

export type Database = {
  enquiries: EnquiriesTable;
  deliveries: DeliveriesTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  staff_browsers: StaffBrowsersTable;
  enquiry_notes: EnquiryNotesTable;
  audit_log: AuditLogTable;
  content_versions: ContentVersionsTable;
  content_drafts: ContentDraftsTable;
  uploads: UploadsTable;
  upload_files: UploadFilesTable;
  page_changes: PageChangesTable;
  family_phones: FamilyPhonesTable;
  assignment_turns: AssignmentTurnsTable;
  desk_settings: DeskSettingsTable;
  notifications: NotificationsTable;
  conversion_events: ConversionEventsTable;
  contacts: ContactsTable;
  registrations: RegistrationsTable;
  session_seats: SessionSeatsTable;
  site_secrets: SiteSecretsTable;
  push_subscriptions: PushSubscriptionsTable;
  phone_codes: PhoneCodesTable;
};
