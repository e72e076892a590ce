/**
 * Seats never overbooked (issue 27): N families POST /api/registrations at once for a session
 * of S seats, spread over two app instances on one database (PostgreSQL; SQLite has one
 * instance: one file, one writer). Prints the answers by status (201 booked, 409 full, anything
 * else counts as an error), whether the rows and the seat count agree, and p50/p95 of the
 * requests. The session is published as live content for the run (dated around today).
 *
 *   npm run bench:registrations                         500 families, 50 seats, both engines
 *   npm run bench:registrations -- --count 2000 --seats 300 --engine postgres
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { argv } from 'node:process';
import { addDays, localDate } from '../shared/institute-calendar';
import type { EventSession } from '../shared/schema/events';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createContentRepository } from '../server/db/content-repository';
import { openDatabase } from '../server/db/database';
import { startingContent } from '../src/content/site-content';
import { makeClientDir } from '../tests/support/client-dir';
import { phoneStandIn } from '../tests/support/phone-codes';
import { type Engine, onEachEngine } from './engines';

const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const COUNT = option('count', 500);
const SEATS = option('seats', 50);
const ONLY = ((at) => (at >= 0 ? (argv[at + 1] as Engine) : undefined))(argv.indexOf('--engine'));

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const today = localDate(new Date());
const session: EventSession = {
  id: 'bench-race',
  type: 'scholarship-test',
  date: addDays(today, 7),
  reportBy: '09:30',
  starts: '10:00',
  ends: '12:00',
  online: false,
  capacity: SEATS,
  classes: ['12'],
  courses: ['jee'],
  opens: today,
  closes: addDays(today, 6),
};

async function bench(engine: Engine, url: string) {
  const instances = engine === 'postgres' ? 2 : 1;
  const databases = await Promise.all(Array.from({ length: instances }, () => openDatabase(url)));
  const first = databases[0] as (typeof databases)[number];
  await createContentRepository(first).publish(
    { ...startingContent, institute: { ...startingContent.institute, eventSessions: [session] } },
    { basedOn: undefined },
  );
  const clientDir = makeClientDir();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENQUIRY_RATE_LIMIT: '1000000' });
  // Each family's phone: the code that proves its number arrives here (a seat needs a proved number).
  const phones = phoneStandIn();
  const apps = await Promise.all(
    databases.map((database) => buildApp({ config, clientDir, database, deliveryWorker: false, codeSender: phones })),
  );
  try {
    // Every family proves its number before the race: the race is for the seats.
    const numberOf = (i: number) => `9${String(100_000_000 + i)}`;
    const proofs: string[] = [];
    for (let i = 0; i < COUNT; i++) proofs.push(await phones.prove(apps[0] as (typeof apps)[number], numberOf(i)));
    const times: number[] = [];
    const statuses: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const at = performance.now();
        const res = await apps[i % instances]?.inject({
          method: 'POST',
          url: '/api/registrations',
          payload: {
            studentName: `Racer ${i}`,
            phone: numberOf(i),
            numberProof: proofs[i],
            classLevel: '12',
            course: 'jee',
            city: 'Jaipur',
            consent: true,
            language: 'hi',
            sessionId: session.id,
          },
        });
        times.push(performance.now() - at);
        statuses.push(res?.statusCode ?? 0);
      }),
    );
    const all = performance.now() - started;
    const booked = statuses.filter((status) => status === 201).length;
    const full = statuses.filter((status) => status === 409).length;
    const errors = statuses.filter((status) => status !== 201 && status !== 409);
    const rows = await first.db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const seats = await first.db.selectFrom('session_seats').select('taken').executeTakeFirst();
    times.sort((a, b) => a - b);
    console.log(
      `${engine} (${instances} instance${instances > 1 ? 's' : ''}): ${COUNT} families for ${SEATS} seats: ` +
        `${booked} booked (201), ${full} told "full" (409), ${errors.length} errors` +
        `${errors.length ? ` (${[...new Set(errors)].join(', ')})` : ''}; ` +
        `${Number(rows.n)} registrations stored, ${Number(seats?.taken ?? 0)} seats counted; ` +
        `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, all ${all.toFixed(0)} ms`,
    );
    return booked === Math.min(SEATS, COUNT) && errors.length === 0 && Number(rows.n) === Number(seats?.taken ?? 0);
  } finally {
    rmSync(clientDir, { recursive: true, force: true });
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
  }
}

const results = await onEachEngine(bench, ONLY);
if (results.some((fine) => !fine)) {
  console.log('Overbooked, short or failed: see above.');
  process.exitCode = 1;
}
