/**
 * Migration 023 on an outbox stored before it: every delivery is kept as it was (SQLite makes
 * the table again), an enquiry's channel stays one row per enquiry, and a registration's is one
 * row per registration, so two registrations on one enquiry each get theirs. On SQLite (a file)
 * and PostgreSQL (an empty database of its own): the migrations before 023 applied, rows
 * inserted, then the database opened as the server opens it; then undone and done again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { freshPostgresUrl } from '../../tests/support/databases';
import { enquiryRow } from '../../tests/support/enquiry-row';
import { type Db, isUniqueViolation, openDatabase } from './database';
import type { Engine } from './engine';
import { migrationsFor } from './migrations';
import type { Database, DeliveriesTable } from './schema';

const MIGRATION = '023-registration-deliveries';
const ENQUIRY = 'enquiry-1';

function connect(engine: Engine, url: string): Kysely<Database> {
  return engine === 'sqlite'
    ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(url.slice('file:'.length)) }) })
    : new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
}

const lastBefore = async (engine: Engine) =>
  Object.keys(await migrationsFor(engine))
    .filter((name) => name < MIGRATION)
    .sort()
    .at(-1) as string;

async function migrateTo(db: Kysely<Database>, engine: Engine, name: string) {
  const migrator = new Migrator({ db, provider: { getMigrations: () => migrationsFor(engine) } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

/** Two deliveries of one enquiry as they were before 023 (no registration, no due time). */
const before: Omit<DeliveriesTable, 'registration_id' | 'due_at'>[] = [
  {
    id: 'delivery-email',
    enquiry_id: ENQUIRY,
    channel: 'email',
    status: 'delivered',
    attempts: 2,
    next_attempt_at: '2026-11-24T05:00:00.000Z',
    lease_owner: null,
    lease_until: null,
    last_error: 'connection refused',
    delivered_at: '2026-11-24T05:01:00.000Z',
    created_at: '2026-11-24T05:00:00.000Z',
    context: null,
  },
  {
    id: 'delivery-assignee',
    enquiry_id: ENQUIRY,
    channel: 'assignee',
    status: 'sending',
    attempts: 1,
    next_attempt_at: '2026-11-24T05:00:00.000Z',
    lease_owner: 'instance-a',
    lease_until: '2026-11-24T05:02:00.000Z',
    last_error: null,
    delivered_at: null,
    created_at: '2026-11-24T05:00:00.000Z',
    context: '{"to":"counsellor@institute.example"}',
  },
];

async function storedBefore(engine: Engine, url: string) {
  const db = connect(engine, url);
  try {
    await migrateTo(db, engine, await lastBefore(engine));
    await db
      .insertInto('enquiries')
      .values(
        enquiryRow({
          id: ENQUIRY,
          created_at: '2026-11-24T05:00:00.000Z',
          student_name: 'Asha Verma',
          phone: '+919876543210',
          class_level: '12',
          course: 'jee',
          city: 'Jaipur',
          enquirer: 'parent',
          language: 'hi',
        }),
      )
      .execute();
    await db.insertInto('deliveries').values(before).execute();
    const registration = (id: string, type: 'scholarship-test' | 'demo-class') => ({
      id,
      enquiry_id: ENQUIRY,
      event_type: type,
      session_id: `${type}-2026-12-13`,
      roll_number: `${type === 'demo-class' ? 'DC' : 'ST'}-0000000${id.at(-1)}`,
      language: 'hi',
      created_at: '2026-11-24T05:00:00.000Z',
      cancelled_at: null,
      attended_at: null,
      score: null,
    });
    await db
      .insertInto('registrations')
      .values([registration('registration-1', 'scholarship-test'), registration('registration-2', 'demo-class')])
      .execute();
  } finally {
    await db.destroy();
  }
}

