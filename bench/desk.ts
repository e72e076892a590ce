/**
 * `npm run bench:desk`: the staff desk's inbox queries on a year of enquiries. For
 * SQLite (a file in a temporary directory) and PostgreSQL when its binaries are
 * installed (a throwaway cluster), it seeds 100,000 enquiries spread over the last 365
 * days, with 5 staff, about one note per enquiry and one or two audit rows each, runs
 * ANALYZE, then times `createInboxRepository(db).inbox()` (one page of rows and the count
 * of all matches, as the inbox page asks) for each case: the first page, a deep page,
 * filters, and the three kinds of search. Each case runs 200 times, one call at a time,
 * after 20 warm-up calls; it prints p50/p95 wall time per call, the rows each case
 * matches, and the query plans of the searches. It prints figures and asserts nothing;
 * the targets are issue 11's. Then the desk's first-load JavaScript from the build
 * (bench/desk-bundle.ts; npm run bench:bundle checks it against its budget). The dashboard's
 * figures (`createDashboardRepository(db).dashboard()` for 30 and 90 days) are timed the same way;
 * a third of the enquiries came from a campaign (utm_source, utm_campaign, a gclid for Google's).
 *
 *   npm run bench:desk                              100,000 enquiries, 200 runs per case
 *   npm run bench:desk -- --count 5000 --runs 20    a quick run
 *   npm run bench:desk -- --dashboard               the dashboard only (no inbox cases, plans or bundle)
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type Insertable, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { DESK_FIRST_LOAD_BUDGET_KIB, deskFirstLoad } from './desk-bundle';
import { onEachEngine } from './engines';
import { type Db, openDatabase } from '../server/db/database';
import { createCourseFees } from '../server/course-fees';
import { createContentRepository } from '../server/db/content-repository';
import { createDashboardRepository } from '../server/db/dashboard-repository';
import { createInboxRepository } from '../server/db/inbox-repository';
import type { Database } from '../server/db/schema';
import { createStaffRepository } from '../server/db/staff-repository';
import { addDays, localDate } from '../shared/institute-calendar';
import { courseSlugs } from '../shared/paths';
import { type EnquiryStatus, type InboxQuery, inboxQuerySchema } from '../shared/schema/desk';
import { classLevels } from '../shared/schema/enquiry';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const COUNT = option('--count', 100_000);
const RUNS = option('--runs', 200);
const DASHBOARD_ONLY = argv.includes('--dashboard');
const WARM_UP = 20;
/** Rows per insert statement: 500 × 33 columns stays under SQLite's 32,766 bound parameters (1,000 no longer does). */
const BATCH = 500;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------
// The data: the same on both engines (a seeded generator), spread over the last 365 days.

/** mulberry32: small, fast, and the same sequence every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const weighted = <T>(options: readonly (readonly [T, number])[]): T => {
    let r = next() * options.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of options) {
      r -= weight;
      if (r < 0) return value;
    }
    return (options[options.length - 1] as readonly [T, number])[0];
  };
  return { next, int, pick, weighted };
}

const firstNames = [
  'Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Kabir',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Priya', 'Kavya', 'Isha', 'Meera', 'Riya', 'Pooja',
]; // prettier-ignore
const parentFirstNames = [
  'Rajesh',
  'Suresh',
  'Ramesh',
  'Sunita',
  'Anita',
  'Manoj',
  'Kavita',
  'Vikram',
  'Neha',
  'Sanjay',
];
const lastNames = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Yadav', 'Joshi', 'Agarwal', 'Mishra',
  'Meena', 'Choudhary', 'Jain', 'Reddy', 'Nair', 'Iyer', 'Khan', 'Das', 'Mehta', 'Rathore',
]; // prettier-ignore
const cities = ['Jaipur', 'Kota', 'Ajmer', 'Jodhpur', 'Udaipur', 'Bikaner', 'Alwar', 'Sikar', 'Tonk', 'Delhi'];
const statusWeights: readonly (readonly [EnquiryStatus, number])[] = [
  ['new', 35],
  ['contacted', 30],
  ['visit-booked', 12],
  ['enrolled', 8],
  ['not-interested', 10],
  ['unreachable', 5],
];
/** Where a third of the visits came from: [utm_source, utm_campaign]. */
const campaigns = [
  ['facebook', 'neet-2027-jaipur'],
  ['facebook', 'jee-2027-kota'],
  ['google', 'neet-search'],
  ['google', 'jee-search'],
  ['instagram', 'foundation-reels'],
] as const;
const reasons = ['Chose another institute', 'Fees too high', 'Phone switched off', 'No answer three times'];
const noteBodies = [
  'Called, asked for the fee structure on WhatsApp.',
  'Parent will visit the centre on Saturday with the student.',
  'No answer; try again in the evening.',
  'Wants the weekend batch; sent the timetable.',
  'Asked about the scholarship test dates.',
];

