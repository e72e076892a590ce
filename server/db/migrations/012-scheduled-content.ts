import { type Kysely, sql } from 'kysely';

/**
 * Publishing the content at a date and time (a new batch announced at 9 am on the day): a
 * version goes live at `live_from` (when it was published, unless it was scheduled), and a
 * scheduled one that has not gone live yet can be cancelled (by an editor, or by a
 * publication made before it, which it would otherwise undo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_versions').addColumn('live_from', 'text').execute();
  await sql`update content_versions set live_from = published_at`.execute(db);
  /** The version it was made from (null: the build's starting content): what its changes are read against. */
  await db.schema.alterTable('content_versions').addColumn('based_on', 'text').execute();
  await db.schema.alterTable('content_versions').addColumn('cancelled_at', 'text').execute();
  /** A staff id (accounts are disabled, never removed), or null. */
  await db.schema.alterTable('content_versions').addColumn('cancelled_by', 'text').execute();
  await db.schema.createIndex('content_versions_live_from').on('content_versions').column('live_from').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('content_versions_live_from').execute();
  for (const column of ['cancelled_by', 'cancelled_at', 'based_on', 'live_from']) {
    await db.schema.alterTable('content_versions').dropColumn(column).execute();
  }
}