const engines: { name: Engine; url: () => Promise<string> }[] = [
  { name: 'sqlite', url: async () => `file:${join(mkdtempSync(join(tmpdir(), 'site-023-')), 'site.db')}` },
];
if (inject('postgresUrl'))
  engines.push({ name: 'postgres', url: () => freshPostgresUrl(inject('postgresUrl') as string) });

describe.each(engines)('migration 023 on deliveries stored before it, on $name', ({ name, url }) => {
  let database: Db;
  let location: string;
  // Each test on a database of its own, as 023 found it: none leans on what another did to it.
  beforeEach(async () => {
    location = await url();
    await storedBefore(name, location);
    database = await openDatabase(location);
  });
  afterEach(async () => {
    await database.close();
    if (name === 'sqlite') rmSync(join(location.slice('file:'.length), '..'), { recursive: true, force: true });
  });

  const deliveries = () => database.db.selectFrom('deliveries').selectAll().orderBy('id').execute();
  const insert = (id: string, channel: DeliveriesTable['channel'], registrationId: string | null) =>
    database.db
      .insertInto('deliveries')
      .values({
        ...(before[0] as DeliveriesTable),
        id,
        channel,
        status: 'pending',
        registration_id: registrationId,
      })
      .execute();
  const refused = (attempt: Promise<unknown>) =>
    attempt.then(
      () => false,
      (error: unknown) => isUniqueViolation(error),
    );

  it('keeps every delivery as it was, with no registration and due when created', async () => {
    expect(await deliveries()).toEqual(
      [...before]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((row) => ({ ...row, registration_id: null, due_at: null })),
    );
  });

  it("an enquiry's channel is still one row per enquiry; a registration's is one per registration", async () => {
    expect(await refused(insert('email-again', 'email', null))).toBe(true);
    // Two registrations on the one enquiry: an admit card each, but not two for one.
    await insert('card-1', 'admit-card', 'registration-1');
    await insert('card-2', 'admit-card', 'registration-2');
    expect(await refused(insert('card-1-again', 'admit-card', 'registration-1'))).toBe(true);
    // The counsellor's email upserts on the enquiry's row as before (notifications-repository.ts).
    await database.db
      .insertInto('deliveries')
      .values({ ...(before[1] as DeliveriesTable), id: 'assignee-again', registration_id: null })
      .onConflict((conflict) =>
        conflict.columns(['enquiry_id', 'channel']).where('registration_id', 'is', null).doUpdateSet({ attempts: 0 }),
      )
      .execute();
    expect((await deliveries()).map((row) => [row.id, row.registration_id, row.attempts])).toEqual([
      ['card-1', 'registration-1', 2],
      ['card-2', 'registration-2', 2],
      ['delivery-assignee', null, 0],
      ['delivery-email', null, 2],
    ]);
  });

  it("a registration's deliveries go with it; undone, only the enquiry's are left; done again, as before", async () => {
    await insert('card-1', 'admit-card', 'registration-1');
    await insert('card-2', 'admit-card', 'registration-2');
    await database.db.deleteFrom('registrations').where('id', '=', 'registration-2').execute();
    expect((await deliveries()).map((row) => row.id)).toEqual(['card-1', 'delivery-assignee', 'delivery-email']);

    await migrateTo(database.db, name, await lastBefore(name));
    const undone = await database.db.selectFrom('deliveries').selectAll().orderBy('id').execute();
    expect(undone.map((row) => row.id)).toEqual(['delivery-assignee', 'delivery-email']);
    expect(undone[0]).not.toHaveProperty('registration_id');
    expect(undone[0]).not.toHaveProperty('due_at');

    const latest =
      Object.keys(await migrationsFor(name))
        .sort()
        .at(-1) ?? MIGRATION;
    await migrateTo(database.db, name, latest);
    expect(await refused(insert('email-again', 'email', null))).toBe(true);
    await insert('card-1', 'admit-card', 'registration-1');
    expect((await deliveries()).map((row) => row.id)).toEqual(['card-1', 'delivery-assignee', 'delivery-email']);
  });
});
