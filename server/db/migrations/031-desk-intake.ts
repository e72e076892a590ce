import type { Kysely } from 'kysely';

/**
 * An enquiry a member of staff takes at the desk (the review's M11: a phone call, a walk-in):
 * the family's consent to be contacted was asked for by that member, not ticked on the form.
 * `consent_taken_by` is the member's id (null: the family ticked it on the site's form).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('consent_taken_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('consent_taken_by').execute();
}
