import type { Kysely } from 'kysely';

/**
 * A new lead whose first call is overdue is escalated once (issue 41): the admins are told, and,
 * when the first-contact setting says so, the lead goes to the next counsellor by the rules.
 * `escalated_at` is when; set by a conditional update, so two instances escalate a lead once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('escalated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('escalated_at').execute();
}
