import type { Kysely } from 'kysely';

/**
 * What an enquiry's number is known to be (issue 38):
 *
 * - `number_proved_at`, `number_proved_by`: when and how the number that speaks for the family
 *   was proved: the student's, or the parent's for a child (numberToProve,
 *   shared/schema/enquiry.ts). `by` is the code's channel ('sms', 'whatsapp', 'log' when no
 *   provider is set) or 'call' when a member of staff confirmed it on a call (the audit trail
 *   says who). Null: nobody proved it. For a child's enquiry this is the parent's consent, verified.
 * - `repeat_check`: an enquiry on a family's number whose sender did not prove a number of the
 *   family is kept beside the family's record, not folded into it: 'pending' until a counsellor
 *   confirms it (it then becomes the record, as a proved one does at once) or keeps it apart
 *   ('kept-apart'). Null for every other enquiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('number_proved_at', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('number_proved_by', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('repeat_check', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('repeat_check').execute();
  await db.schema.alterTable('enquiries').dropColumn('number_proved_by').execute();
  await db.schema.alterTable('enquiries').dropColumn('number_proved_at').execute();
}
