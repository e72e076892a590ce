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
  /** 'json' (the form with JavaScript) or 'form' (a plain HTML form post). */
  source: string;
};

export type Database = {
  enquiries: EnquiriesTable;
};