type Seed = {
  enquiries: Insertable<Database['enquiries']>[];
  notes: Insertable<Database['enquiry_notes']>[];
  audit: Insertable<Database['audit_log']>[];
};

/** Enquiries `from`…`from + size - 1` (ids are their numbers), with their notes and audit rows. */
function seedBatch(
  rand: ReturnType<typeof generator>,
  from: number,
  size: number,
  staffIds: string[],
  now: number,
): Seed {
  const seed: Seed = { enquiries: [], notes: [], audit: [] };
  const phone = () => `+91${6 + rand.int(4)}${String(rand.int(1_000_000_000)).padStart(9, '0')}`;
  const iso = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  for (let n = from; n < from + size; n++) {
    const id = `e${String(n).padStart(7, '0')}`;
    const created = now - rand.next() * 365 * DAY_MS;
    const createdAt = iso(created);
    const status = rand.weighted(statusWeights);
    const enquirer = rand.next() < 0.6 ? 'parent' : 'student';
    const lastName = rand.pick(lastNames);
    const firstName = rand.pick(firstNames);
    const withParent = rand.next() < 0.4;
    const assigneeId = rand.next() < 0.25 ? null : rand.pick(staffIds);
    const firstContact = status === 'new' ? null : created + rand.next() * 3 * DAY_MS;
    const [utmSource, utmCampaign] = rand.next() < 0.33 ? rand.pick(campaigns) : [null, null];
    seed.enquiries.push({
      id,
      created_at: createdAt,
      student_name: `${firstName} ${lastName}`,
      phone: phone(),
      email: rand.next() < 0.3 ? `${firstName}.${lastName}${rand.int(100)}@example.com`.toLowerCase() : null,
      class_level: rand.pick(classLevels),
      course: rand.pick(courseSlugs),
      city: rand.pick(cities),
      message: rand.next() < 0.2 ? 'Please call after 6 pm.' : null,
      mode: null,
      centre: null,
      consent: 1,
      idempotency_key: null,
      consent_notice_version: '2026-11-21',
      consent_at: createdAt,
      enquirer,
      student_under_18: enquirer === 'student' ? (withParent ? 1 : 0) : null,
      parent_name: withParent ? `${rand.pick(parentFirstNames)} ${lastName}` : null,
      parent_phone: withParent ? phone() : null,
      source: 'json',
      language: rand.next() < 0.75 ? 'en' : 'hi',
      status,
      status_reason: status === 'not-interested' || status === 'unreachable' ? rand.pick(reasons) : null,
      assignee_id: assigneeId,
      next_follow_up: rand.next() < 0.3 ? localDate(new Date(created + rand.next() * 30 * DAY_MS)) : null,
      first_contacted_at: firstContact === null ? null : iso(firstContact),
      version: 1 + rand.int(4),
      utm_source: utmSource,
      utm_campaign: utmCampaign,
      gclid: utmSource === 'google' ? `Cj0KCQ${id}` : null,
      family_id: id,
      superseded_at: null,
      lead_received_at: createdAt,
      first_called_at: firstContact === null ? null : iso(firstContact),
    });
    // 0–3 notes, one on average.
    const notes = rand.weighted([
      [0, 40],
      [1, 30],
      [2, 20],
      [3, 10],
    ] as const);
    for (let k = 0; k < notes; k++) {
      seed.notes.push({
        id: `${id}-n${k}`,
        enquiry_id: id,
        author_id: assigneeId ?? rand.pick(staffIds),
        body: rand.pick(noteBodies),
        created_at: iso(created + rand.next() * 10 * DAY_MS),
      });
    }
    // One or two audit rows: the status change (or the assignment), and a note added.
    const actor = assigneeId ?? rand.pick(staffIds);
    seed.audit.push({
      id: `${id}-a0`,
      at: firstContact === null ? createdAt : iso(firstContact),
      actor_id: actor,
      action: 'changed',
      enquiry_id: id,
      field: status === 'new' ? 'assignee_id' : 'status',
      from_value: status === 'new' ? null : 'new',
      to_value: status === 'new' ? assigneeId : status,
    });
    if (rand.next() < 0.5) {
      seed.audit.push({
        id: `${id}-a1`,
        at: iso(created + rand.next() * 10 * DAY_MS),
        actor_id: actor,
        action: 'note-added',
        enquiry_id: id,
        field: null,
        from_value: null,
        to_value: null,
      });
    }
  }
  return seed;
}

