/**
 * `npm run bench:desk`: the staff desk's queries on a year of enquiries. For SQLite (a file
 * in a temporary directory) and PostgreSQL when its binaries are installed (a throwaway
 * cluster), it seeds 100,000 enquiries spread over the last 365 days: in families (about 15%
 * asked two or three times, the earlier enquiries superseded; every number in family_phones),
 * 8 staff (an admin and 7 counsellors, unequally busy; a tenth of families unassigned), about
 * one note per enquiry, one or two audit rows each, 0–4 calls and messages per family (in
 * contacts and the trail), the owners' notifications (recent ones mostly unread), and follow-ups
 * due on days around today; what is still new arrived mostly in the last three days. It runs
 * ANALYZE, then times `createInboxRepository(db).inbox()` (one page of rows and the count of all
 * matches, as the inbox page asks) for each case: the first page, a deep page, filters, and the
 * three kinds of search; the dashboard's figures (`createDashboardRepository(db).dashboard()` for
 * 30 and 90 days); and the desk's requests through the app (desk-api.ts): Today (a counsellor's
 * and everyone's), the record view, the unread count and the messages. Each case runs 200
 * times, one call at a time, after 20 warm-up calls; it prints p50/p95 wall time per call, what
 * each case matches, and the query plans of the searches. It prints figures and asserts nothing;
 * the targets are issue 11's and issue 26's. Then the desk's first-load JavaScript from the
 * build (bench/desk-bundle.ts; npm run bench:bundle checks it against its budget).
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type Insertable, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { apiCases, deskServer, matchedIn, PASSWORD } from './desk-api';
import { DESK_FIRST_LOAD_BUDGET_KIB, deskFirstLoad } from './desk-bundle';
import { type Engine, onEachEngine } from './engines';
import { type Db, openDatabase } from '../server/db/database';
import { createCourseFacts } from '../server/content/course-fees';
import { createContentRepository } from '../server/db/content-repository';
import { createDashboardRepository } from '../server/db/dashboard-repository';
import { createInboxRepository } from '../server/db/inbox-repository';
import type { Database } from '../server/db/schema';
import { searchKeyColumns } from '../server/db/search-key';
import { createStaffRepository } from '../server/db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../server/staff/passwords';
import { addDays, localDate } from '../shared/institute-calendar';
import { courseSlugs } from '../shared/courses';
import { type EnquiryStatus, type InboxQuery, inboxQuerySchema } from '../shared/schema/desk';
import { classLevels } from '../shared/schema/enquiry';

const USAGE = `
  npm run bench:desk                              100,000 enquiries, 200 runs per case
  npm run bench:desk -- --count 5000 --runs 20    a quick run
  npm run bench:desk -- --dashboard               the dashboard only (no inbox cases, plans or bundle)
  npm run bench:desk -- --api                     the desk's requests only (Today, record view, unread, messages)
  npm run bench:desk -- --engine sqlite           one engine only (sqlite or postgres)
`;
const argv = process.argv.slice(2);
if (argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const COUNT = option('--count', 100_000);
const RUNS = option('--runs', 200);
/** One part only: the dashboard's figures, or the desk's requests. */
const ONLY = argv.includes('--dashboard') ? 'dashboard' : argv.includes('--api') ? 'api' : undefined;
const ENGINE = argv.includes('--engine') ? (argv[argv.indexOf('--engine') + 1] as Engine) : undefined;
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
  familyPhones: Insertable<Database['family_phones']>[];
  notes: Insertable<Database['enquiry_notes']>[];
  audit: Insertable<Database['audit_log']>[];
  contacts: Insertable<Database['contacts']>[];
  notifications: Insertable<Database['notifications']>[];
  /** Families' records (ids), and those of families that asked more than once. */
  records: string[];
  withHistory: string[];
};

/** The call whose outcome leaves a record in its status (shared/call-outcomes.ts), when a call does. */
const lastCallOf: Record<EnquiryStatus, string> = {
  new: 'no-answer',
  contacted: 'call-back-later',
  'visit-booked': 'visit-booked',
  enrolled: 'enrolled',
  'not-interested': 'not-interested',
  unreachable: 'wrong-number',
};
const OPEN_STATUSES: EnquiryStatus[] = ['new', 'contacted', 'visit-booked', 'unreachable'];

/**
 * Enquiries `from`…`from + size - 1` (ids are their numbers), in families: about 15% of
 * families asked two or three times (the earlier enquiries superseded by the newest, the
 * family's record, which carries the owner and when the family first asked; now and then
 * from a second number), with their numbers, notes, audit rows, calls and messages
 * (0–4 per family), and the owners' notifications (recent ones mostly unread).
 */
