import type { Kysely } from 'kysely';

/**
 * Sign-in throttling that slows a guesser without locking anyone out
 * (server/db/sign-in-throttle.ts): attempts are counted per address and account, per
 * address, and per known browser, each with a growing wait; and the browsers staff have
 * signed in from (a random token in a cookie, only its SHA-256 here), whose right password
 * always gets through. The old per-account lock-out table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    /** 'pair:<ip>|<email>', 'client:<ip>' or 'browser:<token hash>'. */
    .addColumn('scope', 'text', (col) => col.primaryKey())
    /** The account's email, for a pair or browser scope: what an admin clears. */
    .addColumn('account', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('last_attempt_at', 'text', (col) => col.notNull())
    /** The next attempt waits until then (null: it need not wait). */
    .addColumn('wait_until', 'text')
    .execute();
  await db.schema.createIndex('sign_in_attempts_account').on('sign_in_attempts').column('account').execute();
  await db.schema
    .createTable('staff_browsers')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_browsers_staff_id').on('staff_browsers').column('staff_id').execute();
  await db.schema.dropTable('sign_in_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('scope', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .execute();
  await db.schema.dropTable('staff_browsers').execute();
  await db.schema.dropTable('sign_in_attempts').execute();
}
