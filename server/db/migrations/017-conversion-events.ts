import type { Kysely } from 'kysely';

/**
 * What the ads have been told of each lead's later stages (server/delivery/meta-stages.ts):
 * one row per lead and stage ('visit-booked', 'enrolled'), written in the status change's own
 * transaction. The primary key is what makes it once: a second change to the same stage, by
 * another counsellor or another instance at the same moment, inserts nothing and queues nothing.
 * The row goes with the enquiry that reached the stage (erasure, the retention purge).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversion_events')
    .addColumn('lead_key', 'text', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('enquiry_id', 'text', (col) => col.notNull().references('enquiries.id').onDelete('cascade'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('conversion_events_lead_stage', ['lead_key', 'stage'])
    .execute();
  // The cascade from a deleted enquiry looks its rows up by enquiry.
  await db.schema.createIndex('conversion_events_enquiry_id').on('conversion_events').column('enquiry_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversion_events').execute();
}
