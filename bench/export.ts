/**
 * `npm run bench:export`: the staff export (`GET /api/enquiries/export`, the token's CSV)
 * on 100,000 enquiries, or with `--export desk` the desk's spreadsheet (`GET /api/staff/export`,
 * an admin signed in; every other enquiry has two notes, which it joins in one cell). For SQLite (a file in a temporary directory) and PostgreSQL when
 * its binaries are installed (a throwaway cluster), it seeds the enquiries straight into
 * the database (500 rows per insert, in one transaction), starts the production server (`server/server.ts`,
 * a child process), runs one export, then three at once, and prints for each: the wall
 * time, rows and bytes received, the server's peak resident memory (sampled every 20 ms
 * from /proc/<pid>/status, VmRSS) against its memory before, and the slowest `/healthz`
 * answer while the exports ran (asked one after another, all the time). It prints figures
 * and asserts nothing.
 *
 *   npm run bench:export                                   100,000 enquiries, both engines
 *   npm run bench:export -- --count 20000 --engine sqlite  a quick run
 *   npm run bench:export -- --export desk                  the desk's export
 */
import { readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Insertable } from 'kysely';
import { openDatabase } from '../server/db/database';
import type { Database } from '../server/db/schema';
import { createStaffRepository } from '../server/db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../server/staff/passwords';
import { makeClientDir } from '../tests/support/client-dir';
import { courseSlugs } from '../shared/courses';
import { classLevels } from '../shared/schema/enquiry';
import { enquiryRow } from '../tests/support/enquiry-row';
import { type Engine, onEachEngine } from './engines';
import { startSiteServer } from './site-server';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const COUNT = Number(option('--count', '100000'));
const ENGINE = option('--engine', 'both');
const DESK = option('--export', 'token') === 'desk';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-0123' };
/** Rows per insert: 500 × 36 columns stays under SQLite's 32,766 bound parameters. */
const BATCH = 500;
const TOKEN = 'bench-export-token-0123456789abcdef';
const DAY_MS = 86_400_000;

/** Enquiries spread over the last 300 days (inside the retention the server purges at start), with awkward text. */
function batch(from: number, size: number, now: number): Insertable<Database['enquiries']>[] {
  return Array.from({ length: size }, (_, k) => {
    const n = from + k;
    const createdAt = new Date(now - ((n * 7919) % (300 * DAY_MS))).toISOString();
    return enquiryRow({
      id: `e${String(n).padStart(7, '0')}`,
      created_at: createdAt,
      student_name: n % 50 === 0 ? `=HYPERLINK("x","Student ${n}")` : `Student ${n} Sharma`,
      phone: `+919${String(n).padStart(9, '0')}`,
      email: n % 3 === 0 ? `student${n}@example.com` : null,
      class_level: classLevels[n % classLevels.length] as string,
      course: courseSlugs[n % courseSlugs.length] as string,
      city: 'Jaipur',
      message: n % 5 === 0 ? 'Please call after 6 pm, "not" before.\nWeekend batch?' : null,
      enquirer: n % 2 ? 'parent' : 'student',
      student_under_18: n % 2 ? null : 0,
      language: n % 4 ? 'en' : 'hi',
      utm_source: n % 3 ? 'facebook' : null,
      utm_campaign: n % 3 ? 'neet-2027-jaipur' : null,
    });
  });
}

/** Two notes on every other enquiry of a batch (the desk's export joins them in one cell). */
function notes(from: number, size: number, authorId: string): Insertable<Database['enquiry_notes']>[] {
  return Array.from({ length: size }, (_, k) => from + k)
    .filter((n) => n % 2 === 0)
    .flatMap((n) =>
      [1, 2].map((i) => ({
        id: `n${String(n).padStart(7, '0')}-${i}`,
        enquiry_id: `e${String(n).padStart(7, '0')}`,
        author_id: authorId,
        body: i === 1 ? 'Called, no answer.' : 'Spoke to the parent: visit on Saturday, "after 11".',
        created_at: new Date(Date.UTC(2026, 0, 1, 9, i)).toISOString(),
      })),
    );
}

async function seed(url: string) {
  const database = await openDatabase(url);
  const now = Date.now();
  const started = performance.now();
  try {
    const admin = DESK
      ? await createStaffRepository(database).add({
          email: ADMIN.email,
          name: 'Bench Admin',
          role: 'admin',
          passwordHash: await hashPassword(ADMIN.password, TEST_ONLY_COST),
        })
      : undefined;
    await database.db.transaction().execute(async (trx) => {
      for (let from = 0; from < COUNT; from += BATCH) {
        const size = Math.min(BATCH, COUNT - from);
        await trx
          .insertInto('enquiries')
          .values(batch(from, size, now))
          .execute();
        if (admin)
          await trx
            .insertInto('enquiry_notes')
            .values(notes(from, size, admin.id))
            .execute();
      }
    });
  } finally {
    await database.close();
  }
  return performance.now() - started;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-IN')} KiB`;
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/** VmRSS (or another line) of /proc/<pid>/status, in kB. */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM') {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return Number(match?.[1] ?? 0);
}

