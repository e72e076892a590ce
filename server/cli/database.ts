/**
 * Backups of the database DATABASE_URL names: everything in it (enquiries, their deliveries,
 * staff accounts, the desk's notes and history).
 *
 *   npm run database -- backup FILE               while the server runs
 *   npm run database -- restore FILE [--replace]  with every server instance stopped
 *
 * SQLite: SQLite's online backup (a consistent copy of a database in use, other writers
 * carrying on) to a single .db file, checked with integrity_check. Restore copies it back,
 * keeping the file it replaces beside it as <file>.before-restore-<time>.
 * PostgreSQL: pg_dump's custom format, and pg_restore (Debian's postgresql-client has both).
 * Restore goes into an empty database; --replace drops what is there first.
 */
import '../runtime';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs, promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../config';
import { engineOf } from '../db/database';
import { runCli, UsageError } from './run';

const run = promisify(execFile);

const USAGE = `Usage:
  npm run database -- backup FILE                while the server runs
  npm run database -- restore FILE [--replace]   with every server instance stopped`;

const kilobytes = (file: string) => `${Math.round(statSync(file).size / 1024)} KB`;

/** How many enquiries and staff accounts a SQLite file holds, after checking it is whole. */
function checkSqlite(file: string): string {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return `${count('enquiries')} enquiries, ${count('staff')} staff accounts`;
  } finally {
    sqlite.close();
  }
}

async function postgresCounts(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (table: string) => (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n;
    return `${await count('enquiries')} enquiries, ${await count('staff')} staff accounts`;
  } finally {
    await client.end();
  }
}

const sqlitePath = (url: string) => resolve(url.slice('file:'.length));

function target(args: string[], options: NonNullable<ParseArgsConfig['options']> = {}) {
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('Name one backup file.');
  const url = loadConfig().DATABASE_URL;
  return { file: resolve(file), url, engine: engineOf(url), values };
}

async function backup(args: string[]) {
  const { file, url, engine } = target(args);
  mkdirSync(dirname(file), { recursive: true });
  const started = Date.now();
  if (engine === 'sqlite') {
    const source = new SQLite(sqlitePath(url), { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    console.log(`Backed up ${checkSqlite(file)} to ${file} (${kilobytes(file)}) in ${Date.now() - started} ms`);
  } else {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
    // Counting the live database now would include what arrived after pg_dump's snapshot: restore says what the file holds.
    console.log(`Backed up to ${file} (${kilobytes(file)}) in ${Date.now() - started} ms`);
  }
}

async function restore(args: string[]) {
  const { file, url, engine, values } = target(args, { replace: { type: 'boolean', default: false } });
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  if (engine === 'sqlite') {
    checkSqlite(file);
    const path = sqlitePath(url);
    if (existsSync(path)) {
      const aside = `${path}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(path, aside);
      console.log(`Kept the database it replaces as ${aside}`);
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    mkdirSync(dirname(path), { recursive: true });
    const backupFile = new SQLite(file, { readonly: true });
    try {
      await backupFile.backup(path);
    } finally {
      backupFile.close();
    }
    console.log(`Restored ${checkSqlite(path)} into ${path}`);
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const inUse = (await client.query(`select to_regclass('public.enquiries') is not null as present`)).rows[0].present;
    await client.end();
    if (inUse && !values.replace) {
      throw new Error('The database already has enquiries tables: restore into an empty database, or add --replace.');
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(inUse ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      file,
    ]);
    console.log(`Restored ${await postgresCounts(url)} from ${file}`);
  }
}

runCli({ backup, restore }, USAGE);
