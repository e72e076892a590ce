/** The database engines the tests run against: SQLite always, PostgreSQL when the global setup started one. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database';

export type EngineUnderTest = { name: 'sqlite' | 'postgres'; open: () => Promise<Db> };

/**
 * A new PostgreSQL database on the test cluster, of its own (so test files running side by
 * side never share one): its URL. Empty, or with `template` a copy of that database (the
 * migrated one tests/support/postgres.ts made).
 */
export async function freshPostgresUrl(adminUrl: string, template?: string): Promise<string> {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** A database already migrated (a copy of the template), opened as the server opens it (which finds nothing to migrate). */
async function freshPostgres(adminUrl: string): Promise<Db> {
  return openDatabase(await freshPostgresUrl(adminUrl, inject('postgresTemplate')));
}

export function enginesUnderTest(): EngineUnderTest[] {
  const postgresUrl = inject('postgresUrl');
  return [
    { name: 'sqlite', open: () => openDatabase('file::memory:') },
    ...(postgresUrl ? [{ name: 'postgres' as const, open: () => freshPostgres(postgresUrl) }] : []),
  ];
}

export const postgresAvailable = () => Boolean(inject('postgresUrl'));
