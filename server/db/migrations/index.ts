/**
 * The numbered migrations, in order: every file `NNN-what-it-does.ts` in this folder, under
 * its name. A migration exports `up` (and `down`); one whose SQL differs by engine exports
 * `forEngine(engine)` returning them instead. `migrateToLatest` applies what is missing on
 * start-up, on SQLite and PostgreSQL alike. A new migration is a new file: nothing lists it.
 */
import { readdir } from 'node:fs/promises';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';

const folder = new URL('.', import.meta.url);
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.ts$/;

type MigrationModule = Migration | { forEngine: (engine: Engine) => Migration };

export async function migrationsFor(engine: Engine): Promise<Record<string, Migration>> {
  const files = (await readdir(folder)).filter((file) => MIGRATION_FILE.test(file)).sort();
  return Object.fromEntries(
    await Promise.all(
      files.map(async (file) => {
        const migration = (await import(new URL(file, folder).href)) as MigrationModule;
        return [file.replace(/\.ts$/, ''), 'forEngine' in migration ? migration.forEngine(engine) : migration] as const;
      }),
    ),
  );
}
