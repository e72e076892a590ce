import { type Kysely, sql } from 'kysely';

/**
 * Working a call in two taps, and speed to lead measured from the first call:
 *
 * - `contacts`: every call a counsellor records (its outcome: shared/call-outcomes.ts) and every
 *   WhatsApp or SMS message they open from a template, with who and when: the family's history.
 * - On each enquiry (a family's record carries them over when it asks again, like its owner):
 *   `lead_received_at`, when the family first asked (speed to lead counts from there);
 *   `first_called_at`, the first call recorded, answered or not (not the first change of
 *   status); `no_answers`, unanswered calls in a row (the retry rule's count); and
 *   `next_follow_up_at`, the time of the next call when the rule gives one (a retry in three
 *   working hours), beside `next_follow_up`, its date, which the lists read.
 *
 * Enquiries already stored: `lead_received_at` is their family's first enquiry's time; no call
 * was recorded before this, so `first_called_at` starts empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('enquiry_id', 'text', (col) => col.notNull())
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'text', (col) => col.notNull())
    /** 'call', 'whatsapp' or 'sms'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** A call's outcome (shared/call-outcomes.ts), or a message's template id. */
    .addColumn('what', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contacts_family_id_at').on('contacts').columns(['family_id', 'at']).execute();
  await db.schema.createIndex('contacts_enquiry_id').on('contacts').column('enquiry_id').execute();

  await db.schema.alterTable('enquiries').addColumn('lead_received_at', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('first_called_at', 'text').execute();
  await db.schema
    .alterTable('enquiries')
    .addColumn('no_answers', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('enquiries').addColumn('next_follow_up_at', 'text').execute();
  await sql`
    update enquiries set lead_received_at = (
      select min(first.created_at) from enquiries first where first.family_id = enquiries.family_id)`.execute(db);
  // The dashboard's speed to lead reads families' records by when the family first asked.
  await sql`create index enquiries_record_lead_received_at on enquiries (lead_received_at) where superseded_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('enquiries_record_lead_received_at').execute();
  for (const column of ['next_follow_up_at', 'no_answers', 'first_called_at', 'lead_received_at'])
    await db.schema.alterTable('enquiries').dropColumn(column).execute();
  await db.schema.dropTable('contacts').execute();
}
