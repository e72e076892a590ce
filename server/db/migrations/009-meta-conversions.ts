import type { Kysely } from 'kysely';

/**
 * Meta's Conversions API (server/delivery/meta-conversions.ts): the visitor's answer to the
 * advertising pixel when they sent the enquiry ('granted', 'denied', or null: not asked),
 * and a delivery's own context (for a Meta event: page URL, IP, browser, Meta's cookies),
 * kept only until it is delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('tracking_consent', 'text').execute();
  await db.schema.alterTable('deliveries').addColumn('context', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deliveries').dropColumn('context').execute();
  await db.schema.alterTable('enquiries').dropColumn('tracking_consent').execute();
}
