/**
 * Migration 030 on enquiries stored before it: each takes what brought its family first (its
 * family's first enquiry's campaign) from the family's earliest enquiry; one held apart keeps its
 * own. On SQLite (a file) and PostgreSQL (an empty database of its own): the migrations before
 * 030 applied, rows inserted, then the database opened as the server opens it.
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
import { type Db, openDatabase } from './database';
import type { Engine } from './engine';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

const FIRST_TOUCH_MIGRATION = '030-first-touch';

function connect(engine: Engine, url: string): Kysely<Database> {
  return engine === 'sqlite'
    ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(url.slice('file:'.length)) }) })
    : new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
}

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const row = (id: string, day: number, family: string, campaign: [string, string] | null, more = {}) =>
  enquiryRow({
    id,
    created_at: at(day),
    student_name: 'Asha Verma',
    phone: family === 'verma' ? '+919811100001' : '+919811100002',
    class_level: '12',
    course: 'jee',
    city: 'Jaipur',
    enquirer: 'parent',
    language: 'en',
    family_id: family,
    lead_received_at: at(1),
    utm_source: campaign?.[0] ?? null,
    utm_campaign: campaign?.[1] ?? null,
    ...more,
  });

/** The Vermas: found by a Meta ad, back from a brand search; an unproved enquiry on their number held apart. The Guptas: a direct visit. */
const stored = [
  row('verma-1', 1, 'verma', ['facebook', 'neet-reels'], { superseded_at: at(8) }),
  row('verma-2', 8, 'verma', ['google', 'brand-search']),
  row('verma-held', 9, 'verma', ['instagram', 'someone-else'], { superseded_at: at(9), repeat_check: 'pending' }),
  row('gupta-1', 3, 'gupta', null),
];

async function storedBefore030(engine: Engine, url: string) {
  const db = connect(engine, url);
  try {
    const names = Object.keys(await migrationsFor(engine)).filter((name) => name < FIRST_TOUCH_MIGRATION);
    const migrator = new Migrator({ db, provider: { getMigrations: () => migrationsFor(engine) } });
    const { error } = await migrator.migrateTo(names.sort().at(-1) as string);
    if (error) throw error;
    await db.insertInto('enquiries').values(stored).execute();
  } finally {
    await db.destroy();
  }
}

const engines: { name: Engine; url: () => Promise<string> }[] = [
  { name: 'sqlite', url: async () => `file:${join(mkdtempSync(join(tmpdir(), 'site-030-')), 'site.db')}` },
];
if (inject('postgresUrl'))
  engines.push({ name: 'postgres', url: () => freshPostgresUrl(inject('postgresUrl') as string) });

describe.each(engines)('migration 030 on enquiries stored before it, on $name', ({ name, url }) => {
  let database: Db;
  let location: string;
  beforeAll(async () => {
    location = await url();
    await storedBefore030(name, location);
    database = await openDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    if (name === 'sqlite') rmSync(join(location.slice('file:'.length), '..'), { recursive: true, force: true });
  });

  it('gives each enquiry what brought its family first, and one held apart its own', async () => {
    const rows = await database.db
      .selectFrom('enquiries')
      .select(['id', 'first_utm_source', 'first_utm_campaign', 'utm_campaign'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'gupta-1', first_utm_source: null, first_utm_campaign: null, utm_campaign: null },
      { id: 'verma-1', first_utm_source: 'facebook', first_utm_campaign: 'neet-reels', utm_campaign: 'neet-reels' },
      { id: 'verma-2', first_utm_source: 'facebook', first_utm_campaign: 'neet-reels', utm_campaign: 'brand-search' },
      {
        id: 'verma-held',
        first_utm_source: 'instagram',
        first_utm_campaign: 'someone-else',
        utm_campaign: 'someone-else',
      },
    ]);
  });
});
