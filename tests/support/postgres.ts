/**
 * Vitest global setup: a throwaway PostgreSQL cluster for the tests that run against
 * both engines (scripts/throwaway-postgres.ts), with one database migrated once here as a
 * template: each test's database is a copy of it (`CREATE DATABASE … TEMPLATE`), which is
 * much quicker than migrating each one (tests/support/databases.ts).
 *
 * - TEST_POSTGRES_URL set: that cluster is used instead (nothing is started; the template
 *   is made there and dropped at the end).
 * - No PostgreSQL binaries: the PostgreSQL tests are skipped with a notice, unless
 *   REQUIRE_POSTGRES=1 (CI sets it), which makes that an error.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined;
    /** A database on that cluster with every migration applied, to copy (never to connect to). */
    postgresTemplate: string | undefined;
  }
}

async function admin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates the template database and migrates it: its name. */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `template_${randomUUID().replace(/-/g, '')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.href);
  await database.close();
  return name;
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES_URL) {
    const url = process.env.TEST_POSTGRES_URL;
    const template = await migratedTemplate(url);
    project.provide('postgresUrl', url);
    project.provide('postgresTemplate', template);
    return () => admin(url, `drop database if exists ${template}`);
  }
  // Without fsync: the suite makes a database for every test file and drops some (scripts/throwaway-postgres.ts).
  const postgres = await startThrowawayPostgres({ durable: false });
  if (!postgres) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(
        'REQUIRE_POSTGRES=1 but no PostgreSQL binaries were found (install Debian package "postgresql").',
      );
    }
    console.warn(
      '\n[postgres] initdb/pg_ctl not found: PostgreSQL tests are skipped. Install "postgresql" to run them.\n',
    );
    project.provide('postgresUrl', undefined);
    project.provide('postgresTemplate', undefined);
    return;
  }
  try {
    project.provide('postgresTemplate', await migratedTemplate(postgres.url));
  } catch (error) {
    postgres.stop();
    throw error;
  }
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
