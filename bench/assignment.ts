/**
 * How evenly new enquiries are shared (server/db/assignment.ts) when many arrive at once: N
 * enquiries posted together through the public API, half through each of two app instances on
 * one database (PostgreSQL; SQLite has one instance: it is one file with one writer), among C
 * counsellors. Prints each counsellor's share, the largest gap between two of them, and how
 * long storing took (p50 and p95 of the requests, and all of them).
 *
 *   npm run bench:assignment                         100 enquiries, 3 counsellors, both engines
 *   npm run bench:assignment -- --count 400 --counsellors 7 --engine postgres
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { argv } from 'node:process';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { createStaffRepository } from '../server/db/staff-repository';
import { makeClientDir } from '../tests/support/client-dir';
import { type Engine, onEachEngine } from './engines';

const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const COUNT = option('count', 100);
const COUNSELLORS = option('counsellors', 3);
const ONLY = ((at) => (at >= 0 ? (argv[at + 1] as Engine) : undefined))(argv.indexOf('--engine'));

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function bench(engine: Engine, url: string) {
  const instances = engine === 'postgres' ? 2 : 1;
  const databases = await Promise.all(Array.from({ length: instances }, () => openDatabase(url)));
  const clientDir = makeClientDir();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENQUIRY_RATE_LIMIT: '1000000' });
  const apps = await Promise.all(
    databases.map((database) => buildApp({ config, clientDir, database, deliveryWorker: false })),
  );
  try {
    const staff = createStaffRepository(databases[0] as (typeof databases)[number]);
    const ids: string[] = [];
    for (let n = 0; n < COUNSELLORS; n++)
      ids.push(
        (await staff.add({ email: `c${n}@example.com`, name: `C${n}`, role: 'counsellor', passwordHash: 'x' })).id,
      );
    const started = performance.now();
    const times = await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const t = performance.now();
        const res = await apps[i % instances]?.inject({
          method: 'POST',
          url: '/api/enquiries',
          payload: {
            studentName: 'Asha Verma',
            phone: `9${String(100_000_000 + i)}`,
            classLevel: '12',
            course: 'jee',
            city: 'Jaipur',
            consent: true,
          },
        });
        if (res?.statusCode !== 201) throw new Error(`enquiry ${i}: ${res?.statusCode} ${res?.body}`);
        return performance.now() - t;
      }),
    );
    const total = performance.now() - started;
    const rows = await (databases[0] as (typeof databases)[number]).db
      .selectFrom('enquiries')
      .select(['assignee_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('assignee_id')
      .execute();
    const shares = ids.map((id) => Number(rows.find((row) => row.assignee_id === id)?.n ?? 0));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${engine} (${instances} instance${instances > 1 ? 's' : ''}): ${COUNT} at once among ${COUNSELLORS}: ` +
        `${shares.join(' / ')} (gap ${Math.max(...shares) - Math.min(...shares)}); ` +
        `stored in p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, all in ${total.toFixed(0)} ms`,
    );
  } finally {
    rmSync(clientDir, { recursive: true, force: true });
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  }
}

await onEachEngine(bench, ONLY);
