/**
 * Vitest global setup: a throwaway PostgreSQL cluster for the tests that run against
 * both engines. It uses Debian's `postgresql` binaries (initdb, pg_ctl), lives in a
 * temporary directory, listens on loopback only, and is removed afterwards.
 *
 * - TEST_POSTGRES_URL set: that database is used instead (nothing is started).
 * - No PostgreSQL binaries: the PostgreSQL tests are skipped with a notice, unless
 *   REQUIRE_POSTGRES=1 (CI sets it), which makes that an error.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined;
  }
}

function findBinDir(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
    ...(onPath ? [onPath.replace(/\/pg_ctl$/, '')] : []),
  ];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return;
  }
  const bin = findBinDir();
  if (!bin) {
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

  // initdb refuses to run as root: run the cluster as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'site-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });

  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'site', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  project.provide('postgresUrl', `postgres://site@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
