/**
 * Migration 016 on enquiries stored before it: it computes their search keys (in batches)
 * and indexes them, so the inbox finds them by a name in the other script, by city and by
 * part of an email. On SQLite (a file) and PostgreSQL (an empty database of its own): the
 * migrations before 016 applied, rows inserted, then the database opened as the server opens it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPostgresUrl } from '../../tests/support/databases';
import { enquiryRow } from '../../tests/support/enquiry-row';
import { inboxQuerySchema } from '../../shared/schema/desk';
import { enquirySchema } from '../../shared/schema/enquiry';
import { type Db, openDatabase } from './database';
import { createEnquiryRepository } from './enquiry-repository';
import type { Engine } from './engine';
import { createInboxRepository } from './inbox-repository';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

const KEYS_MIGRATION = '016-search-keys';
/** More than two batches of the backfill (500): 401 of each name and city. */
const COUNT = 1_203;
const EACH = COUNT / 3;
const names = ['Rahul Verma', 'शर्मा प्रिया', 'Aarav Gupta'] as const;
const cities = ['कोटा', 'Jaipur', 'Lucknow'] as const;

/** A Kysely over `url` for the migrations before 016 and the old rows. */
function connect(engine: Engine, url: string): Kysely<Database> {
  return engine === 'sqlite'
    ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(url.slice('file:'.length)) }) })
    : new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
}

/** The name of the migration applied last before 016 (015 is another engineer's). */
async function lastBefore016(engine: Engine): Promise<string> {
  const names = Object.keys(await migrationsFor(engine)).filter((name) => name < KEYS_MIGRATION);
  return names.sort().at(-1) as string;
}

/** The newest migration (the schema the server runs on). */
const latestMigration = async (engine: Engine) =>
  Object.keys(await migrationsFor(engine))
    .sort()
    .at(-1);

async function migrateTo(db: Kysely<Database>, engine: Engine, name: string) {
  const migrator = new Migrator({ db, provider: { getMigrations: () => migrationsFor(engine) } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

async function storedBefore016(engine: Engine, url: string) {
  const db = connect(engine, url);
  try {
    await migrateTo(db, engine, await lastBefore016(engine));
    const now = Date.now();
    for (let from = 0; from < COUNT; from += 500) {
      const rows = Array.from({ length: Math.min(500, COUNT - from) }, (_, k) => {
        const n = from + k;
        // Without what migrations after 016 add (lead_received_at: 018).
        const { lead_received_at: _received, ...row } = enquiryRow({
          id: `old-${String(n).padStart(5, '0')}`,
          created_at: new Date(now - (COUNT - n) * 60_000).toISOString(),
          student_name: names[n % 3] as string,
          phone: `+919${String(n).padStart(9, '0')}`,
          class_level: '12',
          course: 'jee',
          city: cities[n % 3] as string,
          enquirer: 'parent',
          language: 'en',
          parent_name: n === 7 ? 'सुनीता वर्मा' : null,
          email: n === 7 ? 'Sunita.Verma@Example.com' : null,
        });
        return row;
      });
      await db.insertInto('enquiries').values(rows).execute();
    }
  } finally {
    await db.destroy();
  }
}

const engines: { name: Engine; url: () => Promise<string> }[] = [
  { name: 'sqlite', url: async () => `file:${join(mkdtempSync(join(tmpdir(), 'site-016-')), 'site.db')}` },
];
if (inject('postgresUrl'))
  engines.push({ name: 'postgres', url: () => freshPostgresUrl(inject('postgresUrl') as string) });

describe.each(engines)('migration 016 on enquiries stored before it, on $name', ({ name, url }) => {
  let database: Db;
  let location: string;
  beforeAll(async () => {
    location = await url();
    await storedBefore016(name, location);
    database = await openDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    if (name === 'sqlite') rmSync(join(location.slice('file:'.length), '..'), { recursive: true, force: true });
  });

  const total = async (q: string) =>
    (await createInboxRepository(database).inbox(inboxQuerySchema.parse({ q }), 'nobody')).total;

  it("computes every old row's keys", async () => {
    // The rows stored before it (the other tests store enquiries of their own).
    const rows = await database.db
      .selectFrom('enquiries')
      .select(['id', 'name_key', 'city_key'])
      .where('id', 'like', 'old-%')
      .execute();
    expect(rows).toHaveLength(COUNT);
    expect(rows.filter((row) => !row.name_key || !row.city_key)).toEqual([]);
    expect(rows.find((row) => row.id === 'old-00007')).toMatchObject({
      name_key: ' sarma priya| sunita varma',
      city_key: ' jaipur',
    });
  });

  it('the inbox finds old rows by a name in the other script, a city in either script, part of an email', async () => {
    expect(await total('Sharma')).toBe(EACH);
    expect(await total('राहुल वर्मा')).toBe(EACH);
    // The Rahul Vermas, and the one parent Sunita Verma.
    expect(await total('Verma')).toBe(EACH + 1);
    expect(await total('kota')).toBe(EACH);
    expect(await total('लखनऊ')).toBe(EACH);
    expect(await total('verma@example')).toBe(1);
  });

  it('an enquiry stored after it is keyed and found too', async () => {
    const enquiry = enquirySchema.parse({
      studentName: 'Ishaan Yadav',
      phone: '98765 43210',
      course: 'jee',
      city: 'Patna',
      consent: true,
    });
    await createEnquiryRepository(database).save(enquiry, { source: 'json' });
    expect(await total('ईशान')).toBe(1);
    expect(await total('पटना')).toBe(1);
  });

  it('undone, the keys are gone; done again, the inbox finds by them', async () => {
    // A row stored while the keys were there: keyed again when the migration is done again.
    const enquiry = enquirySchema.parse({
      studentName: 'Kabir Joshi',
      phone: '98765 43211',
      course: 'neet-year-long',
      city: 'Indore',
      consent: true,
    });
    await createEnquiryRepository(database).save(enquiry, { source: 'json' });
    await migrateTo(database.db, name, await lastBefore016(name));
    const row = await database.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('name_key');
    expect(row).toHaveProperty('student_name');
    // Done again, with every migration after it (the inbox reads their columns too).
    await migrateTo(database.db, name, (await latestMigration(name)) ?? KEYS_MIGRATION);
    expect(await total('राहुल वर्मा')).toBe(EACH);
    expect(await total('कबीर')).toBe(1);
    expect(await total('इंदौर')).toBe(1);
  });
});
