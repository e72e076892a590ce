import type { Kysely } from 'kysely';

/** The language the enquiry was sent in ('en' or 'hi'): the counsellor calls back in it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enquiries')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('language').execute();
}
