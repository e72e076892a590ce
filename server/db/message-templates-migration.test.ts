/**
 * Migration 024 on an installation that saved its desk messages before it: a text still exactly
 * a default it started with moves to today's words; a text an admin wrote stays. On SQLite (a
 * file) and PostgreSQL (an empty database of its own): the migrations before 024 applied, the
 * setting saved, then the database opened as the server opens it.
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
import { earlierDefaults, messageTemplates } from '../../src/content/server-words';
import { type Db, openDatabase } from './database';
import { createDeskSettingsRepository } from './desk-settings-repository';
import type { Engine } from './engine';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

const TEMPLATES_MIGRATION = '024-message-templates';

const today = (id: string) => {
  const found = messageTemplates.find((template) => template.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found;
};
const before = (id: string, language: 'en' | 'hi') => earlierDefaults[id]?.[language][0] ?? '';

/** Hindi edited by an admin, English as it started. */
const editedHindi = 'नमस्ते {name}, मैं {counsellor}। हमारे सेंटर पर आइए।';
/** What the installation saved: two defaults untouched, one half edited, one of its own. */
const saved = [
  { ...today('course-details'), text: { en: before('course-details', 'en'), hi: before('course-details', 'hi') } },
  { ...today('first-reply'), text: { en: before('first-reply', 'en'), hi: editedHindi } },
  { id: 'fees-reminder', name: 'Fees', channel: 'whatsapp', text: { en: 'Fees: {fee}', hi: 'फ़ीस: {fee}' } },
];

function connect(engine: Engine, url: string): Kysely<Database> {
  return engine === 'sqlite'
    ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(url.slice('file:'.length)) }) })
    : new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
}

async function savedBefore024(engine: Engine, url: string) {
  const db = connect(engine, url);
  try {
    const names = Object.keys(await migrationsFor(engine)).filter((name) => name < TEMPLATES_MIGRATION);
    const migrator = new Migrator({ db, provider: { getMigrations: () => migrationsFor(engine) } });
    const { error } = await migrator.migrateTo(names.sort().at(-1) as string);
    if (error) throw error;
    await db
      .insertInto('desk_settings')
      .values({
        name: 'templates',
        value: JSON.stringify(saved),
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute();
  } finally {
    await db.destroy();
  }
}

const engines: { name: Engine; url: () => Promise<string> }[] = [
  { name: 'sqlite', url: async () => `file:${join(mkdtempSync(join(tmpdir(), 'site-024-')), 'site.db')}` },
];
if (inject('postgresUrl'))
  engines.push({ name: 'postgres', url: () => freshPostgresUrl(inject('postgresUrl') as string) });

describe.each(engines)('migration 024 on desk messages saved before it, on $name', ({ name, url }) => {
  let database: Db;
  let location: string;
  beforeAll(async () => {
    location = await url();
    await savedBefore024(name, location);
    database = await openDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    if (name === 'sqlite') rmSync(join(location.slice('file:'.length), '..'), { recursive: true, force: true });
  });

  it('moves each text still as it started to today’s words, and keeps every text an admin wrote', async () => {
    const templates = await createDeskSettingsRepository(database).get('templates');
    expect(templates.map((template) => template.id)).toEqual(['course-details', 'first-reply', 'fees-reminder']);
    expect(templates[0]?.text).toEqual(today('course-details').text);
    expect(templates[0]?.text.en).toContain('{feePeriod}');
    expect(templates[1]?.text).toEqual({ en: today('first-reply').text.en, hi: editedHindi });
    expect(templates[2]).toEqual(saved[2]);
  });
});
