import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';

/**
 * The outbox learns of registrations (issue 27): the admit card's email and the reminder the
 * day before are sent per registration, not per enquiry. Two registrations can share one
 * enquiry (a student who books the scholarship test and the demo class within the enquiry's
 * repeat window, say), so `deliveries.registration_id` names the registration, and:
 *
 * - a registration's delivery is one per registration and channel
 *   (`deliveries_registration_channel`; rows without a registration never conflict there, as
 *   NULLs are distinct in a unique index on both engines);
 * - an enquiry's delivery stays one per enquiry and channel, now a partial unique index
 *   (`deliveries_enquiry_channel`, where `registration_id is null`): an upsert on it names that
 *   condition (`onConflict(...).where('registration_id', 'is', null)`);
 * - `deliveries_enquiry` indexes the enquiry for what the constraint's index served before: the
 *   erasure's and the purge's deletes, and the foreign key's cascade.
 *
 * `deliveries.due_at` is when a delivery queued ahead of time first comes due (a reminder the day
 * before its session); null for the rest, due when created. How long the oldest delivery has
 * waited (/healthz) counts from then, so a reminder queued a fortnight ahead is not "waiting".
 *
 * PostgreSQL drops the old constraint and adds the columns; SQLite cannot drop a constraint, so
 * the table is made again with the columns and the rows copied (nothing references deliveries).
 */
async function createIndexes(db: Kysely<unknown>) {
  await db.schema
    .createIndex('deliveries_enquiry_channel')
    .on('deliveries')
    .columns(['enquiry_id', 'channel'])
    .unique()
    .where(sql<boolean>`registration_id is null`)
    .execute();
  await db.schema
    .createIndex('deliveries_registration_channel')
    .on('deliveries')
    .columns(['registration_id', 'channel'])
    .unique()
    .execute();
  await db.schema.createIndex('deliveries_enquiry').on('deliveries').column('enquiry_id').execute();
}

async function dropIndexes(db: Kysely<unknown>) {
  for (const name of ['deliveries_enquiry', 'deliveries_registration_channel', 'deliveries_enquiry_channel'])
    await db.schema.dropIndex(name).execute();
}

const columns = sql.raw(
  'id, enquiry_id, channel, status, attempts, next_attempt_at, lease_owner, lease_until, last_error, delivered_at, created_at, context',
);

/** The deliveries table as migrations 002 and 009 made it, under `name`, with or without the registration column. */
async function createSqliteTable(db: Kysely<unknown>, name: string, withRegistration: boolean) {
  let table = db.schema
    .createTable(name)
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
    .addColumn('context', 'text');
  table = withRegistration
    ? table
        .addColumn('registration_id', 'text', (col) => col.references('registrations.id').onDelete('cascade'))
        .addColumn('due_at', 'text')
    : table.addUniqueConstraint('deliveries_enquiry_channel', ['enquiry_id', 'channel']);
  await table.execute();
}

/** SQLite: the table made again (with or without the column), its rows copied, its indexes made. */
async function rebuildSqlite(db: Kysely<unknown>, withRegistration: boolean) {
  await createSqliteTable(db, 'deliveries_rebuilt', withRegistration);
  await sql`insert into deliveries_rebuilt (${columns}) select ${columns} from deliveries`.execute(db);
  await db.schema.dropTable('deliveries').execute();
  await db.schema.alterTable('deliveries_rebuilt').renameTo('deliveries').execute();
  await db.schema
    .createIndex('deliveries_status_next_attempt_at')
    .on('deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  if (withRegistration) await createIndexes(db);
}

export function forEngine(engine: Engine): Migration {
  if (engine === 'postgres') {
    return {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('deliveries')
          .addColumn('registration_id', 'text', (col) => col.references('registrations.id').onDelete('cascade'))
          .execute();
        await db.schema.alterTable('deliveries').addColumn('due_at', 'text').execute();
        await db.schema.alterTable('deliveries').dropConstraint('deliveries_enquiry_channel').execute();
        await createIndexes(db);
      },
      async down(db: Kysely<unknown>) {
        await sql`delete from deliveries where registration_id is not null`.execute(db);
        await dropIndexes(db);
        await db.schema
          .alterTable('deliveries')
          .addUniqueConstraint('deliveries_enquiry_channel', ['enquiry_id', 'channel'])
          .execute();
        await db.schema.alterTable('deliveries').dropColumn('due_at').execute();
        await db.schema.alterTable('deliveries').dropColumn('registration_id').execute();
      },
    };
  }
  return {
    async up(db: Kysely<unknown>) {
      await rebuildSqlite(db, true);
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from deliveries where registration_id is not null`.execute(db);
      await rebuildSqlite(db, false);
    },
  };
}
