/**
 * Seats never overbooked (issue 27): N families register at once for a session of S seats,
 * spread over two instances on one database (PostgreSQL; SQLite has one instance: one file,
 * one writer). Prints how many were booked and told "full", how many failed, whether the seat
 * count and the rows agree, and the p50/p95 of the registrations.
 *
 * This step times the registration repository (server/db/registration-repository.ts: the
 * enquiry stored, the seat taken, the registration written, in one transaction); the public
 * endpoint will be timed here through HTTP when it lands.
 *
 *   npm run bench:registrations                         500 families, 50 seats, both engines
 *   npm run bench:registrations -- --count 2000 --seats 300 --engine postgres
 */
import { performance } from 'node:perf_hooks';
import { argv } from 'node:process';
import { enquirySchema } from '../shared/schema/enquiry';
import type { EventSession } from '../shared/schema/events';
import { openDatabase } from '../server/db/database';
import { createEnquiryRepository } from '../server/db/enquiry-repository';
import { createRegistrationRepository } from '../server/db/registration-repository';
import { type Engine, onEachEngine } from './engines';

const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const COUNT = option('count', 500);
const SEATS = option('seats', 50);
const ONLY = ((at) => (at >= 0 ? (argv[at + 1] as Engine) : undefined))(argv.indexOf('--engine'));

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const session: EventSession = {
  id: 'bench-race',
  type: 'scholarship-test',
  date: '2026-12-13',
  reportBy: '09:30',
  starts: '10:00',
  ends: '12:00',
  online: false,
  capacity: SEATS,
  classes: ['12'],
  courses: ['jee'],
  opens: '2026-11-01',
  closes: '2026-12-12',
};

async function bench(engine: Engine, url: string) {
  const instances = engine === 'postgres' ? 2 : 1;
  const databases = await Promise.all(Array.from({ length: instances }, () => openDatabase(url)));
  try {
    const seats = databases.map((database) =>
      createRegistrationRepository(database, createEnquiryRepository(database)),
    );
    const times: number[] = [];
    const started = performance.now();
    const answers = await Promise.allSettled(
      Array.from({ length: COUNT }, async (_, i) => {
        const enquiry = enquirySchema.parse({
          studentName: `Racer ${i}`,
          phone: `9${String(100_000_000 + i)}`,
          classLevel: '12',
          course: 'jee',
          city: 'Jaipur',
          consent: true,
        });
        const at = performance.now();
        const booking = await seats[i % instances]?.register(enquiry, session, { source: 'json', language: 'hi' });
        times.push(performance.now() - at);
        return booking;
      }),
    );
    const all = performance.now() - started;
    const outcome = (name: string) =>
      answers.filter((answer) => answer.status === 'fulfilled' && answer.value?.outcome === name).length;
    const errors = answers.filter((answer) => answer.status === 'rejected');
    const first = databases[0] as (typeof databases)[number];
    const rows = await first.db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const taken = (await seats[0]?.seatsTaken())?.get(session.id) ?? 0;
    times.sort((a, b) => a - b);
    console.log(
      `${engine} (${instances} instance${instances > 1 ? 's' : ''}): ${COUNT} families for ${SEATS} seats: ` +
        `${outcome('booked')} booked, ${outcome('full')} told "full", ${errors.length} errors; ` +
        `${Number(rows.n)} registrations stored, ${taken} seats counted; ` +
        `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, all ${all.toFixed(0)} ms`,
    );
    for (const error of errors.slice(0, 3)) console.log(`  error: ${String((error as PromiseRejectedResult).reason)}`);
    return outcome('booked') === Math.min(SEATS, COUNT) && errors.length === 0 && Number(rows.n) === taken;
  } finally {
    await Promise.all(databases.map((database) => database.close()));
  }
}

const results = await onEachEngine(bench, ONLY);
if (results.some((fine) => !fine)) {
  console.log('Overbooked, short or failed: see above.');
  process.exitCode = 1;
}
