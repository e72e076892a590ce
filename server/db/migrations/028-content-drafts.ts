import type { Kysely } from 'kysely';

/**
 * An editor's unpublished changes to the content, kept on the server (issue 40): saved as they
 * type, opened again on any device they sign in on. One draft per member of staff.
 *
 * - `based_on`: the version it was made from (null: the starting content); a newer live version
 *   is merged into it on the desk (shared/content-merge.ts), never a reason to lose it.
 * - `revision`: counts its saves; a save names the revision it was made from, so a tab holding
 *   an older one never overwrites a newer save from another device unseen.
 * - `device`: what it was last saved from ("phone", "tablet", "computer"), said beside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_drafts')
    .addColumn('staff_id', 'text', (col) => col.primaryKey().references('staff.id').onDelete('cascade'))
    .addColumn('based_on', 'text')
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_drafts').execute();
}
