/**
 * The events at the desk through HTTP on real databases (SQLite and PostgreSQL): a session's
 * list and counts, attendance at the door by the roll number as typed, a score and the
 * scholarship its band earns by the live content's description (kept when an editor publishes
 * other bands), the reminder link for a family without email, the family's record, the admins'
 * export, and who may do what.
 * The sessions are the starting content's (src/content/institute.ts), on a fixed day.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { deskCookie } from '../../../tests/support/desk-session';
import { copy } from '../../../src/content/copy';
import { scholarshipFor } from '../../../shared/scholarship';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createContentRepository } from '../../db/content-repository';
import { createStaffRepository } from '../../db/staff-repository';
import { serverWords } from '../../../src/content/server-words';
import { startingContent } from '../../../src/content/site-content';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';
import { phoneStandIn } from '../../../tests/support/phone-codes';

/** The families' phones: each code the server sends arrives here. */
const phones = phoneStandIn();

/** A Tuesday when every starting session takes registrations (India time, mid-morning). */
const TODAY = new Date('2026-11-24T05:00:00Z');
const TEST = 'scholarship-test-2026-12-13';
/** The starting content's scholarship (src/content/institute.ts), and what 82.5 marks earn by it. */
const startingScholarship = (() => {
  const scholarship = startingContent.institute.scholarship;
  if (!scholarship) throw new Error('The starting content has no scholarship');
  return scholarship;
})();
const startingPercentAt82 = scholarshipFor(82.5, startingScholarship);
const LATER_TEST = 'scholarship-test-2027-01-10';
const DEMO = 'demo-class-2026-12-06';
const ORIGIN = 'http://localhost:80';
/** The scholarship test's name as the starting content says it, in each language. */
const testName = {
  en: copy.en.events?.types['scholarship-test'].name,
  hi: copy.hi.events?.types['scholarship-test'].name,
};
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

type Row = {
  id: string;
  roll_number: string;
  student_name: string;
  attended_at: string | null;
  score: number | null;
  scholarship_percent: number | null;
  reminder: string | null;
  cancelled_at: string | null;
};