function seedBatch(
  rand: ReturnType<typeof generator>,
  from: number,
  size: number,
  staffIds: string[],
  now: number,
): Seed {
  const seed: Seed = {
    enquiries: [],
    familyPhones: [],
    notes: [],
    audit: [],
    contacts: [],
    notifications: [],
    records: [],
    withHistory: [],
  };
  const phone = () => `+91${6 + rand.int(4)}${String(rand.int(1_000_000_000)).padStart(9, '0')}`;
  const iso = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const today = localDate(new Date(now));
  // Counsellors are not equally busy; the admin takes a few; a tenth waits for an owner.
  const owners = staffIds.map((id, i) => [id, i === 0 ? 1 : staffIds.length + 1 - i] as const);
  for (let n = from; n < from + size;) {
    const members = Math.min(
      from + size - n,
      rand.weighted([
        [1, 85],
        [2, 10],
        [3, 5],
      ] as const),
    );
    const familyId = `e${String(n).padStart(7, '0')}`;
    const assigneeId = rand.next() < 0.1 ? null : rand.weighted(owners);
    const firstNumber = phone();
    const lastName = rand.pick(lastNames);
    const firstName = rand.pick(firstNames);
    // When each asked: the first within the year, each later one within 60 days of the one before.
    const times = [now - rand.next() * 365 * DAY_MS];
    for (let k = 1; k < members; k++) {
      const previous = times[k - 1] as number;
      times.push(previous + rand.next() * Math.min(60 * DAY_MS, now - previous));
    }
    const leadReceivedAt = iso(times[0] as number);
    const numbers = new Set<string>();
    // What brought the family first (its first enquiry's campaign), kept on each of its enquiries as save() keeps it.
    let firstTouch: readonly [string | null, string | null] = [null, null];
    for (let k = 0; k < members; k++, n++) {
      const id = `e${String(n).padStart(7, '0')}`;
      const created = times[k] as number;
      const createdAt = iso(created);
      const isRecord = k === members - 1;
      // Most of what is still new arrived in the last three days; older ones were lost track of.
      const recent = now - created < 3 * DAY_MS;
      const status = rand.weighted(
        statusWeights.map(([value, weight]) => [value, value === 'new' ? (recent ? 150 : 3) : weight] as const),
      );
      const enquirer = rand.next() < 0.6 ? 'parent' : 'student';
      const withParent = rand.next() < 0.4;
      const number = k > 0 && rand.next() < 0.2 ? phone() : firstNumber;
      numbers.add(number);
      const firstContact = status === 'new' ? null : created + rand.next() * 3 * DAY_MS;
      const [utmSource, utmCampaign] = rand.next() < 0.33 ? rand.pick(campaigns) : [null, null];
      if (k === 0) firstTouch = [utmSource, utmCampaign];
      // The next call: for open records, due on a day around today (two weeks either side).
      const followUp =
        isRecord && OPEN_STATUSES.includes(status) && rand.next() < 0.4 ? addDays(today, rand.int(29) - 14) : null;
      // 0–4 calls and messages on the family's record, after it arrived.
      const calls = isRecord
        ? rand.weighted([
            [0, 35],
            [1, 25],
            [2, 20],
            [3, 12],
            [4, 8],
          ] as const)
        : 0;
      const callTimes = Array.from({ length: calls }, () => created + rand.next() * 7 * DAY_MS).sort((a, b) => a - b);
      let noAnswers = 0;
      let firstCall: number | undefined;
      for (const [c, at] of callTimes.entries()) {
        const last = c === calls - 1;
        const message = rand.next() < 0.15;
        const what = message ? 'fee-structure' : last ? lastCallOf[status] : 'no-answer';
        if (!message) {
          noAnswers = what === 'no-answer' ? noAnswers + 1 : 0;
          firstCall ??= at;
        }
        const staffId = assigneeId ?? rand.pick(staffIds);
        const kind = message ? (rand.next() < 0.7 ? 'whatsapp' : 'sms') : 'call';
        seed.contacts.push({
          id: `${id}-c${c}`,
          enquiry_id: id,
          family_id: familyId,
          staff_id: staffId,
          kind,
          what,
          at: iso(at),
        });
        seed.audit.push({
          id: `${id}-c${c}`,
          at: iso(at),
          actor_id: staffId,
          action: kind,
          enquiry_id: id,
          field: what,
          from_value: null,
          to_value: followUp && last ? `${followUp}T05:00:00.000Z` : null,
        });
      }
      const enquiry = {
        id,
        created_at: createdAt,
        student_name: `${firstName} ${lastName}`,
        phone: number,
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
        next_follow_up: followUp,
        first_contacted_at: firstContact === null ? null : iso(firstContact),
        version: 1 + rand.int(4) + calls,
        utm_source: utmSource,
        utm_campaign: utmCampaign,
        gclid: utmSource === 'google' ? `Cj0KCQ${id}` : null,
        first_utm_source: firstTouch[0],
        first_utm_campaign: firstTouch[1],
        first_gclid: firstTouch[0] === 'google' ? `Cj0KCQ${familyId}` : null,
        family_id: familyId,
        superseded_at: isRecord ? null : iso(times[k + 1] as number),
        lead_received_at: leadReceivedAt,
        first_called_at: firstCall === undefined ? null : iso(firstCall),
        no_answers: noAnswers,
        next_follow_up_at: followUp && calls > 0 ? `${followUp}T05:00:00.000Z` : null,
      };
      // The search keys, as save() writes them.
      const { student_name: studentName, parent_name: parentName, city } = enquiry;
      seed.enquiries.push({ ...enquiry, ...searchKeyColumns({ studentName, parentName, city }) });
      // 0–3 notes, one on average.
      const notes = rand.weighted([
        [0, 40],
        [1, 30],
        [2, 20],
        [3, 10],
      ] as const);
      for (let j = 0; j < notes; j++) {
        seed.notes.push({
          id: `${id}-n${j}`,
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
      // The owner is told of a lead given to them, and of a family of theirs that asked again:
      // read within hours, except some of the last two days'.
      if (assigneeId && (k > 0 || rand.next() < 0.6)) {
        const unread = now - created < 2 * DAY_MS ? rand.next() < 0.7 : rand.next() < 0.01;
        seed.notifications.push({
          id: `${id}-m`,
          staff_id: assigneeId,
          enquiry_id: id,
          kind: k > 0 ? 'came-back' : 'assigned',
          created_at: createdAt,
          read_at: unread ? null : iso(created + rand.next() * 8 * 3_600_000),
        });
      }
      if (isRecord) {
        seed.records.push(id);
        if (members > 1) seed.withHistory.push(id);
      }
    }
    for (const number of numbers) seed.familyPhones.push({ phone: number, family_id: familyId });
  }
  return seed;
}

/** The staff: an admin and seven counsellors (who all sign in with PASSWORD). */
const staffNames = [
  'Asha Rao',
  'Bharat Sen',
  'Chitra Pillai',
  'Deepak Bose',
  'Farah Ali',
  'Gaurav Jain',
  'Hema Nair',
  'Imran Shaikh',
];
const staffEmail = (i: number) => `staff${i}@vidyarthi-academy.example`;

/** Staff, enquiries and all that hangs on them, in transactions of BATCH enquiries; then ANALYZE. */
async function seed(database: Db, now: number) {
  const staff = createStaffRepository(database);
  const passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
  const staffIds: string[] = [];
  for (const [i, name] of staffNames.entries()) {
    const member = await staff.add({
      email: staffEmail(i),
      name,
      role: i === 0 ? 'admin' : 'counsellor',
      passwordHash,
    });
    staffIds.push(member.id);
  }
  const rand = generator(11);
  const phones: string[] = [];
  const records: string[] = [];
  const withHistory: string[] = [];
  const inChunks = <T>(rows: T[], size = BATCH) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  const counts = { notes: 0, audit: 0, contacts: 0, notifications: 0 };
  for (let from = 0; from < COUNT; from += BATCH) {
    const batch = seedBatch(rand, from, Math.min(BATCH, COUNT - from), staffIds, now);
    await database.db.transaction().execute(async (trx) => {
      // 500 rows × 36 columns: under SQLite's 32,766 bound parameters.
      for (const rows of inChunks(batch.enquiries, 500)) await trx.insertInto('enquiries').values(rows).execute();
      await trx.insertInto('family_phones').values(batch.familyPhones).execute();
      for (const rows of inChunks(batch.notes)) await trx.insertInto('enquiry_notes').values(rows).execute();
      for (const rows of inChunks(batch.audit)) await trx.insertInto('audit_log').values(rows).execute();
      for (const rows of inChunks(batch.contacts)) await trx.insertInto('contacts').values(rows).execute();
      for (const rows of inChunks(batch.notifications)) await trx.insertInto('notifications').values(rows).execute();
    });
    counts.notes += batch.notes.length;
    counts.audit += batch.audit.length;
    counts.contacts += batch.contacts.length;
    counts.notifications += batch.notifications.length;
    records.push(...batch.records);
    withHistory.push(...batch.withHistory);
    // Phones to search for: 50 spread over the whole table.
    for (const [i, row] of batch.enquiries.entries()) {
      if ((from + i) % Math.max(1, Math.floor(COUNT / 50)) === 0 && phones.length < 50) phones.push(row.phone);
    }
  }
  await sql`analyze`.execute(database.db);
  // Records to open: 50 of any family, 50 of families that asked more than once (spread, seeded).
  const spread = (ids: string[]) => Array.from({ length: Math.min(50, ids.length) }, () => rand.pick(ids));
  return { staffIds, phones, records: spread(records), withHistory: spread(withHistory), ...counts };
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
    // The same people typed in the other script: found by the search key alone.
    { name: 'search: name in Devanagari', queries: one({ q: 'शर्मा' }), plan: true },
    // A tenth of the enquiries: the most rows a search here matches but two letters.
    { name: 'search: city', queries: one({ q: 'Kota' }), plan: true },
    { name: 'search: part of an email', queries: one({ q: 'sharma1' }), plan: true },
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
  const facts = createCourseFacts(createContentRepository(database));
  const figures = async (days: number) => dashboard.dashboard({ days }, (await facts()).feeOf);
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

/** The desk's requests (desk-api.ts), as the busiest counsellor (staff1: the admin is staff0). */
async function measureApi(engine: string, database: Db, opened: { records: string[]; withHistory: string[] }) {
  const server = await deskServer(database, staffEmail(1));
  const rows: Row[] = [];
  try {
    for (const { name, urls } of apiCases(opened)) {
      const nth = (i: number) => urls[i % urls.length] as string;
      const matched = matchedIn(await server.get(nth(0)));
      rows.push(await timed(engine, name, (i) => server.get(nth(i)), matched));
    }
  } finally {
    await server.close();
  }
  return rows;
}

async function benchEngine(engine: string, url: string, now: number) {
  const database = await openDatabase(url);
  try {
    const started = performance.now();
    const { staffIds, phones, records, withHistory, ...counts } = await seed(database, now);
    const seconds = (performance.now() - started) / 1000;
    const seeding = `${engine}: seeded ${COUNT} enquiries, ${counts.notes} notes, ${counts.audit} audit rows, ${counts.contacts} calls and messages, ${counts.notifications} notifications and ${staffIds.length} staff in ${seconds.toFixed(1)} s (ANALYZE included)`;
    console.log(seeding);
    const staffId = staffIds[0] as string;
    if (ONLY === 'api')
      return { rows: await measureApi(engine, database, { records, withHistory }), seeding, plans: [] };
    const dashboardRows = await measureDashboard(engine, database);
    if (ONLY === 'dashboard') return { rows: dashboardRows, seeding, plans: [] };
    const list = cases(phones, now);
    const rows = await measure(engine, database, staffId, list);
    const apiRows = await measureApi(engine, database, { records, withHistory });
    return { rows: [...rows, ...dashboardRows, ...apiRows], seeding, plans: await plans(database, staffId, list) };
  } finally {
    await database.close();
  }
}

async function main() {
  const now = Date.now();
  const results = await onEachEngine((engine, url) => benchEngine(engine, url, now), ENGINE);

  const rows = results.flatMap((result) => result.rows);
  const header = ['engine', 'case', 'p50 ms', 'p95 ms', 'rows matched'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(
    `\n${ONLY === 'dashboard' ? 'dashboard()' : ONLY === 'api' ? "the desk's requests" : "inbox(), dashboard() and the desk's requests"} at ${COUNT} enquiries, ${RUNS} runs per case after ${WARM_UP} warm-up runs, one at a time, ${process.version}:\n`,
  );
  for (const result of results) console.log(result.seeding);
  console.log('');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    '\ntargets: p95 ≤ 50 ms on SQLite, ≤ 80 ms on PostgreSQL (issue 11; Today and the record view: issue 26)\n',
  );
  if (ONLY) return;
  console.log(`The desk's first-load JavaScript (gzip, level 9; budget ${DESK_FIRST_LOAD_BUDGET_KIB} KiB):`);
  // Without a build (npm run build), say so and still print the plans.
  try {
    for (const { landing, kib, cssKib } of deskFirstLoad())
      console.log(`  ${landing}: ${kib.toFixed(1)} KiB (and ${cssKib.toFixed(1)} KiB of CSS)`);
  } catch (error) {
    console.log(`  (${error instanceof Error ? error.message : String(error)})`);
  }
  console.log('');
  console.log('Query plans of the searches (the page of rows, then the count):\n');
  for (const result of results) console.log(result.plans.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
