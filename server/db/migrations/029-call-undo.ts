import type { Kysely } from 'kysely';

/**
 * A call's outcome can be undone for a short while (issue 41: a slip of the thumb must never
 * become a fact): `contacts.undo` keeps what the call changed from (the enquiry's status, its
 * reason, the next call, the unanswered calls in a row, the first call and first contact) and the
 * version the call made, so "Undo" puts the enquiry back as it was while nobody has changed it
 * since. Null for messages, for calls recorded before this migration, and once undone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('undo', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('undo').execute();
}
