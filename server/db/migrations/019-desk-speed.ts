import { type Kysely, sql } from 'kysely';

/**
 * Today and the unread count at 100,000 enquiries (issue 26; `npm run bench:desk -- --api`).
 * Partial indexes on families' records, as the desk's lists read them
 * (dashboard-repository.ts today()), and on unread notifications:
 *
 * - A counsellor's follow-ups due (assignee, due date ≤ today, in date order): walked from
 *   `enquiries_record_assignee`, every record of theirs was read and sorted (SQLite: 100 ms and
 *   more for a counsellor with 20,000 records).
 * - New enquiries, newest first, everyone's and a counsellor's: little of a year's records is
 *   still new, so walking the records by date (or by owner and date) read nearly all of them
 *   to find 500 new ones; by status and course, it sorted every new one.
 * - The unread count (every open desk tab asks every 15 s) counted through all of a member's
 *   notifications, read or not; now only the unread ones, from the index alone.
 *
 * The literal `superseded_at is null` and `read_at is null` in the queries are what let SQLite
 * use a partial index (a bound parameter would not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index enquiries_record_assignee_follow_up on enquiries (assignee_id, next_follow_up, created_at) where superseded_at is null`.execute(
    db,
  );
  await sql`create index enquiries_record_status on enquiries (status, created_at) where superseded_at is null`.execute(
    db,
  );
  await sql`create index enquiries_record_assignee_status on enquiries (assignee_id, status, created_at) where superseded_at is null`.execute(
    db,
  );
  await sql`create index notifications_unread on notifications (staff_id, created_at) where read_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'notifications_unread',
    'enquiries_record_assignee_status',
    'enquiries_record_status',
    'enquiries_record_assignee_follow_up',
  ])
    await db.schema.dropIndex(index).execute();
}
