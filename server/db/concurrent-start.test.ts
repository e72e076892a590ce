/**
 * Several instances starting at once on a new database (a deploy that starts two, or a restart
 * overlapping the old process): each runs the migrations at start-up, and every one must start,
 * with each migration applied exactly once. Real processes, as a deploy has them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshPostgresUrl } from '../../tests/support/databases';
import { openDatabase } from './database';
import { migrationsFor } from './migrations';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'site-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INSTANCES = 4;
const postgresUrl = inject('postgresUrl');
const engines = [
  { name: 'sqlite' as const, url: async () => `file:${join(dir, 'site.db')}` },
  ...(postgresUrl ? [{ name: 'postgres' as const, url: () => freshPostgresUrl(postgresUrl) }] : []),
];

describe.each(engines)('$name: instances starting at once', ({ name, url: makeUrl }) => {
  it(`${INSTANCES} processes migrate a new database together: all start, each migration once`, async () => {
    const url = await makeUrl();
    const starts = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () =>
        run(process.execPath, ['--import', 'tsx', 'tests/support/open-database.ts', url], { timeout: 60_000 }),
      ),
    );
    expect(
      starts.map((start) =>
        start.status === 'fulfilled'
          ? 'started'
          : (/Database migration.*$/m.exec(String(start.reason))?.[0] ?? String(start.reason).slice(0, 300)),
      ),
    ).toEqual(Array(INSTANCES).fill('started'));

    const database = await openDatabase(url);
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(await migrationsFor(name)).sort());
    } finally {
      await database.close();
    }
    // Four Node processes starting beside the other test files on two cores: as long as each may take.
  }, 180_000);
});
