/** The database engines the tests run against: SQLite always, PostgreSQL when the global setup started one. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database';

export type EngineUnderTest = { name: 'sqlite' | 'postgres'; open: () => Promise<Db> };

/** A new, empty PostgreSQL database on the test cluster: its URL. */
export async function freshPostgresUrl(adminUrl: string): Promise<string> {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

const freshPostgres = async (adminUrl: string): Promise<Db> => openDatabase(await freshPostgresUrl(adminUrl));

export function enginesUnderTest(): EngineUnderTest[] {
  const postgresUrl = inject('postgresUrl');
  return [
    { name: 'sqlite', open: () => openDatabase('file::memory:') },
    ...(postgresUrl ? [{ name: 'postgres' as const, open: () => freshPostgres(postgresUrl) }] : []),
  ];
}

export const postgresAvailable = () => Boolean(inject('postgresUrl'));
