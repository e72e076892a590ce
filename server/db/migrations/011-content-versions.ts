import type { Kysely } from 'kysely';

/**
 * The site's content (facts and words in every language, src/content/site-content.ts) as
 * versions: each publication is a new row, never changed afterwards; the newest is what the
 * pages show. None yet: the pages show the build's starting content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('published_at', 'text', (col) => col.notNull())
    /** Who published it (null: a command, or an account since removed). */
    .addColumn('author_id', 'text', (col) => col.references('staff.id').onDelete('set null'))
    /** What changed, in the editor's words. */
    .addColumn('note', 'text')
    /** The whole content, as JSON. */
    .addColumn('document', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('content_versions_published_at').on('content_versions').column('published_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_versions').execute();
}
