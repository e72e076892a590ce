import type { Kysely } from 'kysely';

/**
 * When each page last changed, for sitemap.xml's <lastmod> (server/db/page-changes-repository.ts):
 * a hash of what the page shows (its data for client-side navigation, the same on every
 * instance) and the day (YYYY-MM-DD, India time) it was first served with that hash. Written by
 * whichever instance renders a change first; the others find it there, so every instance serves
 * the same dates, and a restart keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_changes')
    /** The page's path, language prefix included (/hi/courses/jee). */
    .addColumn('path', 'text', (col) => col.primaryKey())
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('changed_on', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_changes').execute();
}
