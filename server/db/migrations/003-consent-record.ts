import type { Kysely } from 'kysely';

/** What the visitor agreed to, and when: the privacy notice version shown with the form. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('consent_notice_version', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('consent_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('consent_at').execute();
  await db.schema.alterTable('enquiries').dropColumn('consent_notice_version').execute();
}
