/**
 * Enquiries taken at the desk (the review's M11: a phone call, a walk-in, a fair, a referral),
 * through HTTP on real databases (SQLite and PostgreSQL): POST /api/staff/enquiries, then what
 * the desk shows of them.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { deskCookie } from '../../../tests/support/desk-session';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

/** A father at the counter, asking about JEE for his son. */
const walkIn = (overrides: Record<string, unknown> = {}) => ({
  cameBy: 'walk-in',
  consentTaken: true,
  enquirer: 'parent',
  studentName: 'Rohan Mehta',
  phone: '98290 11111',
  course: 'jee',
  classLevel: '11',
  city: 'Jaipur',
  language: 'hi',
  message: 'Asked about the weekend batch and the scholarship test.',
  ...overrides,
});
const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

describe.each(enginesUnderTest())('enquiries taken at the desk on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });
  const take = (who: string, body: Record<string, unknown>) => call('POST', '/api/staff/enquiries', who, body);

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database,
    });
    await app.ready();
    const staff = createStaffRepository(database);
    for (const [name, role] of [
      ['Chitra', 'counsellor'],
      ['Dev', 'counsellor'],
      ['Anil', 'admin'],
      ['Meena', 'editor'],
    ] as const) {
      ids[name] = (await staff.add({ email: `${name.toLowerCase()}@example.com`, name, role, passwordHash })).id;
      cookies[name] = await deskCookie(app, `${name.toLowerCase()}@example.com`, PASSWORD);
    }
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('a counsellor takes a walk-in: how the family came, the consent asked for by them, the number spoken with, the family theirs', async () => {
    const taken = await take('Chitra', walkIn());
    expect(taken.statusCode, taken.body).toBe(201);
    expect(json(taken)).toMatchObject({ cameBack: false, heldApart: false });
    const { enquiry, audit } = json(await call('GET', `/api/staff/enquiries/${String(json(taken).id)}`, 'Chitra')) as {
      enquiry: Record<string, unknown>;
      audit: { action: string; actor_name: string | null; field: string | null }[];
    };
    expect(enquiry).toMatchObject({
      student_name: 'Rohan Mehta',
      phone: '+919829011111',
      language: 'hi',
      source: 'desk',
      consent: 1,
      consent_taken_by: ids.Chitra,
      number_proved_by: 'desk',
      utm_source: 'walk-in',
      utm_medium: 'desk',
      assignee_id: ids.Chitra,
      status: 'new',
    });
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'entered', actor_name: 'Chitra', field: 'walk-in' }),
    );
    // The dashboard counts walk-ins beside the ads.
    const figures = json(await call('GET', '/api/staff/dashboard?days=30', 'Anil'));
    expect(figures.bySource).toEqual([expect.objectContaining({ value: 'walk-in', count: 1 })]);
    // The owner took it: nobody is told of a new lead that is already theirs.
    const unread = json(await call('GET', '/api/staff/notifications/unread', 'Chitra'));
    expect(unread).toMatchObject({ unread: 0 });
  });

  it('an admin takes a call: the family goes to a counsellor by the rules, who is told', async () => {
    const taken = await take('Anil', walkIn({ cameBy: 'phone-call' }));
    expect(taken.statusCode, taken.body).toBe(201);
    const row = await database.db
      .selectFrom('enquiries')
      .select(['assignee_id', 'consent_taken_by'])
      .executeTakeFirstOrThrow();
    expect(row.consent_taken_by).toBe(ids.Anil);
    expect([ids.Chitra, ids.Dev]).toContain(row.assignee_id);
    const owner = row.assignee_id === ids.Chitra ? 'Chitra' : 'Dev';
    expect(json(await call('GET', '/api/staff/notifications/unread', owner))).toMatchObject({ unread: 1 });
  });

  it('refuses, in words a person reads, one without the family’s agreement or with a number that is not one; nothing is stored', async () => {
    const unasked = await take('Chitra', walkIn({ consentTaken: false }));
    expect(unasked.statusCode).toBe(400);
    expect(json(unasked).error).toMatch(/Ask the family first/);
    const wrongNumber = await take('Chitra', walkIn({ phone: '12345' }));
    expect(wrongNumber.statusCode).toBe(400);
    expect(json(wrongNumber).error).toBe('Nothing was saved. Phone is not right.');
    const howUnknown = await take('Chitra', walkIn({ cameBy: 'carrier pigeon' }));
    expect(howUnknown.statusCode).toBe(400);
    expect(json(howUnknown).error).toMatch(/Say how the family came/);
    const count = await database.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('a fair’s list on a known family’s number waits beside its record; a call from that number becomes it', async () => {
    const first = await take('Chitra', walkIn());
    // From a school fair's sheet: nobody spoke with the family on this number.
    const fair = await take('Dev', walkIn({ cameBy: 'fair', course: 'neet-year-long' }));
    expect(fair.statusCode, fair.body).toBe(201);
    expect(json(fair)).toMatchObject({ cameBack: false, heldApart: true });
    // The father rings the institute: spoken with, it is the family's record now, still Chitra's.
    const called = await take('Dev', walkIn({ cameBy: 'phone-call', course: 'foundation' }));
    expect(json(called)).toMatchObject({ cameBack: true, heldApart: false });
    const { enquiry, family } = json(await call('GET', `/api/staff/enquiries/${String(json(called).id)}`, 'Dev')) as {
      enquiry: Record<string, unknown>;
      family: { enquiries: { id: string }[] };
    };
    expect(enquiry).toMatchObject({ assignee_id: ids.Chitra, utm_source: 'phone-call' });
    expect(family.enquiries.map((each) => each.id)).toContain(String(json(first).id));
  });

  it('only members who work enquiries may take one: an editor and a stranger are refused', async () => {
    expect((await take('Meena', walkIn())).statusCode).toBe(403);
    expect((await take('nobody', walkIn())).statusCode).toBe(401);
  });
});
