/**
 * Opening a SQLite file: a migration that fails halfway leaves the schema as it was, so
 * the next start, once the cause is mended, applies it whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from './database';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-db-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const objects = (path: string) => {
  const sqlite = new SQLite(path, { readonly: true });
  try {
    return (sqlite.prepare(`select name from sqlite_master`).all() as { name: string }[]).map((row) => row.name);
  } finally {
    sqlite.close();
  }
};

it('a migration that fails halfway on SQLite is rolled back whole, and applied once the cause is gone', async () => {
  const path = join(dir, 'site.db');
  // A trigger (on another table) already named as one the search-index migration makes:
  // that migration fails after the earlier ones and after its own table and first trigger.
  const clash = new SQLite(path);
  clash.exec(`create table elsewhere (id text)`);
  clash.exec(`create trigger enquiries_search_delete after delete on elsewhere begin select 1; end`);
  clash.close();

  await expect(openDatabase(`file:${path}`)).rejects.toThrow(/Database migration .* failed/);
  const after = objects(path);
  expect(after).not.toContain('enquiries');
  expect(after).not.toContain('enquiry_search');
  expect(after).not.toContain('staff');

  const mend = new SQLite(path);
  mend.exec(`drop trigger enquiries_search_delete`);
  mend.close();
  const database = await openDatabase(`file:${path}`);
  await database.close();
  expect(objects(path)).toEqual(
    expect.arrayContaining(['enquiries', 'staff', 'enquiry_search', 'enquiries_search_delete']),
  );
});
