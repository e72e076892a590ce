import { type Kysely, sql } from 'kysely';

/**
 * One record per family, an owner for every enquiry, and the desk's notifications.
 *
 * - Families: every enquiry from one mobile number (normalised, as stored) belongs to one family
 *   (`enquiries.family_id`). The family's newest enquiry is its record on the desk
 *   (`superseded_at` null); the earlier ones are its history. `family_phones` maps each number
 *   to its family: its primary key is what makes two instances saving the same number at once
 *   agree on one family (an insert that conflicts, not a read-then-write). A merge by hand
 *   points a second number at the family. A unique partial index keeps one record per family.
 *   Existing enquiries are grouped by their number: the earliest's id names the family, the
 *   newest is its record.
 * - Assignment: counsellors may be away (`staff.away_since`) and may be given the languages
 *   they call in and the courses they take (JSON arrays of codes; null: all);
 *   `assignment_turns` is the round-robin's counter per pool of counsellors, taken with an
 *   atomic upsert in the enquiry's transaction. `desk_settings` holds what admins set (the
 *   rules, the first-contact target), as JSON per name.
 * - `notifications`: what a member of staff is told on the desk (a lead assigned to them, a
 *   family that came back), unread until they open it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('family_id', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('superseded_at', 'text').execute();

  await sql`
    update enquiries set family_id = (
      select first.id from enquiries first where first.phone = enquiries.phone
      order by first.created_at, first.id limit 1)`.execute(db);
  await sql`
    update enquiries set superseded_at = (
      select newer.created_at from enquiries newer where newer.phone = enquiries.phone
      and (newer.created_at > enquiries.created_at or (newer.created_at = enquiries.created_at and newer.id > enquiries.id))
      order by newer.created_at, newer.id limit 1)`.execute(db);

  await db.schema
    .createTable('family_phones')
    .addColumn('phone', 'text', (col) => col.primaryKey())
    .addColumn('family_id', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into family_phones (phone, family_id) select distinct phone, family_id from enquiries`.execute(db);
  await db.schema.createIndex('family_phones_family_id').on('family_phones').column('family_id').execute();

  await sql`create unique index enquiries_family_record on enquiries (family_id) where superseded_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('enquiries_family_id_created_at')
    .on('enquiries')
    .columns(['family_id', 'created_at'])
    .execute();
  // The desk's lists read only records: newest first, and per assignee.
  await sql`create index enquiries_record_created_at on enquiries (created_at) where superseded_at is null`.execute(db);
  await sql`create index enquiries_record_assignee on enquiries (assignee_id, created_at) where superseded_at is null`.execute(
    db,
  );

  await db.schema.alterTable('staff').addColumn('away_since', 'text').execute();
  await db.schema.alterTable('staff').addColumn('languages', 'text').execute();
  await db.schema.alterTable('staff').addColumn('courses', 'text').execute();

  await db.schema
    .createTable('assignment_turns')
    /** The pool's counsellors' ids, sorted and joined: the same people share one rotation. */
    .addColumn('pool', 'text', (col) => col.primaryKey())
    .addColumn('turn', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('desk_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'text', (col) => col.notNull())
    .addColumn('enquiry_id', 'text', (col) => col.notNull())
    /** 'assigned' or 'came-back'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('notifications_staff_id_created_at')
    .on('notifications')
    .columns(['staff_id', 'created_at'])
    .execute();
  await db.schema.createIndex('notifications_enquiry_id').on('notifications').column('enquiry_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('desk_settings').execute();
  await db.schema.dropTable('assignment_turns').execute();
  for (const column of ['courses', 'languages', 'away_since'])
    await db.schema.alterTable('staff').dropColumn(column).execute();
  for (const index of [
    'enquiries_record_assignee',
    'enquiries_record_created_at',
    'enquiries_family_id_created_at',
    'enquiries_family_record',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.dropTable('family_phones').execute();
  await db.schema.alterTable('enquiries').dropColumn('superseded_at').execute();
  await db.schema.alterTable('enquiries').dropColumn('family_id').execute();
}