describe.each(enginesUnderTest())('events at the desk on $name', ({ open }) => {
  let database: Db;
  let app: FastifyInstance;
  const cookies: Record<string, string> = {};
  let clientDir: string;
  beforeAll(() => {
    clientDir = makeClientDir();
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
    database = await open();
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        STAFF_PASSWORD_COST: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '100000',
      }),
      clientDir,
      database,
      codeSender: phones,
      deliveryWorker: false,
    });
    await app.ready();
    const staff = createStaffRepository(database);
    for (const role of ['counsellor', 'admin', 'editor'] as const) {
      await staff.add({ email: `${role}@example.com`, name: role, role, passwordHash });
      await signIn(role);
    }
  });
  /** Signs the role's member in (its cookie in `cookies`). */
  async function signIn(role: string) {
    cookies[role] = await deskCookie(app, `${role}@example.com`, PASSWORD);
  }
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
    await database.close();
  });

  const as = (role: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie: cookies[role] ?? '', origin: ORIGIN }, payload: payload as never });

  async function book(overrides: Record<string, unknown>) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: await phones.withProof(app, {
        studentName: 'Asha Verma',
        phone: '98765 43210',
        classLevel: '12',
        course: 'jee',
        consent: true,
        sessionId: TEST,
        ...overrides,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { rollNumber: string; token: string };
  }

  const sessionList = async (id: string) => {
    const res = await as('counsellor', 'GET', `/api/staff/events/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { session: Record<string, unknown>; registrations: Row[]; scholarship: unknown };
  };

  it('lists sessions with counts; marks a student present by the roll number as typed at the door, once', async () => {
    const asha = await book({ email: 'asha@example.com' });
    await book({ studentName: 'रवि शर्मा', phone: '91234 56789', language: 'hi' });
    const later = await book({ studentName: 'Meena Das', phone: '99887 76655', sessionId: LATER_TEST });
    const cancelled = await book({ studentName: 'Kabir Rao', phone: '90000 11111' });
    expect((await app.inject({ method: 'POST', url: `/api/registrations/${cancelled.token}/cancel` })).statusCode).toBe(
      200,
    );

    const events = await as('counsellor', 'GET', '/api/staff/events');
    expect(events.statusCode, events.body).toBe(200);
    const sessions = (
      events.json() as { sessions: { id: string; booked: number; cancelled: number; noEmail: number; name: string }[] }
    ).sessions;
    // The coming sessions by date: the demo class on the 6th before the test on the 13th.
    expect(sessions.map((each) => each.id)).toEqual([DEMO, TEST, 'demo-class-2026-12-20-online', LATER_TEST]);
    expect(sessions.find((each) => each.id === TEST)).toMatchObject({
      name: testName.en,
      booked: 2,
      cancelled: 1,
      noEmail: 1,
      present: 0,
    });

    // Typed in lower case, with a space for the hyphen and an O for a zero where there is one.
    const typed = asha.rollNumber.toLowerCase().replace('-', ' ').replace(/0/g, 'o');
    const marked = await as('counsellor', 'POST', `/api/staff/events/${TEST}/attendance`, { rollNumber: typed });
    expect(marked.statusCode, marked.body).toBe(200);
    const first = marked.json() as { registration: Row; already: boolean };
    expect(first).toMatchObject({
      already: false,
      registration: { roll_number: asha.rollNumber, student_name: 'Asha Verma' },
    });
    expect(first.registration.attended_at).toBe(TODAY.toISOString());

    const again = await as('counsellor', 'POST', `/api/staff/events/${TEST}/attendance`, {
      rollNumber: asha.rollNumber,
    });
    expect(again.json()).toMatchObject({ already: true, registration: { attended_at: TODAY.toISOString() } });

    const elsewhere = await as('counsellor', 'POST', `/api/staff/events/${TEST}/attendance`, {
      rollNumber: later.rollNumber,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      error: `${later.rollNumber} (Meena Das) is booked for another session: 2027-01-10 at 10:00. Nothing was marked.`,
    });
    const gone = await as('counsellor', 'POST', `/api/staff/events/${TEST}/attendance`, {
      rollNumber: cancelled.rollNumber,
    });
    expect(gone.statusCode).toBe(409);
    expect((gone.json() as { error: string }).error).toContain('cancelled');
    const unknown = await as('counsellor', 'POST', `/api/staff/events/${TEST}/attendance`, {
      rollNumber: 'ST-ZZZZZZZZ',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: `No booking for ${testName.en} has roll number ST-ZZZZZZZZ. Check it against the admit card.`,
    });

    const list = await sessionList(TEST);
    expect(list.session).toMatchObject({ booked: 2, present: 1, cancelled: 1 });
    // Standing bookings first, by name; the cancelled one last.
    expect(
      list.registrations.map((row) => [row.student_name, Boolean(row.attended_at), Boolean(row.cancelled_at)]),
    ).toEqual([
      ['Asha Verma', true, false],
      ['रवि शर्मा', false, false],
      ['Kabir Rao', false, true],
    ]);
    // Marked once in the family's history, by who did it.
    const trail = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'attended').execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ to_value: asha.rollNumber });

    // Taken back (a mistake at the door), and the counts follow.
    const undone = await as('counsellor', 'PATCH', `/api/staff/registrations/${first.registration.id}`, {
      present: false,
    });
    expect(undone.json()).toMatchObject({ registration: { attended_at: null } });
    expect((await sessionList(TEST)).session).toMatchObject({ present: 0 });
  });

  it('a student who did not book is added at the door on the day: a seat, present, their enquiry taken as a walk-in', async () => {
    const kiran = {
      consentTaken: true,
      enquirer: 'parent',
      studentName: 'Kiran Joshi',
      phone: '97777 22222',
      classLevel: '12',
      course: 'jee',
      language: 'hi',
    };
    const door = (role: string, body: Record<string, unknown>) =>
      as(role, 'POST', `/api/staff/events/${TEST}/walk-in`, body);
    // Weeks before the session: nobody is added at its door.
    const early = await door('counsellor', kiran);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/on the session's day \(2026-12-13\)/);

    // The session's morning (signed in again: a sign-in lasts a working day).
    vi.setSystemTime(new Date('2026-12-13T04:30:00Z'));
    for (const role of ['counsellor', 'editor']) await signIn(role);
    const added = await door('counsellor', kiran);
    expect(added.statusCode, added.body).toBe(201);
    const { registration } = added.json() as { registration: Row };
    expect(registration).toMatchObject({ student_name: 'Kiran Joshi', attended_at: expect.any(String) });
    expect(registration.roll_number).toMatch(/^ST-/);
    expect((await sessionList(TEST)).registrations.map((row) => row.roll_number)).toContain(registration.roll_number);
    const enquiry = await database.db
      .selectFrom('enquiries')
      .selectAll()
      .where('phone', '=', '+919777722222')
      .executeTakeFirstOrThrow();
    expect(enquiry).toMatchObject({ source: 'desk', utm_source: 'walk-in', number_proved_by: 'desk', language: 'hi' });
    expect(enquiry.consent_taken_by).toBeTruthy();
    // A second tap: the seat they have, not another.
    const again = await door('counsellor', kiran);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ already: true, registration: { roll_number: registration.roll_number } });
    // Without the family's agreement, or by an editor: refused, nothing saved.
    const unasked = await door('counsellor', { ...kiran, consentTaken: false, phone: '97777 33333' });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().error).toMatch(/Ask the family first/);
    expect((await door('editor', { ...kiran, phone: '97777 44444' })).statusCode).toBe(403);
    const stored = await database.db
      .selectFrom('enquiries')
      .select('phone')
      .where('phone', 'in', ['+919777733333', '+919777744444'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('a reminder by WhatsApp in the family’s language for those without email; none for a booking with one', async () => {
    await book({ email: 'asha@example.com' });
    const ravi = await book({ studentName: 'रवि शर्मा', phone: '91234 56789', language: 'hi' });
    const rows = (await sessionList(TEST)).registrations;
    expect(rows.find((row) => row.student_name === 'Asha Verma')?.reminder).toBeNull();
    const reminder = rows.find((row) => row.student_name === 'रवि शर्मा')?.reminder ?? '';
    const url = new URL(reminder);
    expect(url.origin + url.pathname).toBe('https://wa.me/919123456789');
    const message = url.searchParams.get('text') ?? '';
    expect(message).toContain(`${testName.hi}, रविवार, 13 दिसंबर 2026`);
    expect(message).toContain(`रोल नंबर ${ravi.rollNumber}`);
    expect(message).toContain('छात्र: रवि शर्मा');
    // The centre's address after one comma, not a second colon.
    expect(message).toContain(`कहाँ: हमारे सेंटर पर, ${serverWords.hi.address}`);
  });

  it('the online class’s joining link, once the editors give it, goes in the WhatsApp reminder', async () => {
    const online = 'demo-class-2026-12-20-online';
    const link = 'https://meet.google.com/abc-defg-hij';
    const ravi = await book({ studentName: 'रवि शर्मा', phone: '91234 56789', language: 'hi', sessionId: online });
    const reminder = async () =>
      new URL((await sessionList(online)).registrations[0]?.reminder ?? '').searchParams.get('text') ?? '';
    // No link yet: none in the message (it says how the link comes).
    expect(await reminder()).not.toContain('https://meet');
    expect(await reminder()).toContain(serverWords.hi.events.ui.online);
    const sessions = (startingContent.institute.eventSessions ?? []).map((session) =>
      session.id === online ? { ...session, joinLink: link } : session,
    );
    await createContentRepository(database).publish(
      { ...startingContent, institute: { ...startingContent.institute, eventSessions: sessions } },
      { basedOn: undefined },
    );
    const message = await reminder();
    expect(message).toContain(`रोल नंबर ${ravi.rollNumber}`);
    expect(message).toContain(`${serverWords.hi.events.booking.joinLinkLabel}: ${link}`);
  });

  it('a score earns the scholarship of its band, kept when an editor publishes other bands later', async () => {
    const asha = await book({});
    await book({ studentName: 'Dev', phone: '90000 22222', sessionId: DEMO });
    const id = (await sessionList(TEST)).registrations[0]?.id ?? '';

    const scored = await as('counsellor', 'PATCH', `/api/staff/registrations/${id}`, { score: 82.5, present: true });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json()).toMatchObject({
      registration: { score: 82.5, scholarship_percent: startingPercentAt82, roll_number: asha.rollNumber },
    });
    expect((scored.json() as { registration: Row }).registration.attended_at).not.toBeNull();

    // Marks for a student not marked present are refused, with the reason (issue 41: "at the door").
    const absent = await as('counsellor', 'PATCH', `/api/staff/registrations/${id}`, { present: false });
    expect(absent.statusCode).toBe(200);
    expect((await as('counsellor', 'PATCH', `/api/staff/registrations/${id}`, { score: 70 })).json()).toEqual({
      error: 'This student is not marked present: mark them present first, then give the marks.',
      field: 'score',
    });
    expect((await as('counsellor', 'PATCH', `/api/staff/registrations/${id}`, { present: true })).statusCode).toBe(200);
    const tooMany = await as('counsellor', 'PATCH', `/api/staff/registrations/${id}`, { score: 101 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: "Give marks from -100 to 100 (the test is out of 100, as the site's content says).",
      field: 'score',
    });
    const demoId = (await sessionList(DEMO)).registrations[0]?.id ?? '';
    expect((await as('counsellor', 'PATCH', `/api/staff/registrations/${demoId}`, { score: 50 })).json()).toEqual({
      error: 'Only the scholarship test has marks.',
      field: 'score',
    });

    // The session's page shows the live description's table: the one the pages promise from.
    expect((await sessionList(TEST)).scholarship).toEqual({
      maxMarks: startingScholarship.maxMarks,
      bands: startingScholarship.bands,
    });
    // The desk has no table of its own any more.
    expect((await as('admin', 'PUT', '/api/staff/settings/scholarship', { scholarship: {} })).statusCode).toBe(404);

    // An editor publishes other bands with the site's content.
    const bands = {
      maxMarks: 200,
      bands: [
        { from: 150, percent: 60 },
        { from: 100, percent: 20 },
      ],
    };
    const changed = structuredClone(startingContent);
    changed.institute.scholarship = { ...startingScholarship, ...bands };
    const published = await createContentRepository(database).publish(changed, { basedOn: undefined });
    expect(published.published).toBe(true);
    expect((await sessionList(TEST)).scholarship).toEqual(bands);

    // The score already given keeps its percentage; a new one is worked out by the new bands.
    expect((await sessionList(TEST)).registrations[0]).toMatchObject({
      score: 82.5,
      scholarship_percent: startingPercentAt82,
    });
    const rescored = await as('counsellor', 'PATCH', `/api/staff/registrations/${id}`, { score: 160 });
    expect(rescored.json()).toMatchObject({ registration: { score: 160, scholarship_percent: 60 } });
    const history = await database.db
      .selectFrom('audit_log')
      .select(['from_value', 'to_value'])
      .where('action', '=', 'score')
      .orderBy('at')
      .orderBy('to_value')
      .execute();
    expect(history).toEqual(
      expect.arrayContaining([
        { from_value: null, to_value: `82.5 (${startingPercentAt82}%)` },
        { from_value: `82.5 (${startingPercentAt82}%)`, to_value: '160 (60%)' },
      ]),
    );

    // The family's record shows the seat, its session and the result.
    const enquiryId = (
      await database.db.selectFrom('registrations').select('enquiry_id').where('id', '=', id).executeTakeFirstOrThrow()
    ).enquiry_id;
    const family = await as('counsellor', 'GET', `/api/staff/enquiries/${enquiryId}/registrations`);
    expect(family.json()).toMatchObject({
      registrations: [
        {
          roll_number: asha.rollNumber,
          score: 160,
          scholarship_percent: 60,
          session: { name: testName.en, date: '2026-12-13', starts: '10:00' },
        },
      ],
    });
  });

  it('the export is a spreadsheet for admins, with formulas defused; editors and strangers see nothing', async () => {
    // A formula as a name (a web address in one is refused at the form: issue 38).
    await book({ studentName: '=HYPERLINK("evil","Click")', phone: '93333 44444' });
    await book({ studentName: 'रवि शर्मा', phone: '91234 56789', language: 'hi' });
    const sheet = await as('admin', 'GET', `/api/staff/events/${TEST}/export`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toBe(`attachment; filename="${TEST}.csv"`);
    const lines = sheet.body.split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFRoll number,Student,Class,Course,Mobile,Email,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""evil"",""Click"")"`);
    expect(lines[2]).toContain('रवि शर्मा');
    expect(lines[2]).toContain('091234 56789'.slice(1));

    expect((await as('counsellor', 'GET', `/api/staff/events/${TEST}/export`)).statusCode).toBe(403);
    // A HEAD reads no one's list and leaves no line in the trail; ten exports a minute, then a wait.
    const exportsInTrail = async () =>
      (await database.db.selectFrom('audit_log').select('id').where('action', '=', 'export').execute()).length;
    const before = await exportsInTrail();
    const head = await app.inject({
      method: 'HEAD',
      url: `/api/staff/events/${TEST}/export`,
      headers: { cookie: cookies.admin ?? '', origin: ORIGIN },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(await exportsInTrail()).toBe(before);
    const statuses = [];
    for (let n = 0; n < 10; n++)
      statuses.push((await as('admin', 'GET', `/api/staff/events/${TEST}/export`)).statusCode);
    expect(statuses).toEqual([...Array(9).fill(200), 429]);
    expect((await as('editor', 'GET', '/api/staff/events')).statusCode).toBe(403);
    expect(
      (await as('editor', 'POST', `/api/staff/events/${TEST}/attendance`, { rollNumber: 'ST-00000000' })).statusCode,
    ).toBe(403);
    const stranger = await app.inject({ method: 'GET', url: `/api/staff/events/${TEST}` });
    expect(stranger.statusCode).toBe(401);
    expect((await as('counsellor', 'GET', '/api/staff/events/no-such-session')).statusCode).toBe(404);
  });
});
