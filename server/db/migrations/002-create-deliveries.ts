import type { Kysely } from 'kysely';

/** The delivery outbox: one row per enquiry and channel, written in the enquiry's own transaction. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('enquiry_id', 'text', (col) => col.notNull().references('enquiries.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('deliveries_enquiry_channel', ['enquiry_id', 'channel'])
    .execute();
  await db.schema
    .createIndex('deliveries_status_next_attempt_at')
    .on('deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deliveries').execute();
}
