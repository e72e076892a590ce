/** The database tables, as Kysely sees them. Changed only together with a new migration. */
export type EnquiriesTable = {
  id: string;
  /** ISO 8601 UTC, e.g. 2026-11-21T10:15:00.000Z: sorts and compares as text on both engines. */
  created_at: string;
  student_name: string;
  /** Normalised: +91 and 10 digits. */
  phone: string;
  email: string | null;
  class_level: string;
  course: string;
  city: string;
  message: string | null;
  mode: string | null;
  centre: string | null;
  /** 1: the visitor agreed to be contacted (required to store an enquiry at all). */
  consent: number;
  idempotency_key: string | null;
  /** The privacy notice version shown when consent was given (null before it was recorded). */
  consent_notice_version: string | null;
  /** When consent was given (the time the enquiry was received). */
  consent_at: string | null;
  /** 'parent' or 'student': who filled in the form. */
  enquirer: string;
  /** 1 when a student said they are under 18 (then the parent's details are required). */
  student_under_18: number | null;
  parent_name: string | null;
  parent_phone: string | null;
  /** 'json' (the form with JavaScript) or 'form' (a plain HTML form post). */
  source: string;
  /** 'en' or 'hi': the language of the page the enquiry came from. */
  language: string;
};

export type DeliveryChannel = 'email' | 'webhook';
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
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
};

export type Database = {
  enquiries: EnquiriesTable;
  deliveries: DeliveriesTable;
};
