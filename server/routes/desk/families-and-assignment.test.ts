/**
 * One record per family and an owner for every enquiry, through HTTP on real databases
 * (SQLite and PostgreSQL): enquiries come in through the public API, staff see them through
 * the desk's. Two instances share one PostgreSQL database where the test says so.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { simpleParser } from 'mailparser';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { localDate } from '../../../shared/institute-calendar';
import { enquirySchema } from '../../../shared/schema/enquiry';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest, freshPostgresUrl } from '../../../tests/support/databases';
import { enquiryRow } from '../../../tests/support/enquiry-row';
import { phoneStandIn } from '../../../tests/support/phone-codes';
import { eventually, startSmtpReceiver } from '../../../tests/support/receivers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Db, openDatabase } from '../../db/database';
import { migrationsFor } from '../../db/migrations';
import { createEnquiryRepository } from '../../db/enquiry-repository';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  studentName: 'Asha Verma',
  phone: '98765 43210',
  classLevel: '12',
  course: 'neet-repeaters',
  city: 'Jaipur',
  consent: true,
  ...overrides,
});
const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;
type Row = { id: string; assignee_id: string | null; status: string; next_follow_up: string | null };

describe.each(enginesUnderTest())('families and assignment on $name', ({ name, open }) => {
  const phone = phoneStandIn();
  let database: Db;
  let clientDir: string;
  let apps: FastifyInstance[];
  let app: FastifyInstance;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  const start = async (db: Db, env: Record<string, string> = {}) => {
    const started = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        STAFF_PASSWORD_COST: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '100000',
        ...env,
      }),
      clientDir,
      database: db,
      deliveryWorker: Boolean(env.SMTP_URL),
      codeSender: phone,
    });
    await started.ready();
    apps.push(started);
    return started;
  };
  const call = (method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, who: string, payload?: unknown, on = app) =>
    on.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });
  const enquire = async (overrides: Record<string, unknown> = {}, on = app) => {
    const res = await on.inject({ method: 'POST', url: '/api/enquiries', payload: form(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  /** An enquiry whose sender proved its number by a code first (issue 38). */
  const enquireProved = async (overrides: Record<string, unknown> = {}, on = app) =>
    enquire(await phone.withProof(on, form(overrides)), on);
  const signIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    return `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
  };
  /** Staff: counsellors Chitra and Dev, admin Anil (ids by first name, signed in). */
  const addStaff = async (db: Db, names = ['Chitra', 'Dev']) => {
    const staff = createStaffRepository(db);
    for (const person of names) {
      ids[person] = (
        await staff.add({
          email: `${person.toLowerCase()}@example.com`,
          name: person,
          role: 'counsellor',
          passwordHash,
        })
      ).id;
    }
    ids.Anil = (await staff.add({ email: 'anil@example.com', name: 'Anil', role: 'admin', passwordHash })).id;
    for (const person of [...names, 'Anil']) cookies[person] = await signIn(`${person.toLowerCase()}@example.com`);
  };
  const rows = () => database.db.selectFrom('enquiries').selectAll().orderBy('created_at').orderBy('id').execute();

  beforeEach(async () => {
    clientDir = makeClientDir();
    apps = [];
    database = await open();
    app = await start(database);
  });
  afterEach(async () => {
    for (const each of apps) await each.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('a family that asks again is one record: the newest enquiry, with its owner, status and history', async () => {
    await addStaff(database);
    const first = await enquire();
    const owner = String((await rows())[0]?.assignee_id);
    expect([ids.Chitra, ids.Dev]).toContain(owner);
    const ownerName = owner === ids.Chitra ? 'Chitra' : 'Dev';
    const other = ownerName === 'Chitra' ? 'Dev' : 'Chitra';
    expect(
      (await call('PATCH', `/api/staff/enquiries/${first}`, ownerName, { version: 1, status: 'contacted' })).statusCode,
    ).toBe(200);

    // A day later, from the same number typed another way, about another course, its code typed back.
    const again = await enquireProved({ phone: '+91 98765-43210', course: 'jee', studentName: 'Asha' });
    expect(again).not.toBe(first);
    const inbox = json(await call('GET', '/api/staff/enquiries', 'Anil'));
    expect((inbox.items as Row[]).map((row) => row.id)).toEqual([again]);
    const record = json(await call('GET', `/api/staff/enquiries/${again}`, 'Anil'));
    expect(record.enquiry).toMatchObject({
      id: again,
      course: 'jee',
      status: 'contacted',
      assignee_id: owner,
      next_follow_up: localDate(new Date()),
      superseded_at: null,
    });
    const family = record.family as { enquiries: { id: string; course: string }[]; phones: string[] };
    expect(family.enquiries.map((each) => [each.id, each.course])).toEqual([[first, 'neet-repeaters']]);
    expect(family.phones).toEqual(['+919876543210']);
    const trail = (record.audit as { action: string; enquiry_id: string; field: string | null }[]).map((entry) => [
      entry.action,
      entry.enquiry_id,
      entry.field,
    ]);
    expect(trail).toEqual(
      expect.arrayContaining([
        ['came-back', again, first],
        ['changed', first, 'status'],
      ]),
    );

    // The earlier enquiry is history: a change made from it is refused, and says where the record is.
    const stale = await call('PATCH', `/api/staff/enquiries/${first}`, other, { version: 2, status: 'enrolled' });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toMatchObject({ record: again, error: expect.stringMatching(/asked again/) });

    // The owner was told twice: assigned, then asked again; the other counsellor not at all.
    const told = json(await call('GET', '/api/staff/notifications', ownerName));
    expect((told.items as { kind: string; enquiry_id: string }[]).map((n) => [n.kind, n.enquiry_id])).toEqual([
      ['came-back', again],
      ['assigned', first],
    ]);
    expect(told.unread).toBe(2);
    expect(json(await call('GET', '/api/staff/notifications/unread', other)).unread).toBe(0);
    // Opening the family's record reads both.
    await call('GET', `/api/staff/enquiries/${again}`, ownerName);
    expect(json(await call('GET', '/api/staff/notifications/unread', ownerName)).unread).toBe(0);
  });

  it('an unproved enquiry on a family’s number changes nothing of the family’s until a counsellor confirms it', async () => {
    await addStaff(database);
    // The family's own enquiry: a child's, its parent's number proved, the pixel declined.
    const child = {
      studentName: 'Priya Sharma',
      phone: '94835 55285',
      classLevel: '11',
      course: 'neet-year-long',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Real Parent',
      parentPhone: '98111 00000',
      trackingConsent: 'denied',
    };
    const family = await enquireProved(child);
    const [record] = await rows();
    expect(record).toMatchObject({ id: family, number_proved_by: 'sms', repeat_check: null });
    expect(record?.number_proved_at).toEqual(expect.any(String));
    const owner = String(record?.assignee_id);
    const ownerName = owner === ids.Chitra ? 'Chitra' : 'Dev';
    expect(
      (await call('PATCH', `/api/staff/enquiries/${family}`, ownerName, { version: 1, status: 'contacted' }))
        .statusCode,
    ).toBe(200);

    // An outsider types the family's number (the review's M2), and is answered as anyone is.
    const outsider = await enquire({
      studentName: 'Outsider',
      phone: '94835 55285',
      course: 'jee',
      enquirer: 'parent',
      email: 'attacker@evil.example',
      trackingConsent: 'granted',
    });
    const after = await rows();
    const kept = after.find((row) => row.id === family);
    const beside = after.find((row) => row.id === outsider);
    // The family's record is still the family's: its name, email, consent, status and owner.
    expect(kept).toMatchObject({
      superseded_at: null,
      student_name: 'Priya Sharma',
      email: null,
      tracking_consent: 'denied',
      status: 'contacted',
      assignee_id: owner,
    });
    expect(beside).toMatchObject({
      family_id: kept?.family_id,
      repeat_check: 'pending',
      number_proved_at: null,
      status: 'new',
      assignee_id: owner,
    });
    expect(beside?.superseded_at).not.toBeNull();
    // The inbox shows the family's record alone; the record shows the enquiry beside it, unproved.
    const inbox = json(await call('GET', '/api/staff/enquiries', 'Anil'));
    expect((inbox.items as Row[]).map((row) => row.id)).toEqual([family]);
    const detail = json(await call('GET', `/api/staff/enquiries/${family}`, ownerName));
    expect(detail.enquiry).toMatchObject({ number_proved_by: 'sms', repeat_check: null });
    expect((detail.family as { enquiries: Record<string, unknown>[] }).enquiries).toEqual([
      expect.objectContaining({
        id: outsider,
        student_name: 'Outsider',
        repeat_check: 'pending',
        number_proved_at: null,
      }),
    ]);
    // Nothing of it leaves the institute (no webhook, no Meta): the staff's own email only.
    const channels = await database.db
      .selectFrom('deliveries')
      .select('channel')
      .where('enquiry_id', '=', outsider)
      .execute();
    expect(channels.map((row) => row.channel).filter((channel) => channel === 'webhook' || channel === 'meta')).toEqual(
      [],
    );

    // Kept apart by the owner: it stays beside the record, and settles once.
    const settle = (id: string, decision: string, who = ownerName) =>
      call('POST', `/api/staff/enquiries/${id}/repeat`, who, { decision });
    const apart = await settle(outsider, 'apart');
    expect(apart.statusCode, apart.body).toBe(200);
    expect(json(apart)).toEqual({ record: family });
    expect((await settle(outsider, 'confirm')).statusCode).toBe(409);
    expect((await rows()).find((row) => row.id === outsider)).toMatchObject({ repeat_check: 'kept-apart' });

    // The parent, on another phone without the code, asks about a second child: confirmed after a call,
    // it becomes the record with the family's work on it.
    const sibling = await enquire({ studentName: 'Rohan Sharma', phone: '94835 55285', course: 'foundation' });
    const [first, second] = await Promise.all([settle(sibling, 'confirm'), settle(sibling, 'confirm', 'Anil')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const confirmed = (await rows()).find((row) => row.id === sibling);
    expect(confirmed).toMatchObject({
      superseded_at: null,
      repeat_check: null,
      status: 'contacted',
      assignee_id: owner,
    });
    expect((await rows()).find((row) => row.id === family)?.superseded_at).not.toBeNull();
    const trail = json(await call('GET', `/api/staff/enquiries/${sibling}`, 'Anil')).audit as { action: string }[];
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['confirmed', 'came-back', 'kept-apart']),
    );
    expect((await settle(randomUUID(), 'confirm')).statusCode).toBe(404);
  });

  it('a child’s own enquiry leaves the institute only once its parent’s number is proved', async () => {
    const hooked = await start(database, { ENQUIRY_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });
    const channelsOf = async (id: string) =>
      (await database.db.selectFrom('deliveries').select('channel').where('enquiry_id', '=', id).execute()).map(
        (row) => row.channel,
      );
    const child = {
      studentName: 'Kabir',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita',
      parentPhone: '98765 43288',
    };
    // Stored, for the institute to call the parent; the CRM's webhook hears nothing of it.
    const unproved = await enquire({ ...child, phone: '98765 43277' }, hooked);
    expect(await channelsOf(unproved)).toEqual([]);
    // A class 9 student who left the box unticked is a child too.
    const classNine = await enquire(
      { studentName: 'Meera', phone: '98765 43266', enquirer: 'student', classLevel: '9' },
      hooked,
    );
    expect(await channelsOf(classNine)).toEqual([]);
    // The parent's number proved by a code: it goes on as any enquiry does.
    const proved = await enquireProved({ ...child, phone: '98765 43255' }, hooked);
    expect(await channelsOf(proved)).toEqual(['webhook']);
    // An adult's enquiry needs no code for that.
    expect(await channelsOf(await enquire({ phone: '98765 43244' }, hooked))).toEqual(['webhook']);
    // The parent confirmed on a call: what was held back goes now, once.
    await addStaff(database);
    for (let twice = 0; twice < 2; twice++)
      expect(
        (await call('POST', `/api/staff/enquiries/${unproved}/number-confirmed`, 'Chitra', undefined, hooked))
          .statusCode,
      ).toBe(204);
    expect(await channelsOf(unproved)).toEqual(['webhook']);
  });

  it('with the admins’ setting on, an enquiry from a script needs its number proved; a form without JavaScript is kept', async () => {
    await addStaff(database);
    const setting = (enquiries: boolean, who = 'Anil') =>
      call('PUT', '/api/staff/settings/verification', who, { enquiries });
    expect(json(await call('GET', '/api/staff/settings/verification', 'Anil'))).toEqual({ enquiries: false });
    // Counsellors may not change it.
    expect((await setting(true, 'Chitra')).statusCode).toBe(403);
    expect((await setting(true)).statusCode).toBe(200);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: form({ phone: '97000 00001' }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ verification: 'needed' });
    expect(await rows()).toEqual([]);
    const proved = await enquireProved({ phone: '97000 00001' });
    expect((await rows()).find((row) => row.id === proved)).toMatchObject({ number_proved_by: 'sms' });
    // Without JavaScript the form cannot ask for a code: the enquiry is kept, unproved, for the call.
    const plain = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        studentName: 'Ravi',
        phone: '97000 00002',
        course: 'jee',
        consent: 'on',
      }).toString(),
    });
    expect(plain.statusCode).toBe(303);
    expect((await rows()).find((row) => row.phone === '+919700000002')).toMatchObject({ number_proved_at: null });

    expect((await setting(false)).statusCode).toBe(200);
    expect(typeof (await enquire({ phone: '97000 00003' }))).toBe('string');
    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'field'])
      .where('action', '=', 'setting-changed')
      .execute();
    expect(trail).toEqual([
      { action: 'setting-changed', field: 'verification' },
      { action: 'setting-changed', field: 'verification' },
    ]);
  });

  it('a counsellor confirms a family’s number on a call: when and how are kept, who in the trail', async () => {
    await addStaff(database);
    const id = await enquire({ enquirer: 'student', classLevel: '9', course: 'foundation' });
    expect((await rows())[0]).toMatchObject({ number_proved_at: null, number_proved_by: null });
    const confirmed = await call('POST', `/api/staff/enquiries/${id}/number-confirmed`, 'Chitra');
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect((await rows())[0]).toMatchObject({ number_proved_by: 'call', number_proved_at: expect.any(String) });
    const trail = json(await call('GET', `/api/staff/enquiries/${id}`, 'Anil')).audit as {
      action: string;
      actor_name: string;
    }[];
    expect(trail).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'number-confirmed', actor_name: 'Chitra' })]),
    );
  });

  it('stores many enquiries of one number at once as one family with one record', async () => {
    await addStaff(database);
    const courses = [
      'neet-repeaters',
      'jee',
      'foundation',
      'neet-year-long',
      'integrated-program',
      'neet-crash-course',
    ];
    const saved = await Promise.all(courses.map((course) => enquire({ course })));
    expect(new Set(saved).size).toBe(courses.length);
    const stored = await rows();
    expect(new Set(stored.map((row) => row.family_id)).size).toBe(1);
    expect(stored.filter((row) => row.superseded_at === null)).toHaveLength(1);
    // The family has one owner: every later enquiry went to the first one's counsellor.
    expect(new Set(stored.map((row) => row.assignee_id)).size).toBe(1);
    const phones = await database.db.selectFrom('family_phones').selectAll().execute();
    expect(phones).toEqual([{ phone: '+919876543210', family_id: stored[0]?.family_id }]);
  });

  it('shares new enquiries round-robin, by language and course, skipping anyone away; off leaves them for the admins', async () => {
    await addStaff(database, ['Chitra', 'Dev', 'Esha']);
    let n = 0;
    const phone = () => `90000 ${String(10000 + n++)}`;
    const ownerOf = async (id: string) =>
      (await database.db.selectFrom('enquiries').select('assignee_id').where('id', '=', id).executeTakeFirstOrThrow())
        .assignee_id;
    const owners = async (count: number, overrides: Record<string, unknown> = {}) => {
      const got: (string | null)[] = [];
      for (let i = 0; i < count; i++) got.push(await ownerOf(await enquire({ phone: phone(), ...overrides })));
      return got;
    };
    expect(new Set(await owners(3)).size).toBe(3);

    // Chitra calls in Hindi only, Dev in English only; Esha takes JEE only.
    const work = (person: string, body: object) => call('PUT', `/api/staff/accounts/${ids[person]}/work`, 'Anil', body);
    expect((await work('Chitra', { away: false, languages: ['hi'], courses: null })).statusCode).toBe(200);
    expect((await work('Dev', { away: false, languages: ['en'], courses: null })).statusCode).toBe(200);
    expect((await work('Esha', { away: false, languages: ['en'], courses: ['jee'] })).statusCode).toBe(200);
    // A refusal names its field, so that the Leads page shows it there.
    const noLanguage = await work('Esha', { away: false, languages: [], courses: null });
    expect(noLanguage.statusCode).toBe(400);
    expect(json(noLanguage)).toEqual({ error: 'Choose at least one language, or all.', field: 'languages' });
    expect(new Set(await owners(4, { language: 'hi' })), 'hi').toEqual(new Set([ids.Chitra]));
    expect(new Set(await owners(4, { course: 'neet-repeaters' })), 'neet').toEqual(new Set([ids.Dev]));
    expect(new Set(await owners(4, { course: 'jee' }))).toEqual(new Set([ids.Dev, ids.Esha]));

    // Dev is away: English enquiries go to the English speaker left (Esha), the language before the course.
    const returning = await enquire({ phone: '91234 56789' });
    expect(await ownerOf(returning)).toBe(ids.Dev);
    expect((await work('Dev', { away: true, languages: ['en'], courses: null })).statusCode).toBe(200);
    expect(new Set(await owners(3, { course: 'neet-repeaters' })), 'away').toEqual(new Set([ids.Esha]));
    // A family of Dev's asking again while he is away goes to someone who is in.
    expect(await ownerOf(await enquire({ phone: '91234 56789', course: 'jee' }))).toBe(ids.Esha);

    // Dev is back. A family of his (he calls in English only) asking again in Hindi goes to Chitra,
    // who calls in Hindi; asking again in English, to an English speaker.
    expect((await work('Dev', { away: false, languages: ['en'], courses: null })).statusCode).toBe(200);
    expect(await ownerOf(await enquire({ phone: '92222 33333', course: 'neet-repeaters' }))).toBe(ids.Dev);
    expect(await ownerOf(await enquire({ phone: '92222 33333', course: 'foundation', language: 'hi' }))).toBe(
      ids.Chitra,
    );

    // A counsellor cannot change the rules; an admin turns them off, and new enquiries wait for the admins.
    expect((await call('PUT', '/api/staff/assignment', 'Chitra', { on: false })).statusCode).toBe(403);
    const notOnOrOff = await call('PUT', '/api/staff/assignment', 'Anil', { on: 'no' });
    expect(notOnOrOff.statusCode).toBe(400);
    // Its reply declares no field: only the words are sent.
    expect(Object.keys(json(notOnOrOff))).toEqual(['error']);
    expect((await call('PUT', '/api/staff/assignment', 'Anil', { on: false })).statusCode).toBe(200);
    expect(await owners(2)).toEqual([null, null]);
    const activity = json(await call('GET', '/api/staff/activity', 'Anil'));
    expect((activity.activity as { action: string }[]).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['setting-changed', 'account-work']),
    );
  });

  it('which campaign brings admissions: a family counts under its first enquiry’s campaign, its newest beside it', async () => {
    await addStaff(database);
    // Found by a Facebook ad; back a week later from a brand search, on the same (proved) number.
    await enquireProved({
      phone: '93333 22222',
      course: 'jee',
      attribution: { utmSource: 'facebook', utmCampaign: 'jee-dec-offer' },
    });
    const again = await enquireProved({
      phone: '93333 22222',
      course: 'foundation',
      attribution: { utmSource: 'google', utmCampaign: 'brand-search' },
    });
    const { version } = json(await call('GET', `/api/staff/enquiries/${again}`, 'Anil')).enquiry as {
      version: number;
    };
    expect(
      (await call('PATCH', `/api/staff/enquiries/${again}`, 'Anil', { version, status: 'enrolled' })).statusCode,
    ).toBe(200);
    const figures = json(await call('GET', '/api/staff/dashboard?days=30', 'Anil'));
    const enrolled = { count: 1, visits: 1, enrolled: 1, fees: expect.any(Number) };
    expect(figures.bySource).toEqual([{ value: 'facebook', ...enrolled }]);
    expect(figures.byCampaign).toEqual([{ value: 'jee-dec-offer · facebook', ...enrolled }]);
    expect(figures.byCampaignLastTouch).toEqual([{ value: 'brand-search · google', ...enrolled }]);
    // The spreadsheet carries both: what brought the family first, and what brought this record.
    const sheet = await call('GET', '/api/staff/export', 'Anil');
    expect(sheet.statusCode).toBe(200);
    const [header = '', row = ''] = sheet.body.trim().split(/\r?\n/);
    expect(header).toContain(',First came from,Came from,');
    expect(row).toContain(',"Meta ad, campaign jee-dec-offer","google, campaign brand-search",');
  });

  it('two families merged by hand count under what brought the one that asked first', async () => {
    await addStaff(database);
    await enquire({ phone: '94444 11111', attribution: { utmSource: 'facebook', utmCampaign: 'neet-reels' } });
    const later = await enquire({
      phone: '94444 22222',
      attribution: { utmSource: 'google', utmCampaign: 'brand-search' },
    });
    // Merged on the later family's record, which stays the record (it is the newer).
    const merged = await call('POST', `/api/staff/enquiries/${later}/merge`, 'Anil', { phone: '94444 11111' });
    expect(merged.statusCode, merged.body).toBe(200);
    const figures = json(await call('GET', '/api/staff/dashboard?days=30', 'Anil'));
    expect(figures.bySource).toEqual([expect.objectContaining({ value: 'facebook', count: 1 })]);
    expect(figures.byCampaign).toEqual([expect.objectContaining({ value: 'neet-reels · facebook', count: 1 })]);
    expect(figures.byCampaignLastTouch).toEqual([
      expect.objectContaining({ value: 'brand-search · google', count: 1 }),
    ]);
  });

  it('a family that comes back goes to its earlier counsellor, not the next in turn', async () => {
    await addStaff(database);
    const first = await enquire({ phone: '95555 55555' });
    const owner = (await rows()).find((row) => row.id === first)?.assignee_id;
    // Back to back: taking turns would give the next ones to the other counsellor.
    for (const course of ['jee', 'foundation', 'neet-year-long']) await enquire({ phone: '95555 55555', course });
    const family = (await rows()).filter((row) => row.phone === '+919555555555');
    expect(family.map((row) => row.assignee_id)).toEqual([owner, owner, owner, owner]);
  });

  it('emails the owner through the outbox with the call and WhatsApp links, and tells them on the desk', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const mailing = await start(database, { SMTP_URL: smtp.url });
      await addStaff(database, ['Chitra']);
      const id = await enquire(
        {
          studentUnder18: true,
          enquirer: 'student',
          parentName: 'Sunita Verma',
          parentPhone: '91111 22222',
          language: 'hi',
        },
        mailing,
      );
      await eventually(() => expect(smtp.mails).toHaveLength(1));
      const [mail] = smtp.mails;
      if (!mail) throw new Error('no mail');
      expect(mail.to).toEqual(['chitra@example.com']);
      const parsed = await simpleParser(mail.raw);
      expect(parsed.subject).toBe('New lead for you: Asha Verma, NEET Repeaters (Dropper) Course');
      const text = parsed.text ?? '';
      // A student under 18: the parent's number first.
      expect(text).toContain('Call Sunita Verma (parent of Asha Verma): +91 91111 22222  tel:+919111122222');
      expect(text).toContain('WhatsApp: https://wa.me/919111122222');
      expect(text).toContain('Speaks: Hindi (हिन्दी)');
      expect(text).toContain(`/staff/enquiries/${id}`);
      expect(json(await call('GET', '/api/staff/notifications/unread', 'Chitra')).unread).toBe(1);
      // The receiver has the mail a moment before the worker records it as delivered.
      await eventually(async () => {
        const delivered = await database.db
          .selectFrom('deliveries')
          .selectAll()
          .where('channel', '=', 'assignee')
          .execute();
        expect(delivered).toMatchObject([{ enquiry_id: id, status: 'delivered', context: null }]);
      });

      // Given to someone else by hand: they are told too, by email and on the desk.
      const dev = await createStaffRepository(database).add({
        email: 'dev@example.com',
        name: 'Dev',
        role: 'counsellor',
        passwordHash,
      });
      const handed = await call(
        'PATCH',
        `/api/staff/enquiries/${id}`,
        'Anil',
        { version: 1, assigneeId: dev.id },
        mailing,
      );
      expect(handed.statusCode, handed.body).toBe(200);
      await eventually(() => expect(smtp.mails).toHaveLength(2));
      expect(smtp.mails[1]?.to).toEqual(['dev@example.com']);
    } finally {
      await smtp.close();
    }
  });

  it('merges two families by hand (a parent’s number and a student’s): one record, the kept work, in both trails', async () => {
    await addStaff(database);
    const student = await enquire({ phone: '91111 11111', course: 'jee' });
    const parent = await enquire({ phone: '92222 22222', course: 'foundation', enquirer: 'parent' });
    // The student's record is worked; the parent's came later.
    expect(
      (
        await call('PATCH', `/api/staff/enquiries/${student}`, 'Anil', {
          version: 1,
          status: 'contacted',
          assigneeId: ids.Anil,
        })
      ).statusCode,
    ).toBe(200);
    const merge = (id: string, phone: string, who = 'Chitra') =>
      call('POST', `/api/staff/enquiries/${id}/merge`, who, { phone });
    expect((await merge(student, '93333 33333')).statusCode).toBe(404);
    expect((await merge(student, '91111 11111')).statusCode).toBe(400);
    expect((await merge(student, 'not a number')).statusCode).toBe(400);
    const merged = await merge(student, '92222 22222');
    expect(merged.statusCode, merged.body).toBe(200);
    // The newer enquiry (the parent's) is the record, with the student's record's work on it.
    expect(json(merged)).toEqual({ record: parent });
    const inbox = json(await call('GET', '/api/staff/enquiries', 'Anil'));
    expect((inbox.items as Row[]).map((row) => [row.id, row.status, row.assignee_id])).toEqual([
      [parent, 'contacted', ids.Anil],
    ]);
    const record = json(await call('GET', `/api/staff/enquiries/${parent}`, 'Anil'));
    expect((record.family as { phones: string[] }).phones).toEqual(['+919111111111', '+919222222222']);
    const trail = (record.audit as { action: string; enquiry_id: string }[]).filter(
      (entry) => entry.action === 'merged',
    );
    expect(trail.map((entry) => entry.enquiry_id).sort()).toEqual([student, parent].sort());
    // A new enquiry from either number, proved, joins the one family as its record.
    const again = await enquireProved({ phone: '91111 11111', course: 'neet-repeaters' });
    const stored = await rows();
    expect(new Set(stored.map((row) => row.family_id)).size).toBe(1);
    expect(stored.filter((row) => row.superseded_at === null).map((row) => row.id)).toEqual([again]);
  });

  it('assigns several enquiries at once, each from the version shown; one changed meanwhile is left and named', async () => {
    await addStaff(database);
    const [a, b, c] = [
      await enquire({ phone: '94444 44441' }),
      await enquire({ phone: '94444 44442' }),
      await enquire({ phone: '94444 44443' }),
    ];
    // Someone changes c first.
    await call('PATCH', `/api/staff/enquiries/${c}`, 'Anil', { version: 1, status: 'contacted' });
    const cBefore = (await rows()).find((row) => row.id === c);
    const bulk = await call('POST', '/api/staff/enquiries/assign', 'Chitra', {
      assigneeId: ids.Dev,
      enquiries: [a, b, c].map((id) => ({ id, version: 1 })),
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(json(bulk)).toEqual({ assigned: [a, b], refused: [{ id: c, reason: 'someone else changed it meanwhile' }] });
    const owners = Object.fromEntries((await rows()).map((row) => [row.id, row.assignee_id]));
    expect([owners[a], owners[b]]).toEqual([ids.Dev, ids.Dev]);
    expect((await rows()).find((row) => row.id === c)).toEqual(cBefore);
    expect(
      (
        await call('POST', '/api/staff/enquiries/assign', 'Chitra', {
          assigneeId: 'nobody',
          enquiries: [{ id: a, version: 2 }],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('erasing a number forgets its family; the number asking again starts a new one', async () => {
    await addStaff(database);
    await enquire();
    await enquire({ course: 'jee' });
    const erased = await call('POST', '/api/staff/erasure', 'Anil', { phone: '98765 43210' });
    expect(json(erased)).toEqual({ erased: 2 });
    expect(await database.db.selectFrom('family_phones').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
    const fresh = await enquire();
    expect((await rows()).map((row) => [row.id, row.family_id, row.superseded_at])).toEqual([[fresh, fresh, null]]);
  });

  it('the retention purge forgets a family with no enquiry left', async () => {
    const enquiries = createEnquiryRepository(database);
    await enquiries.save(enquirySchema.parse(form()), { source: 'json', now: new Date('2025-01-01T00:00:00Z') });
    expect(await enquiries.purgeOlderThan(new Date('2025-06-01T00:00:00Z'))).toBe(1);
    expect(await database.db.selectFrom('family_phones').selectAll().execute()).toEqual([]);
  });

  it('migration 015 groups the enquiries already stored by number: the newest is the record', async () => {
    const url = name === 'sqlite' ? 'file::memory:' : await freshPostgresUrl(String(inject('postgresUrl')));
    // Open one at migration 014, as an installation before this change.
    const older = await openAt(url, '014-uploads', name);
    try {
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes)).toISOString();
      const base = {
        student_name: 'Asha',
        class_level: '12',
        course: 'jee',
        city: '',
        enquirer: 'student',
        language: 'en',
      };
      const seed = [
        { ...base, id: 'a1', phone: '+919000000001', created_at: at(0) },
        { ...base, id: 'b1', phone: '+919000000002', created_at: at(1) },
        { ...base, id: 'a2', phone: '+919000000001', created_at: at(2), course: 'foundation' },
        { ...base, id: 'a3', phone: '+919000000001', created_at: at(3), course: 'neet-repeaters' },
      ].map((row) => {
        // Without the columns later migrations add.
        const { family_id: _family, superseded_at: _superseded, lead_received_at: _received, ...old } = enquiryRow(row);
        return old;
      });
      await sql`insert into enquiries ${sql.raw(`(${Object.keys(seed[0] ?? {}).join(', ')})`)} values ${sql.join(
        seed.map((row) => sql`(${sql.join(Object.values(row))})`),
      )}`.execute(older.db);
      await new Migrator({ db: older.db, provider: { getMigrations: () => migrationsFor(name) } }).migrateToLatest();
      const migrated = await older.db
        .selectFrom('enquiries')
        .select(['id', 'family_id', 'superseded_at'])
        .orderBy('id')
        .execute();
      expect(migrated).toEqual([
        { id: 'a1', family_id: 'a1', superseded_at: at(2) },
        { id: 'a2', family_id: 'a1', superseded_at: at(3) },
        { id: 'a3', family_id: 'a1', superseded_at: null },
        { id: 'b1', family_id: 'b1', superseded_at: null },
      ]);
      expect(await older.db.selectFrom('family_phones').selectAll().orderBy('phone').execute()).toEqual([
        { phone: '+919000000001', family_id: 'a1' },
        { phone: '+919000000002', family_id: 'b1' },
      ]);
    } finally {
      await older.db.destroy();
    }
  });
});

/** A database migrated up to `last` only (the schema an older installation has). */
async function openAt(url: string, last: string, engine: 'sqlite' | 'postgres') {
  const { Kysely, PostgresDialect, SqliteDialect } = await import('kysely');
  const db =
    engine === 'sqlite'
      ? new Kysely<never>({
          dialect: new SqliteDialect({ database: new (await import('better-sqlite3')).default(':memory:') }),
        })
      : new Kysely<never>({
          dialect: new PostgresDialect({ pool: new (await import('pg')).default.Pool({ connectionString: url }) }),
        });
  const result = await new Migrator({ db, provider: { getMigrations: () => migrationsFor(engine) } }).migrateTo(last);
  if (result.error) throw result.error;
  return { db: db as never as Db['db'] };
}

describe.runIf(inject('postgresUrl'))('assignment across two instances on one PostgreSQL', () => {
  it('100 enquiries at once, half through each instance, split among three counsellors within one of even', async () => {
    const url = await freshPostgresUrl(String(inject('postgresUrl')), inject('postgresTemplate'));
    const clientDir = makeClientDir();
    const [one, two] = [await openDatabase(url), await openDatabase(url)];
    const databases = [one, two];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENQUIRY_RATE_LIMIT: '100000' });
    const apps = await Promise.all(
      databases.map((database) => buildApp({ config, clientDir, database, deliveryWorker: false })),
    );
    try {
      const staff = createStaffRepository(one);
      const counsellors = [];
      for (const person of ['Chitra', 'Dev', 'Esha'])
        counsellors.push(
          (await staff.add({ email: `${person}@example.com`, name: person, role: 'counsellor', passwordHash })).id,
        );
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          apps[i % 2]?.inject({
            method: 'POST',
            url: '/api/enquiries',
            payload: form({ phone: `9${String(100000000 + i)}` }),
          }),
        ),
      );
      expect(answers.map((answer) => answer?.statusCode)).toEqual(Array(100).fill(201));
      const split = await one.db
        .selectFrom('enquiries')
        .select(['assignee_id', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('assignee_id')
        .execute();
      const counts = counsellors.map((id) => Number(split.find((row) => row.assignee_id === id)?.n ?? 0));
      expect(counts.reduce((a, b) => a + b)).toBe(100);
      expect(Math.max(...counts) - Math.min(...counts), `split ${counts.join(' / ')}`).toBeLessThanOrEqual(1);
    } finally {
      for (const each of apps) await each.close();
      for (const database of databases) await database.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