/** Staff, enquiries, notes and audit rows, in transactions of BATCH enquiries; then ANALYZE. */
async function seed(database: Db, now: number) {
  const staff = createStaffRepository(database);
  const staffIds: string[] = [];
  for (const [i, name] of ['Asha Rao', 'Bharat Sen', 'Chitra Pillai', 'Deepak Bose', 'Farah Ali'].entries()) {
    const member = await staff.add({
      email: `staff${i}@vidyarthi-academy.example`,
      name,
      role: i === 0 ? 'admin' : 'counsellor',
      passwordHash: 'scrypt$65536$8$2$x$y',
    });
    staffIds.push(member.id);
  }
  const rand = generator(11);
  const phones: string[] = [];
  const inChunks = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, i) => rows.slice(i * BATCH, (i + 1) * BATCH));
  let notes = 0;
  let audit = 0;
  for (let from = 0; from < COUNT; from += BATCH) {
    const batch = seedBatch(rand, from, Math.min(BATCH, COUNT - from), staffIds, now);
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('enquiries').values(batch.enquiries).execute();
      for (const rows of inChunks(batch.notes)) await trx.insertInto('enquiry_notes').values(rows).execute();
      for (const rows of inChunks(batch.audit)) await trx.insertInto('audit_log').values(rows).execute();
    });
    notes += batch.notes.length;
    audit += batch.audit.length;
    // Phones to search for: 50 spread over the whole table.
    for (const [i, row] of batch.enquiries.entries()) {
      if ((from + i) % Math.max(1, Math.floor(COUNT / 50)) === 0 && phones.length < 50) phones.push(row.phone);
    }
  }
  await sql`analyze`.execute(database.db);
  return { staffIds, phones, notes, audit };
}

// ---------------------------------------------------------------------------------------
// The cases and the measurements.

/** One or more queries, taken in turn from run to run. */
type Case = { name: string; queries: InboxQuery[]; plan?: boolean };

/** "+919876543210" → "98765 43210", as someone reads it off a call log. */
const typed = (phone: string) => `${phone.slice(3, 8)} ${phone.slice(8)}`;

function cases(phones: string[], now: number): Case[] {
  const today = localDate(new Date(now));
  const one = (input: Record<string, unknown>) => [inboxQuerySchema.parse(input)];
  return [
    { name: 'inbox, first page', queries: one({}) },
    { name: 'inbox, page 50', queries: one({ page: 50 }) },
    { name: 'filter: status + course', queries: one({ status: 'new', course: 'jee' }) },
    {
      name: 'filter: assignee (me) + date range (30 days)',
      queries: one({ assignee: 'me', from: addDays(today, -29), to: today }),
    },
    {
      name: 'search: phone, full number typed with spaces',
      queries: phones.map((phone) => inboxQuerySchema.parse({ q: typed(phone) })),
      plan: true,
    },
    {
      name: 'search: phone, last 5 digits',
      queries: phones.map((phone) => inboxQuerySchema.parse({ q: phone.slice(-5) })),
      plan: true,
    },
    { name: 'search: name', queries: one({ q: 'sharm' }), plan: true },
    // A mistyped name matches nothing: the planner must not walk the whole table in date order.
    { name: 'search: name, no match', queries: one({ q: 'zzqx' }) },
    // Two letters are too few for a trigram: the date index, walked until a page is full.
    { name: 'search: name, two letters', queries: one({ q: 'ra' }) },
  ];
}

/** The dashboard's periods, as the desk asks for them. */
const dashboardCases = [30, 90].map((days) => ({ name: `dashboard, ${days} days`, days }));

const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;

type Row = string[];

