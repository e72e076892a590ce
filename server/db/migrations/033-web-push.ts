import { type Kysely, sql } from 'kysely';

/**
 * The desk's phone app rings (issue 41): each device a member of staff turned notifications on
 * for is a Web Push subscription (`push_subscriptions`: the push service's endpoint, unique, and
 * the keys the browser gave to encrypt for it). A push service that says a subscription is gone
 * (404, 410) has it deleted, and so does the end of the session that turned it on (signing out
 * there), or of all the member's sessions (a new password, signing out everywhere, disabled):
 * `session_hash` is that session's. A session that only expires leaves it ringing. `notifications.pushed_at` is when the push for it was taken by the
 * member's push service (null: not pushed), so speed to lead can be read from the push as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'text', (col) => col.notNull())
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('session_hash', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_pushed_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_staff_id').on('push_subscriptions').column('staff_id').execute();
  await db.schema.alterTable('notifications').addColumn('pushed_at', 'text').execute();
  // The dashboard reads a period's pushes by their time (speed to lead from the push).
  await sql`create index notifications_pushed_at on notifications (pushed_at) where pushed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_pushed_at`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('pushed_at').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
