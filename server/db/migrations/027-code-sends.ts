import type { Kysely } from 'kysely';

/**
 * A one-time code the provider did not take is sent again (issue 38): a family is waiting for it.
 *
 * - `pending_code`: the code, encrypted (AES-256-GCM under the server's key: server/site-secrets.ts),
 *   only while it is still to be sent; cleared once it is sent, given up, or replaced by a newer
 *   code for the number. Never the code in clear, as before.
 * - `send_attempts`: sends tried; `next_send_at`: when the next is due (null: none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('phone_codes').addColumn('pending_code', 'text').execute();
  await db.schema
    .alterTable('phone_codes')
    .addColumn('send_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('phone_codes').addColumn('next_send_at', 'text').execute();
  await db.schema.createIndex('phone_codes_next_send').on('phone_codes').column('next_send_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('phone_codes_next_send').execute();
  await db.schema.alterTable('phone_codes').dropColumn('next_send_at').execute();
  await db.schema.alterTable('phone_codes').dropColumn('send_attempts').execute();
  await db.schema.alterTable('phone_codes').dropColumn('pending_code').execute();
}
