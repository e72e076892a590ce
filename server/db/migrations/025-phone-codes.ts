import type { Kysely } from 'kysely';

/**
 * One-time codes that prove a family can answer its phone (issue 38; server/phone-codes/):
 *
 * - `phone_codes`: one row per code sent. Never the code itself: `code_hash` is an HMAC of the
 *   row's id and the code under the server's key, compared in constant time. `tries` counts
 *   wrong guesses; `verified_at` is when the right code came back. The limits (per number, per
 *   address and per network, per hour) count these rows, so every instance keeps the same ones.
 *   `network` is the address's /24 (IPv4) or /64 (IPv6): one phone's provider hands out many.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('network', 'text', (col) => col.notNull())
    /** 'sms', 'whatsapp' or 'log' (no provider: the server's log). */
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    /** When the provider took the message (null: not yet, or it failed: `send_error` says why). */
    .addColumn('sent_at', 'text')
    .addColumn('send_error', 'text')
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema.createIndex('phone_codes_phone').on('phone_codes').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('phone_codes_address').on('phone_codes').columns(['address', 'created_at']).execute();
  await db.schema.createIndex('phone_codes_network').on('phone_codes').columns(['network', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_codes').execute();
}
