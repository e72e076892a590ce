import { type Kysely, sql } from 'kysely';

/**
 * The enquiry desk: staff accounts, their sessions, sign-in throttling, and the work on
 * each enquiry (status, assignee, follow-up, notes, audit trail). Portable types only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** Lower-cased: one account per address, whatever case it is typed in. */
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('staff_sessions')
    /** SHA-256 of the cookie's token: a leaked table does not sign anyone in. */
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    /** The absolute limit; the idle limit is last_seen_at plus the idle time-out. */
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_staff_id').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('sign_in_failures')
    /** 'account:<email>' or 'client:<ip>'. */
    .addColumn('scope', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .alterTable('enquiries')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('enquiries').addColumn('status_reason', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('assignee_id', 'text').execute();
  /** A date (YYYY-MM-DD) in the institute's time zone. */
  await db.schema.alterTable('enquiries').addColumn('next_follow_up', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('first_contacted_at', 'text').execute();
  /** Bumped by every change: an edit made from an older version is refused, not applied. */
  await db.schema
    .alterTable('enquiries')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // Status alone (the Today list, the funnel) and status with course (the inbox's filters).
  await db.schema
    .createIndex('enquiries_status_course_created_at')
    .on('enquiries')
    .columns(['status', 'course', 'created_at'])
    .execute();
  await db.schema
    .createIndex('enquiries_assignee_created_at')
    .on('enquiries')
    .columns(['assignee_id', 'created_at'])
    .execute();
  await db.schema.createIndex('enquiries_next_follow_up').on('enquiries').column('next_follow_up').execute();
  await db.schema
    .createIndex('enquiries_course_created_at')
    .on('enquiries')
    .columns(['course', 'created_at'])
    .execute();
  await sql`create index enquiries_lower_student_name on enquiries (lower(student_name))`.execute(db);

  await db.schema
    .createTable('enquiry_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('enquiry_id', 'text', (col) => col.notNull().references('enquiries.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('enquiry_notes_enquiry_id')
    .on('enquiry_notes')
    .columns(['enquiry_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    /** Null for the system (retention); the staff id otherwise (kept if the account is disabled). */
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    /** The enquiry changed; null for actions on accounts or erasures (which keep no personal data). */
    .addColumn('enquiry_id', 'text')
    .addColumn('field', 'text')
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .execute();
  await db.schema.createIndex('audit_log_enquiry_id').on('audit_log').columns(['enquiry_id', 'at']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('enquiry_notes').execute();
  for (const index of [
    'enquiries_lower_student_name',
    'enquiries_course_created_at',
    'enquiries_next_follow_up',
    'enquiries_assignee_created_at',
    'enquiries_status_course_created_at',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['version', 'first_contacted_at', 'next_follow_up', 'assignee_id', 'status_reason', 'status']) {
    await db.schema.alterTable('enquiries').dropColumn(column).execute();
  }
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