/** RUNS calls of `call` after WARM_UP ones, one at a time: the row of figures for the table. */
async function timed(engine: string, name: string, call: (i: number) => Promise<unknown>, matched: string) {
  for (let i = 0; i < WARM_UP; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  console.log(`  ${name}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
  return [engine, name, p50.toFixed(2), p95.toFixed(2), matched];
}

async function measure(engine: string, database: Db, staffId: string, list: Case[]): Promise<Row[]> {
  const desk = createInboxRepository(database);
  const rows: Row[] = [];
  for (const { name, queries } of list) {
    const nth = (i: number) => queries[i % queries.length] as InboxQuery;
    const { total } = await desk.inbox(nth(0), staffId);
    rows.push(await timed(engine, name, (i) => desk.inbox(nth(i), staffId), String(total)));
  }
  return rows;
}

async function measureDashboard(engine: string, database: Db): Promise<Row[]> {
  const dashboard = createDashboardRepository(database);
  // As the route asks: the live content's fees (the starting content's: none is published here), then the figures.
  const fees = createCourseFees(createContentRepository(database));
  const figures = async (days: number) => dashboard.dashboard({ days }, await fees());
  const rows: Row[] = [];
  for (const { name, days } of dashboardCases) {
    const { byStatus } = await figures(days);
    const matched = byStatus.reduce((sum, { count }) => sum + count, 0);
    rows.push(await timed(engine, name, () => figures(days), String(matched)));
  }
  return rows;
}

/**
 * The plans of the searches: the inbox run once more through a second connection that
 * logs its SQL, each statement then explained (PostgreSQL: with ANALYZE, actual times).
 */
async function plans(database: Db, staffId: string, list: Case[]): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const db =
    database.engine === 'sqlite'
      ? new Kysely<Database>({
          dialect: new SqliteDialect({ database: new SQLite(database.url.slice('file:'.length)) }),
          log,
        })
      : new Kysely<Database>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
          log,
        });
  const out: string[] = [];
  try {
    const desk = createInboxRepository({ ...database, db });
    for (const { name, queries } of list.filter((c) => c.plan)) {
      const query = queries[0];
      if (!query) continue;
      captured.length = 0;
      await desk.inbox(query, staffId);
      // The page first, then the count (PostgreSQL runs the two at once: either may log first).
      const statements = [...captured].sort(
        (a, b) => Number(a.sql.includes('count(')) - Number(b.sql.includes('count(')),
      );
      for (const statement of statements) {
        const prefix = database.engine === 'sqlite' ? 'explain query plan ' : 'explain analyze ';
        const result = await db.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(prefix + statement.sql, [...statement.parameters]),
        );
        const lines =
          database.engine === 'sqlite'
            ? result.rows.map((row) => String(row.detail))
            : result.rows.map((row) => String(row['QUERY PLAN']));
        out.push(
          `${database.engine}, ${name} (q = ${JSON.stringify(query.q)}), ${statement.sql.includes('count(') ? 'count' : 'page'}:`,
          ...lines.map((line) => `    ${line}`),
          '',
        );
      }
    }
  } finally {
    await db.destroy();
  }
  return out;
}

async function benchEngine(engine: string, url: string, now: number) {
  const database = await openDatabase(url);
  try {
    const started = performance.now();
    const { staffIds, phones, notes, audit } = await seed(database, now);
    const seconds = (performance.now() - started) / 1000;
    const seeding = `${engine}: seeded ${COUNT} enquiries, ${notes} notes, ${audit} audit rows and 5 staff in ${seconds.toFixed(1)} s (ANALYZE included)`;
    console.log(seeding);
    const staffId = staffIds[0] as string;
    const dashboardRows = await measureDashboard(engine, database);
    if (DASHBOARD_ONLY) return { rows: dashboardRows, seeding, plans: [] };
    const list = cases(phones, now);
    const rows = await measure(engine, database, staffId, list);
    return { rows: [...rows, ...dashboardRows], seeding, plans: await plans(database, staffId, list) };
  } finally {
    await database.close();
  }
}

async function main() {
  const now = Date.now();
  const results = await onEachEngine((engine, url) => benchEngine(engine, url, now));

  const rows = results.flatMap((result) => result.rows);
  const header = ['engine', 'case', 'p50 ms', 'p95 ms', 'rows matched'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(
    `\n${DASHBOARD_ONLY ? 'dashboard()' : 'inbox() and dashboard()'} at ${COUNT} enquiries, ${RUNS} runs per case after ${WARM_UP} warm-up runs, one at a time, ${process.version}:\n`,
  );
  for (const result of results) console.log(result.seeding);
  console.log('');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('\ntargets: p95 ≤ 50 ms on SQLite, ≤ 80 ms on PostgreSQL (issue 11)\n');
  if (DASHBOARD_ONLY) return;
  console.log(`The desk's first-load JavaScript (gzip, level 9; budget ${DESK_FIRST_LOAD_BUDGET_KIB} KiB):`);
  for (const { landing, kib } of deskFirstLoad()) console.log(`  ${landing}: ${kib.toFixed(1)} KiB`);
  console.log('');
  console.log('Query plans of the searches (the page of rows, then the count):\n');
  for (const result of results) console.log(result.plans.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