type Export = { ms: number; status: number; bytes: number; rows: number };

/** What an export request carries: the token, or (the desk's) the admin's session cookie. */
async function credentials(origin: string): Promise<Record<string, string>> {
  if (!DESK) return { authorization: `Bearer ${TOKEN}` };
  const res = await fetch(`${origin}/api/staff/session`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('desk_session='));
  if (!cookie) throw new Error(`could not sign in for the desk's export (${res.status})`);
  return { cookie: cookie.split(';')[0] as string };
}

async function exportOnce(origin: string, headers: Record<string, string>): Promise<Export> {
  const started = performance.now();
  const res = await fetch(`${origin}${DESK ? '/api/staff/export' : '/api/enquiries/export'}`, { headers });
  let bytes = 0;
  let quotes = 0;
  let lineBreaks = 0;
  // Rows: line breaks outside quoted cells (a message may hold one), less the header's.
  const decoder = new TextDecoder();
  for await (const chunk of res.body ?? []) {
    bytes += chunk.byteLength;
    for (const c of decoder.decode(chunk, { stream: true })) {
      if (c === '"') quotes += 1;
      else if (c === '\n' && quotes % 2 === 0) lineBreaks += 1;
    }
  }
  return { ms: performance.now() - started, status: res.status, bytes, rows: Math.max(0, lineBreaks - 1) };
}

/** Runs `work` while sampling the server's memory and asking /healthz; the figures. */
async function measure(pid: number, origin: string, work: () => Promise<Export[]>) {
  const before = statusKb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS'));
  }, 20);
  let running = true;
  let worstHealthMs = 0;
  let healthChecks = 0;
  const health = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${origin}/healthz`);
      await res.arrayBuffer();
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      healthChecks += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const exports = await work();
  const ms = performance.now() - started;
  running = false;
  await health;
  clearInterval(sampler);
  peak = Math.max(peak, statusKb(pid, 'VmRSS'));
  return { ms, exports, before, peak, worstHealthMs, healthChecks };
}

async function benchEngine(name: string, url: string) {
  const seedMs = await seed(url);
  const clientDir = makeClientDir();
  const server = await startSiteServer({
    host: '127.0.0.1',
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATABASE_URL: url,
      CLIENT_DIR: clientDir,
      STAFF_TOKEN: TOKEN,
      EXPORT_RATE_LIMIT: '1000',
      META_PIXEL_ID: '',
      SMTP_URL: '',
      ENQUIRY_WEBHOOK_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // Warm up the server's code paths (a first small request), then measure.
    await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
    const headers = await credentials(server.origin);
    const once = () => exportOnce(server.origin, headers);
    const one = await measure(server.pid, server.origin, async () => [await once()]);
    const three = await measure(server.pid, server.origin, () => Promise.all([once(), once(), once()]));
    const hwm = statusKb(server.pid, 'VmHWM');
    return { name, seedMs, one, three, hwm };
  } finally {
    await server.stop();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

type Result = Awaited<ReturnType<typeof benchEngine>>;

function report({ name, seedMs, one, three, hwm }: Result) {
  console.log(
    `\n${name}, ${DESK ? "the desk's export" : "the token's export"}: ${COUNT.toLocaleString('en-IN')} enquiries seeded in ${(seedMs / 1000).toFixed(1)} s`,
  );
  for (const [label, run] of [
    ['one export', one],
    ['three at once', three],
  ] as const) {
    const exports = run.exports
      .map((e) => `${e.status} ${e.rows.toLocaleString('en-IN')} rows ${kib(e.bytes)} in ${(e.ms / 1000).toFixed(2)} s`)
      .join('; ');
    console.log(
      `  ${label.padEnd(14)} ${(run.ms / 1000).toFixed(2)} s  server RSS ${mib(run.before)} → peak ${mib(run.peak)}` +
        `  worst /healthz ${run.worstHealthMs.toFixed(0)} ms (${run.healthChecks} checks)\n    ${exports}`,
    );
  }
  console.log(`  server peak RSS over the whole run (VmHWM): ${mib(hwm)}`);
}

const results: Result[] = await onEachEngine(
  (engine, url) => benchEngine(engine === 'sqlite' ? 'SQLite' : 'PostgreSQL', url),
  ENGINE === 'both' ? undefined : (ENGINE as Engine),
);
results.forEach(report);
