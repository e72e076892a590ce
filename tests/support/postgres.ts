/**
 * Vitest global setup: a throwaway PostgreSQL cluster for the tests that run against
 * both engines (scripts/throwaway-postgres.ts).
 *
 * - TEST_POSTGRES_URL set: that database is used instead (nothing is started).
 * - No PostgreSQL binaries: the PostgreSQL tests are skipped with a notice, unless
 *   REQUIRE_POSTGRES=1 (CI sets it), which makes that an error.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return;
  }
  const postgres = await startThrowawayPostgres();
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
    return;
  }
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
