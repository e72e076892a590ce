import type { Kysely } from 'kysely';
import { attributionFields } from '../../../shared/schema/attribution';

/**
 * Where each enquiry came from (shared/schema/attribution.ts): campaign parameters, click
 * ids, referring host and landing path, one nullable text column each; and an index for
 * the dashboard's and the inbox's counts by source and campaign.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { column } of Object.values(attributionFields)) {
    await db.schema.alterTable('enquiries').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('enquiries_utm_source_created_at')
    .on('enquiries')
    .columns(['utm_source', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('enquiries_utm_source_created_at').execute();
  for (const { column } of Object.values(attributionFields).reverse()) {
    await db.schema.alterTable('enquiries').dropColumn(column).execute();
  }
}
