/**
 * Runs a benchmark on each database engine: SQLite (a file in a temporary directory) and
 * PostgreSQL (a throwaway cluster) when its binaries are installed, or only the one `only`
 * names. Each is cleaned up after its run; the results come back in that order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';

export type Engine = 'sqlite' | 'postgres';

export async function onEachEngine<T>(bench: (engine: Engine, url: string) => Promise<T>, only?: Engine): Promise<T[]> {
  const results: T[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'site-bench-'));
    try {
      results.push(await bench('sqlite', `file:${join(dir, 'bench.db')}`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== 'sqlite') {
    const postgres = await startThrowawayPostgres();
    if (!postgres)
      console.log(
        '(PostgreSQL binaries not found: PostgreSQL skipped; bash scripts/ensure-system.sh postgres installs them)',
      );
    else {
      try {
        results.push(await bench('postgres', postgres.url));
      } finally {
        postgres.stop();
      }
    }
  }
  return results;
}
