/**
 * The attack of the security review of 2026-11-26 (H1), again (issue 38): a bot with made-up
 * numbers tries to take every seat of a 40-seat session, from 20 addresses, through the real
 * API, on each engine (two instances on PostgreSQL). It asks for codes for its numbers (it cannot
 * read them: they went to phones it does not have), guesses them, and books without them. Then a
 * real family books. Prints the seats the bot took (target 0), the leads it filed (target 0),
 * the messages the providers were asked to send (the cost of the attack, held by the limits),
 * and the family's result (target: booked).
 *
 *   npm run bench:exhaustion                            200 attempts, 20 addresses, both engines
 *   npm run bench:exhaustion -- --attempts 1000 --engine postgres
 */
import { rmSync } from 'node:fs';
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
const ATTEMPTS = option('attempts', 200);
const ADDRESSES = option('addresses', 20);
const SEATS = 40;
const ONLY = ((at) => (at >= 0 ? (argv[at + 1] as Engine) : undefined))(argv.indexOf('--engine'));

const today = localDate(new Date());
const session: EventSession = {
  id: 'bench-exhaustion',
  type: 'demo-class',
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
  // The phones: what the provider was asked to send arrives here (the bot never sees it).
  const phones = phoneStandIn();
  const apps = await Promise.all(
    databases.map((database) => buildApp({ config, clientDir, database, deliveryWorker: false, codeSender: phones })),
  );
  try {
    const booking = (i: number, extra: Record<string, unknown>) => ({
      studentName: `Bot ${i}`,
      phone: `9${String(800_000_000 + i)}`,
      classLevel: '12',
      course: 'jee',
      consent: true,
      language: 'en',
      sessionId: session.id,
      email: `bot${i}@example.com`,
      ...extra,
    });
    const answers = new Map<string, number>();
    const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: ATTEMPTS }, async (_, i) => {
        const app = apps[i % instances] as (typeof apps)[number];
        const remoteAddress = `198.51.100.${(i % ADDRESSES) + 1}`;
        const body = booking(i, {});
        // The bot's three tries: no code at all, a code asked for and guessed, a made-up proof.
        const none = await app.inject({ method: 'POST', url: '/api/registrations', remoteAddress, payload: body });
        count(`booking without a code ${none.statusCode}`);
        const asked = await app.inject({
          method: 'POST',
          url: '/api/phone-codes',
          remoteAddress,
          payload: { phone: body.phone },
        });
        count(`code asked ${asked.statusCode}`);
        if (asked.statusCode === 201) {
          const guessed = await app.inject({
            method: 'POST',
            url: '/api/registrations',
            remoteAddress,
            payload: { ...body, codeId: asked.json<{ id: string }>().id, code: String(100_000 + i) },
          });
          count(`booking with a guessed code ${guessed.statusCode}`);
        }
        const forged = await app.inject({
          method: 'POST',
          url: '/api/registrations',
          remoteAddress,
          payload: { ...body, numberProof: `${crypto.randomUUID()}.AAAAAAAAAAAAAAAAAAAAAA` },
        });
        count(`booking with a made-up proof ${forged.statusCode}`);
      }),
    );
    const attackMs = performance.now() - started;
    const seatsTaken = Number(
      (
        await first.db
          .selectFrom('session_seats')
          .select('taken')
          .where('session_id', '=', session.id)
          .executeTakeFirst()
      )?.taken ?? 0,
    );
    const leads = Number(
      (
        await first.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const messages = phones.sent.length;
    // A real family, from its own phone and address.
    const app = apps[0] as (typeof apps)[number];
    const proof = await phones.prove(app, '98765 43210');
    const family = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      remoteAddress: '203.0.113.50',
      payload: {
        ...booking(0, {}),
        studentName: 'Asha Verma',
        phone: '98765 43210',
        email: undefined,
        numberProof: proof,
      },
    });
    console.log(
      `${engine} (${instances} instance${instances > 1 ? 's' : ''}): ${ATTEMPTS} attempts from ${ADDRESSES} addresses in ` +
        `${(attackMs / 1000).toFixed(1)} s: ${[...answers]
          .sort()
          .map(([what, n]) => `${n}× ${what}`)
          .join(
            ', ',
          )}; seats taken by the bot ${seatsTaken} of ${SEATS} (target 0), leads filed ${leads} (target 0), ` +
        `codes the providers were asked to send ${messages} (the limits: 10 an hour per address, 60 per network); ` +
        `a real family: ${family.statusCode === 201 ? 'booked' : `${family.statusCode} ${family.body}`}`,
    );
    return seatsTaken === 0 && leads === 0 && family.statusCode === 201;
  } finally {
    rmSync(clientDir, { recursive: true, force: true });
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
  }
}

const results = await onEachEngine(bench, ONLY);
if (results.some((fine) => !fine)) {
  console.log('The bot took seats or filed leads, or the family could not book: see above.');
  process.exitCode = 1;
}
