/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` binaries (initdb, pg_ctl):
 * in a temporary directory, on loopback only, removed by `stop()`. Used by the test
 * setup (tests/support/postgres.ts), the deployment test and the benchmarks (bench/engines.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

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

export type ThrowawayPostgres = { url: string; stop: () => void };

/**
 * Starts a cluster, or resolves to undefined when PostgreSQL's binaries are not installed.
 *
 * `durable: false`: without fsync (the manual's "non-durable settings", for a cluster made again
 * from nothing), for the tests' cluster, where every test file makes databases. DROP DATABASE
 * forces an immediate checkpoint, and with fsync that flushed every file of every database made
 * so far: on a busy machine, 7 to 46 s a drop after 60 databases made (0.3 s without fsync), and
 * past 170 s in a busy `bench:suite` run. Nothing under test stops PostgreSQL itself, so nothing
 * relies on its flushes. The benchmarks and the deployment test keep them, as production has them.
 */
export async function startThrowawayPostgres({ durable = true } = {}): Promise<ThrowawayPostgres | undefined> {
  const bin = findBinDir();
  if (!bin) return undefined;
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
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${durable ? '' : ' -c fsync=off -c full_page_writes=off'}`,
    'start',
  ]);
  return {
    url: `postgres://site@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
