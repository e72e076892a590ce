/**
 * The desk's enquiry endpoints, through HTTP on a real database (SQLite and PostgreSQL):
 * enquiries arrive through the public form's API, staff work them through the desk's.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createEnquiryRepository } from '../../db/enquiry-repository';
import { createStaffRepository } from '../../db/staff-repository';
import { addDays, localDate } from '../../../shared/institute-calendar';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';
import { startingFacts } from '../../../src/content/server-words';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const ENDPOINTS: { method: Method; url: string; adminOnly: boolean }[] = [
  { method: 'GET', url: '/api/staff/me', adminOnly: false },
  { method: 'DELETE', url: '/api/staff/session', adminOnly: false },
  { method: 'GET', url: '/api/staff/enquiries', adminOnly: false },
  { method: 'GET', url: '/api/staff/enquiries/some-id', adminOnly: false },
  { method: 'PATCH', url: '/api/staff/enquiries/some-id', adminOnly: false },
  { method: 'POST', url: '/api/staff/enquiries/some-id/notes', adminOnly: false },
  { method: 'GET', url: '/api/staff/today', adminOnly: false },
  { method: 'GET', url: '/api/staff/dashboard', adminOnly: false },
  { method: 'GET', url: '/api/staff/options', adminOnly: false },
  { method: 'GET', url: '/api/staff/accounts', adminOnly: true },
  { method: 'GET', url: '/api/staff/activity', adminOnly: true },
  { method: 'POST', url: '/api/staff/accounts', adminOnly: true },
  { method: 'PATCH', url: '/api/staff/accounts/some-id', adminOnly: true },
  { method: 'GET', url: '/api/staff/export', adminOnly: true },
  { method: 'POST', url: '/api/staff/erasure', adminOnly: true },
  { method: 'GET', url: '/api/staff/deliveries', adminOnly: true },
  { method: 'POST', url: '/api/staff/deliveries/some-id/retry', adminOnly: true },
];

const form = (overrides: Record<string, unknown> = {}) => ({
  studentName: 'Asha Verma',
  phone: '98765 43210',
  classLevel: '12',
  course: 'neet-repeaters',
  city: 'Jaipur',
  consent: true,
  ...overrides,
});

describe.each(enginesUnderTest())('desk enquiries on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let counsellor: string;
  let admin: string;
  let counsellorId: string;
  let adminId: string;

  const call = (method: Method, url: string, cookie?: string, payload?: unknown, origin = ORIGIN) =>
    app.inject({ method, url, headers: { origin, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
  const signIn = async (email: string) => {
    const res = await call('POST', '/api/staff/session', undefined, { email, password: PASSWORD });
    const cookie = res.cookies.find((c) => c.name === 'desk_session');
    return `desk_session=${cookie?.value}`;
  };
  const enquire = async (overrides: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url: '/api/enquiries', payload: form(overrides) });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

  beforeEach(async () => {
    database = await open();
    clientDir = makeClientDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      STAFF_PASSWORD_COST: 'test',
      LOG_LEVEL: 'silent',
      ENQUIRY_RATE_LIMIT: '1000',
      EXPORT_RATE_LIMIT: '2',
    });
    app = await buildApp({ config, clientDir, database, deliveryWorker: false });
    const staff = createStaffRepository(database);
    counsellorId = (await staff.add({ email: 'c@example.com', name: 'Chitra', role: 'counsellor', passwordHash })).id;
    adminId = (await staff.add({ email: 'a@example.com', name: 'Anil', role: 'admin', passwordHash })).id;
    counsellor = await signIn('c@example.com');
    admin = await signIn('a@example.com');
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('every desk endpoint: 401 without a session, 403 for a counsellor on admin endpoints, 403 from another origin', async () => {
    for (const { method, url, adminOnly } of ENDPOINTS) {
      expect((await call(method, url)).statusCode, `${method} ${url} without a session`).toBe(401);
      if (adminOnly)
        expect((await call(method, url, counsellor)).statusCode, `${method} ${url} as counsellor`).toBe(403);
      if (method !== 'GET') {
        expect(
          (await call(method, url, admin, {}, 'https://evil.example')).statusCode,
          `${method} ${url} cross-origin`,
        ).toBe(403);
      }
    }
  });

  it('an enquiry as the desk reads it holds only its declared fields: no idempotency key, no pixel answer', async () => {
    const id = await enquire({ idempotencyKey: '5d0c6b1e-8c1f-4a44-9b3a-2f7e1c0d9a11', trackingConsent: 'granted' });
    const res = await call('GET', `/api/staff/enquiries/${id}`, counsellor);
    expect(res.statusCode).toBe(200);
    const enquiry = json(res).enquiry as Record<string, unknown>;
    expect(enquiry.student_name).toBe('Asha Verma');
    expect(enquiry).not.toHaveProperty('idempotency_key');
    expect(enquiry).not.toHaveProperty('tracking_consent');
  });

  it('lists enquiries newest first with filters, name search and phone search in any format', async () => {
    // Each received in a later millisecond than the one before (the times are stored to the millisecond):
    // two in the same one have no order to test.
    const nextMillisecond = async () => {
      const now = Date.now();
      while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
    };
    const first = await enquire({ studentName: 'Asha Verma', phone: '98765 43210', course: 'neet-repeaters' });
    await nextMillisecond();
    const second = await enquire({ studentName: 'Rohit Meena', phone: '91234 56789', course: 'jee' });
    await nextMillisecond();
    const third = await enquire({
      studentName: 'Priya Sharma',
      phone: '99887 76655',
      course: 'jee',
      enquirer: 'parent',
    });
    const ids = async (query: string) =>
      (json(await call('GET', `/api/staff/enquiries${query}`, counsellor)).items as { id: string }[]).map((i) => i.id);

    expect(await ids('')).toEqual([third, second, first]);
    expect(await ids('?course=jee')).toEqual([third, second]);
    expect(await ids('?q=ROHIT')).toEqual([second]);
    expect(await ids('?q=verma')).toEqual([first]);
    for (const typed of ['+91 98765 43210', '098765-43210', '9876543210', '(98765) 43210', '43210']) {
      expect(await ids(`?q=${encodeURIComponent(typed)}`), typed).toEqual([first]);
    }
    expect(await ids('?q=100%25')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?from=2020-01-01&to=2020-12-31`)).toEqual([]);
    expect((await ids(`?from=${today}`)).length).toBeGreaterThan(0);
    const page = json(await call('GET', '/api/staff/enquiries?pageSize=2&page=2', counsellor));
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((page.items as { id: string }[]).map((i) => i.id)).toEqual([first]);
    expect((await call('GET', '/api/staff/enquiries?from=yesterday', counsellor)).statusCode).toBe(400);
  });

  it('sets status, follow-up and assignee from a version; a stale version gets 409 and changes nothing; all in the audit trail', async () => {
    const id = await enquire();
    const detail = json(await call('GET', `/api/staff/enquiries/${id}`, counsellor));
    // The only counsellor owns it from the start (assignment is on in a new installation).
    expect(detail.enquiry).toMatchObject({
      status: 'new',
      version: 1,
      consent: 1,
      consent_notice_version: null,
      assignee_id: counsellorId,
    });

    const changed = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 1,
      status: 'contacted',
      nextFollowUp: '2026-12-01',
      assigneeId: adminId,
    });
    expect(changed.statusCode).toBe(200);
    const after = json(changed);
    expect(after.enquiry).toMatchObject({
      status: 'contacted',
      next_follow_up: '2026-12-01',
      assignee_id: adminId,
      assignee_name: 'Anil',
      version: 2,
    });
    expect((after.enquiry as { first_contacted_at: string | null }).first_contacted_at).not.toBeNull();
    const trail = (
      after.audit as { field: string; from_value: string | null; to_value: string; actor_name: string }[]
    ).map((a) => [a.field, a.from_value, a.to_value, a.actor_name]);
    expect(trail).toEqual(
      expect.arrayContaining([
        ['status', 'new', 'contacted', 'Chitra'],
        ['next_follow_up', null, '2026-12-01', 'Chitra'],
        ['assignee_id', null, counsellorId, null],
        ['assignee_id', counsellorId, adminId, 'Chitra'],
      ]),
    );

    // The admin was still looking at version 1.
    const stale = await call('PATCH', `/api/staff/enquiries/${id}`, admin, { version: 1, status: 'enrolled' });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).error).toMatch(/Someone else changed this enquiry/);
    const now = json(await call('GET', `/api/staff/enquiries/${id}`, admin));
    expect(now.enquiry).toMatchObject({ status: 'contacted', version: 2 });
  });

  it('stores a note with the change in one request, or nothing of either when the version is stale', async () => {
    const id = await enquire();
    const both = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 1,
      status: 'contacted',
      assigneeId: counsellorId,
      note: '  Father will visit on Saturday.  ',
    });
    expect(both.statusCode).toBe(200);
    const after = json(both) as { enquiry: unknown; notes: { body: string; author_name: string }[] };
    expect(after.enquiry).toMatchObject({ status: 'contacted', assignee_id: counsellorId, version: 2 });
    expect(after.notes.map((n) => [n.body, n.author_name])).toEqual([['Father will visit on Saturday.', 'Chitra']]);

    // A note alone keeps the version (notes never conflict with a change of status).
    const noteOnly = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 2,
      note: 'Called back.',
    });
    expect(noteOnly.statusCode).toBe(200);
    expect(json(noteOnly).enquiry).toMatchObject({ version: 2 });
    expect((json(noteOnly).notes as { body: string }[]).map((n) => n.body)).toContain('Called back.');

    // From version 1, someone else's change came first: neither the status nor the note is stored.
    const stale = await call('PATCH', `/api/staff/enquiries/${id}`, admin, {
      version: 1,
      status: 'enrolled',
      note: 'Paid the fee.',
    });
    expect(stale.statusCode).toBe(409);
    const now = json(await call('GET', `/api/staff/enquiries/${id}`, admin)) as {
      enquiry: unknown;
      notes: { body: string }[];
    };
    expect(now.enquiry).toMatchObject({ status: 'contacted', version: 2 });
    expect(now.notes.map((n) => n.body)).not.toContain('Paid the fee.');

    // A blank note is no note; a note too long is refused with a reason, and nothing changes.
    const blank = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, { version: 2, note: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(json(blank).notes).toHaveLength(2);
    const long = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 2,
      status: 'enrolled',
      note: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(json(long).error).toBe('A note is at most 2000 characters.');
    expect((await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, { version: 2, note: 42 })).statusCode).toBe(
      400,
    );
  });

  it('asks for a reason for Not interested and Unreachable, and refuses an unknown assignee', async () => {
    const id = await enquire();
    const noReason = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 1,
      status: 'not-interested',
    });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).error).toBe('Give a reason for this status.');
    const withReason = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 1,
      status: 'unreachable',
      reason: 'Phone switched off, three tries',
    });
    expect(json(withReason).enquiry).toMatchObject({
      status: 'unreachable',
      status_reason: 'Phone switched off, three tries',
    });
    const nobody = await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, {
      version: 2,
      assigneeId: 'no-such-person',
    });
    expect(nobody.statusCode).toBe(400);
  });

  it('keeps notes with author and time, newest first', async () => {
    const id = await enquire();
    expect((await call('POST', `/api/staff/enquiries/${id}/notes`, counsellor, { body: '  ' })).statusCode).toBe(400);
    const added = await call('POST', `/api/staff/enquiries/${id}/notes`, counsellor, {
      body: 'Father asked for hostel fees.',
    });
    expect(added.statusCode).toBe(201);
    await call('POST', `/api/staff/enquiries/${id}/notes`, admin, { body: 'Visit on Saturday 11 am.' });
    const notes = json(await call('GET', `/api/staff/enquiries/${id}`, counsellor)).notes as {
      body: string;
      author_name: string;
    }[];
    expect(notes.map((n) => [n.body, n.author_name])).toEqual([
      ['Visit on Saturday 11 am.', 'Anil'],
      ['Father asked for hostel fees.', 'Chitra'],
    ]);
    expect((await call('POST', '/api/staff/enquiries/no-such-id/notes', counsellor, { body: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('today: follow-ups due or overdue, and new enquiries not yet contacted', async () => {
    const due = await enquire({ phone: '91111 11111' });
    const fresh = await enquire({ phone: '92222 22222' });
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await call('PATCH', `/api/staff/enquiries/${due}`, counsellor, {
      version: 1,
      status: 'contacted',
      nextFollowUp: past,
    });
    const today = json(await call('GET', '/api/staff/today', counsellor));
    expect((today.followUps as { id: string; overdue: boolean }[]).map((f) => [f.id, f.overdue])).toEqual([
      [due, true],
    ]);
    expect((today.fresh as { id: string; late: boolean }[]).map((f) => [f.id, f.late])).toEqual([[fresh, false]]);
  });

  it('dashboard: enquiries per day and course, statuses, enrolments, first calls', async () => {
    const a = await enquire({ phone: '91111 11111', course: 'jee' });
    await enquire({ phone: '92222 22222', course: 'jee' });
    await enquire({ phone: '93333 33333', course: 'foundation' });
    await call('PATCH', `/api/staff/enquiries/${a}`, counsellor, { version: 1, status: 'enrolled' });
    const dashboard = await call('GET', '/api/staff/dashboard?days=30', counsellor);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const figures = json(dashboard);
    expect(figures.days).toBe(30);
    const perCourse = Object.fromEntries(
      (figures.perDay as { course: string; count: number }[]).map((d) => [d.course, d.count]),
    );
    expect(perCourse).toEqual({ jee: 2, foundation: 1 });
    expect(figures.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'new', count: 2 },
        { status: 'enrolled', count: 1 },
      ]),
    );
    expect(figures.enrolledByCourse).toEqual([{ course: 'jee', count: 1 }]);
    // Speed to lead counts from the first call (none recorded: a change of status is not a call).
    expect(figures.range).toMatchObject({ count: 3, called: 0, enrolled: 1 });
    expect((await call('GET', '/api/staff/dashboard?days=7', counsellor)).statusCode).toBe(400);
  });

  it('exports the filtered enquiries as a spreadsheet, within EXPORT_RATE_LIMIT a minute', async () => {
    // A follow-up is at most two years ahead (shared/schema/desk.ts).
    const inAMonth = addDays(localDate(new Date()), 30);
    const worked = await enquire({ phone: '91111 11111', course: 'jee', studentName: '=HYPERLINK("x")' });
    await enquire({ phone: '92222 22222', course: 'foundation' });
    await call('PATCH', `/api/staff/enquiries/${worked}`, counsellor, {
      version: 1,
      status: 'unreachable',
      reason: 'Switched off, three tries',
      assigneeId: counsellorId,
      nextFollowUp: inAMonth,
    });
    const res = await call('GET', '/api/staff/export?course=jee', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=HYPERLINK");
    expect(lines[0]).toMatch(
      /,Came from,Status,Reason,Assigned to,Next follow-up,First contacted \(India time\),First called \(India time\),Calls and messages,Notes,Reference$/,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `,Unreachable,"Switched off, three tries",Chitra,${inAMonth},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,,,,${worked}$`,
      ),
    );
    expect((await call('GET', '/api/staff/export', admin)).statusCode).toBe(200);
    const limited = await call('GET', '/api/staff/export', admin);
    expect(limited.statusCode).toBe(429);
  });

  it('says where each enquiry came from: a column, a filter by source, and enquiries and enrolments by source and campaign', async () => {
    const meta = await enquire({
      phone: '94444 44441',
      attribution: { utmSource: 'facebook', utmMedium: 'paid', utmCampaign: 'neet-2027-jaipur' },
    });
    await enquire({ phone: '94444 44442', attribution: { utmSource: 'facebook', utmCampaign: 'neet-2027-jaipur' } });
    const google = await enquire({ phone: '94444 44443', attribution: { gclid: 'Cj0K', utmSource: 'google' } });
    const direct = await enquire({ phone: '94444 44444' });
    await call('PATCH', `/api/staff/enquiries/${meta}`, counsellor, { version: 1, status: 'enrolled' });

    const list = async (query: string) =>
      json(await call('GET', `/api/staff/enquiries${query}`, counsellor)).items as Record<string, unknown>[];
    const all = await list('');
    expect(all.find((row) => row.id === meta)).toMatchObject({
      utm_source: 'facebook',
      utm_campaign: 'neet-2027-jaipur',
    });
    expect((await list('?source=google')).map((row) => row.id)).toEqual([google]);
    expect((await list('?source=(none)')).map((row) => row.id)).toEqual([direct]);
    expect(json(await call('GET', '/api/staff/options', counsellor)).sources as string[]).toEqual([
      'facebook',
      'google',
    ]);

    const figures = json(await call('GET', '/api/staff/dashboard?days=30', counsellor));
    // The enrolment's fee: its course's (neet-repeaters) in the starting content (nothing is published here).
    const fee = startingFacts['neet-repeaters']?.fee;
    expect(figures.bySource).toEqual(
      expect.arrayContaining([
        { value: 'facebook', count: 2, visits: 1, enrolled: 1, fees: fee },
        { value: 'google', count: 1, visits: 0, enrolled: 0, fees: 0 },
        { value: null, count: 1, visits: 0, enrolled: 0, fees: 0 },
      ]),
    );
    expect(figures.byCampaign).toEqual(
      expect.arrayContaining([
        { value: 'neet-2027-jaipur · facebook', count: 2, visits: 1, enrolled: 1, fees: fee },
        { value: null, count: 2, visits: 0, enrolled: 0, fees: 0 },
      ]),
    );
  });

  it('counts a search engine without a campaign as its own source, and a campaign per network it ran on', async () => {
    // The review's L4: an organic Google visit was "No campaign source"; one campaign on two networks was one row.
    await enquire({ phone: '94444 55551', attribution: { referrerHost: 'www.google.co.in' } });
    await enquire({ phone: '94444 55552', attribution: { utmSource: 'facebook', utmCampaign: 'neet-2027-jaipur' } });
    await enquire({ phone: '94444 55553', attribution: { utmSource: 'instagram', utmCampaign: 'neet-2027-jaipur' } });
    await enquire({ phone: '94444 55554', attribution: { referrerHost: 'www.example-blog.in' } });
    const figures = json(await call('GET', '/api/staff/dashboard?days=30', counsellor));
    const counted = (rows: unknown) =>
      Object.fromEntries((rows as { value: string | null; count: number }[]).map((row) => [row.value, row.count]));
    expect(counted(figures.bySource)).toEqual({ 'google (organic)': 1, facebook: 1, instagram: 1, null: 1 });
    expect(counted(figures.byCampaign)).toEqual({
      'neet-2027-jaipur · facebook': 1,
      'neet-2027-jaipur · instagram': 1,
      null: 2,
    });
    expect(counted(figures.byCampaignLastTouch)).toEqual(counted(figures.byCampaign));
  });

  it('searches part of a name (either script, student or parent) or of a number, and forgets what is erased', async () => {
    const rahul = await enquire({
      studentName: 'राहुल वर्मा',
      phone: '91234 56789',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita "Sunny" Verma',
      parentPhone: '99000 11223',
    });
    const asha = await enquire({ studentName: 'Asha Kumari', phone: '98765 43210' });
    const ids = async (q: string) =>
      (
        json(await call('GET', `/api/staff/enquiries?q=${encodeURIComponent(q)}`, counsellor)).items as {
          id: string;
        }[]
      ).map((i) => i.id);

    expect(await ids('राहु')).toEqual([rahul]);
    expect(await ids('SUNITA')).toEqual([rahul]);
    expect(await ids('"Sunny"')).toEqual([rahul]);
    expect(await ids('00 112')).toEqual([rahul]);
    expect(await ids('kumar')).toEqual([asha]);
    expect(await ids('as')).toEqual([asha]);
    expect(await ids('मा')).toEqual([rahul]);
    expect(await ids('verma kumari')).toEqual([]);

    await call('POST', '/api/staff/erasure', admin, { phone: '91234 56789' });
    expect(await ids('राहु')).toEqual([]);
    expect(await ids('sunita')).toEqual([]);
    await enquire({ studentName: 'Rahul Verma', phone: '91234 56789' });
    expect(await ids('rahul')).toHaveLength(1);
  });

  it('finds a name typed in the other script, a city in either script and part of an email; the export too', async () => {
    const sharma = await enquire({ studentName: 'शर्मा प्रिया', phone: '91234 56789', city: 'Kota' });
    const verma = await enquire({
      studentName: 'Rahul Verma',
      phone: '92345 67890',
      city: 'इंदौर',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'सुनीता वर्मा',
      parentPhone: '99000 11223',
    });
    const ankita = await enquire({ studentName: 'Ankita Singh', phone: '93456 78901', city: '' });
    const ids = async (q: string) =>
      (
        json(await call('GET', `/api/staff/enquiries?q=${encodeURIComponent(q)}`, counsellor)).items as {
          id: string;
        }[]
      )
        .map((i) => i.id)
        .sort();
    expect(await ids('Sharma')).toEqual([sharma]);
    expect(await ids('priya sharma')).toEqual([]);
    expect(await ids('Sharma Priya')).toEqual([sharma]);
    expect(await ids('राहुल')).toEqual([verma]);
    expect(await ids('Sunita')).toEqual([verma]);
    expect(await ids('वर्मा')).toEqual([verma]);
    expect(await ids('Varma')).toEqual([verma]);
    expect(await ids('कोटा')).toEqual([sharma]);
    expect(await ids('kota')).toEqual([sharma]);
    expect(await ids('Indore')).toEqual([verma]);
    expect(await ids('सिंह')).toEqual([ankita]);
    // The key matches the start of a word, as a name is typed: अंकित finds Ankita as Ankit does;
    // Nita does not find Sunita (सुनीता).
    expect(await ids('Ankit')).toEqual([ankita]);
    expect(await ids('अंकित')).toEqual([ankita]);
    expect(await ids('Nita')).toEqual([]);

    // The city is a detail its browser may add within the hour: its key comes with it.
    const key = '0b6c3f5e-7f0a-4d7e-9a43-8d1b0f6e2c11';
    const later = await enquire({ studentName: 'Imran Khan', phone: '94567 89012', idempotencyKey: key, city: '' });
    const details = await app.inject({
      method: 'PATCH',
      url: `/api/enquiries/${later}`,
      payload: { idempotencyKey: key, city: 'लखनऊ', email: 'Imran.Khan_99@Example.COM' },
    });
    expect(details.statusCode).toBe(200);
    expect(await ids('Lucknow')).toEqual([later]);
    expect(await ids('imran.khan_9')).toEqual([later]);
    expect(await ids('@example.com')).toEqual([later]);
    expect(await ids('n_99@ex')).toEqual([later]);
    expect(await ids('n%99')).toEqual([]);
    // Digits or an @ make a search part of an address, not a name: no Sharma is sharma9.
    expect(await ids('sharma9')).toEqual([]);
    expect(await ids('@sharma')).toEqual([]);

    const exported = await call('GET', `/api/staff/export?q=${encodeURIComponent('शर्मा')}`, admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split(/\r?\n/)).toHaveLength(2);
    expect(exported.body).toContain('शर्मा प्रिया');
  });

  it("erases a person's enquiries with their notes and trail; the erasure is recorded without their details", async () => {
    const id = await enquire({ phone: '98765 43210' });
    const other = await enquire({ phone: '91111 11111' });
    await call('POST', `/api/staff/enquiries/${id}/notes`, counsellor, { body: 'Called twice.' });
    await call('PATCH', `/api/staff/enquiries/${id}`, counsellor, { version: 1, status: 'contacted' });
    const erased = await call('POST', '/api/staff/erasure', admin, { phone: '+91 98765-43210' });
    expect(json(erased)).toEqual({ erased: 1 });
    expect((await call('GET', `/api/staff/enquiries/${id}`, admin)).statusCode).toBe(404);
    expect(await database.db.selectFrom('enquiry_notes').selectAll().execute()).toHaveLength(0);
    const trail = await database.db.selectFrom('audit_log').selectAll().execute();
    expect(trail.filter((row) => row.enquiry_id === id)).toHaveLength(0);
    const record = trail.find((row) => row.action === 'erasure');
    expect(record).toMatchObject({ field: 'phone', to_value: '1' });
    expect(JSON.stringify(trail)).not.toContain('98765');
    expect((await call('GET', `/api/staff/enquiries/${other}`, admin)).statusCode).toBe(200);
  });

  it('the retention purge removes old enquiries with their notes and audit rows', async () => {
    const id = await enquire();
    await call('POST', `/api/staff/enquiries/${id}/notes`, counsellor, { body: 'Old note.' });
    const deleted = await createEnquiryRepository(database).purgeOlderThan(new Date(Date.now() + 60_000));
    expect(deleted).toBe(1);
    expect(await database.db.selectFrom('enquiry_notes').selectAll().execute()).toHaveLength(0);
    expect(await database.db.selectFrom('audit_log').selectAll().where('enquiry_id', '=', id).execute()).toHaveLength(
      0,
    );
  });

  it('admins add a counsellor, who can sign in; disabling ends their session', async () => {
    const added = await call('POST', '/api/staff/accounts', admin, {
      email: 'New@Example.com',
      name: 'Naveen',
      role: 'counsellor',
      password: 'a long enough password',
    });
    expect(added.statusCode).toBe(201);
    const { id } = json(added).staff as { id: string };
    expect(
      (
        await call('POST', '/api/staff/accounts', admin, {
          email: 'x@example.com',
          name: 'X',
          role: 'counsellor',
          password: 'short',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/staff/accounts', admin, {
          email: 'new@example.com',
          name: 'Again',
          role: 'counsellor',
          password: 'a long enough password',
        })
      ).statusCode,
    ).toBe(409);
    const res = await call('POST', '/api/staff/session', undefined, {
      email: 'new@example.com',
      password: 'a long enough password',
    });
    const cookie = `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
    expect((await call('GET', '/api/staff/me', cookie)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/staff/accounts/${id}`, admin, { disabled: true })).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', cookie)).statusCode).toBe(401);
  });

  it("a new password or 'sign out everywhere' ends the member's sessions; the activity list shows what admins did", async () => {
    const counsellorSecond = await signIn('c@example.com');
    const reset = await call('PATCH', `/api/staff/accounts/${counsellorId}`, admin, { password: 'another long one!' });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', counsellor)).statusCode).toBe(401);
    expect((await call('GET', '/api/staff/me', counsellorSecond)).statusCode).toBe(401);
    expect((await call('GET', '/api/staff/me', admin)).statusCode).toBe(200);

    const again = await call('POST', '/api/staff/session', undefined, {
      email: 'c@example.com',
      password: 'another long one!',
    });
    const cookie = `desk_session=${again.cookies.find((c) => c.name === 'desk_session')?.value}`;
    expect((await call('GET', '/api/staff/me', cookie)).statusCode).toBe(200);
    const signedOut = await call('PATCH', `/api/staff/accounts/${counsellorId}`, admin, { signOut: true });
    expect(signedOut.statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', cookie)).statusCode).toBe(401);
    expect((await call('PATCH', `/api/staff/accounts/${counsellorId}`, admin, { signOut: false })).statusCode).toBe(
      400,
    );

    await enquire({ phone: '93333 33333' });
    await call('POST', '/api/staff/erasure', admin, { phone: '93333 33333' });
    const activity = json(await call('GET', '/api/staff/activity', admin)).activity as {
      at: string;
      action: string;
      actor_name: string;
      field: string | null;
      to_value: string | null;
    }[];
    expect(activity.map((entry) => entry.action).sort()).toEqual([
      'account-password-reset',
      'account-signed-out',
      'erasure',
    ]);
    expect(activity.map((entry) => entry.at)).toEqual(
      activity
        .map((entry) => entry.at)
        .sort()
        .reverse(),
    );
    expect(activity.find((entry) => entry.action === 'account-signed-out')).toMatchObject({
      actor_name: 'Anil',
      field: 'c@example.com',
      to_value: '1',
    });
    expect(JSON.stringify(activity)).not.toContain('93333');
  });
});
