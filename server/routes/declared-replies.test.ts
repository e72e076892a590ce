/**
 * A reply holds the fields its route declares (shared/schema/replies/, one file per area) and no others, whatever a
 * repository hands the route: a password hash, a session's token hash and times, an enquiry's
 * idempotency key or a delivery's context (the visitor's address, browser and cookies) never
 * leave the server even if a query selects them. Real app (app.inject) on SQLite; the
 * repositories are made to hand over more than they do, so the declared schemas are what is
 * under test.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientDir } from '../../tests/support/client-dir';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import type { StaffMember } from '../db/staff-repository';
import { createStaffRepository } from '../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
const PUBLIC_MEMBER = [
  'id',
  'email',
  'name',
  'role',
  'disabled_at',
  'created_at',
  'updated_at',
  'away_since',
  'languages',
  'courses',
];
/** What a careless query could add to a member: the hash, and a session's columns. */
const SECRETS = {
  password_hash: 'scrypt$LEAKED-HASH',
  id_hash: 'LEAKED-SESSION-HASH',
  last_seen_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-02T00:00:00.000Z',
};
const leaky = (member: StaffMember) => ({ ...member, ...SECRETS });

describe('declared replies leave out what a route is handed beyond them', () => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let cookie: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  const expectNoSecrets = (body: string) => {
    for (const secret of ['LEAKED', 'password_hash', 'id_hash', 'last_seen_at', 'expires_at']) {
      expect(body).not.toContain(secret);
    }
  };

  beforeAll(async () => {
    database = await openDatabase('file::memory:');
    clientDir = makeClientDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      STAFF_PASSWORD_COST: 'test',
      ENQUIRY_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
    });
    app = await buildApp({ config, clientDir, database, deliveryWorker: false });
    await createStaffRepository(database).add({
      email: 'admin@example.com',
      name: 'Anil',
      role: 'admin',
      passwordHash: await hashPassword(PASSWORD, TEST_ONLY_COST),
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email: 'admin@example.com', password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(Object.keys((signedIn.json() as { staff: object }).staff)).toEqual(PUBLIC_MEMBER);
    const session = signedIn.cookies.find((c) => c.name === 'desk_session');
    cookie = `desk_session=${session?.value ?? ''}`;
    // One enquiry, with its webhook delivery, for the tests that read them (none changes it).
    const stored = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: {
        studentName: 'Asha Verma',
        phone: '98765 43210',
        course: 'neet-repeaters',
        consent: true,
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(stored.statusCode).toBe(201);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('GET /api/staff/me: the member, never the session behind it or a hash', async () => {
    const { sessions } = app.repositories;
    const resolve = sessions.resolveSession.bind(sessions);
    vi.spyOn(sessions, 'resolveSession').mockImplementation(async (...args) => {
      const member = await resolve(...args);
      return member && leaky(member);
    });
    const res = await call('GET', '/api/staff/me');
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { staff: object }).staff)).toEqual(PUBLIC_MEMBER);
    expectNoSecrets(res.body);
  });

  it('the accounts: the list, an added account and a changed one, never a hash', async () => {
    const { staff } = app.repositories;
    const [list, add, findById] = [staff.list.bind(staff), staff.add.bind(staff), staff.findById.bind(staff)];
    vi.spyOn(staff, 'list').mockImplementation(async () => (await list()).map(leaky));
    vi.spyOn(staff, 'add').mockImplementation(async (...args) => leaky(await add(...args)));
    vi.spyOn(staff, 'findById').mockImplementation(async (id) => {
      const member = await findById(id);
      return member && leaky(member);
    });

    const listed = await call('GET', '/api/staff/accounts');
    expect(listed.statusCode).toBe(200);
    const { accounts } = listed.json() as { accounts: object[] };
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) expect(Object.keys(account)).toEqual(PUBLIC_MEMBER);
    expectNoSecrets(listed.body);

    const added = await call('POST', '/api/staff/accounts', {
      email: 'new@example.com',
      name: 'Meera',
      role: 'counsellor',
      password: 'a long unusual passphrase 7',
    });
    expect(added.statusCode).toBe(201);
    const { staff: member } = added.json() as { staff: { id: string } };
    expect(Object.keys(member)).toEqual(PUBLIC_MEMBER);
    expectNoSecrets(added.body);

    // A counsellor's languages and courses may be given where the account is made (none: all).
    const hindi = await call('POST', '/api/staff/accounts', {
      email: 'hindi@example.com',
      name: 'Krishna',
      role: 'counsellor',
      password: 'a long unusual passphrase 8',
      languages: ['hi'],
    });
    expect(hindi.statusCode, hindi.body).toBe(201);
    expect((hindi.json() as { staff: object }).staff).toMatchObject({ languages: ['hi'], courses: null });
    const none = await call('POST', '/api/staff/accounts', {
      email: 'none@example.com',
      name: 'Nobody',
      role: 'counsellor',
      password: 'a long unusual passphrase 9',
      languages: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose at least one language, or all.');

    const changed = await call('PATCH', `/api/staff/accounts/${member.id}`, { role: 'admin' });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { staff: { role: string } }).staff).toMatchObject({ id: member.id, role: 'admin' });
    expect(Object.keys((changed.json() as { staff: object }).staff)).toEqual(PUBLIC_MEMBER);
    expectNoSecrets(changed.body);
  });

  it('GET /api/staff/deliveries: never a delivery’s context (the visitor’s address, browser, cookies)', async () => {
    const { outbox } = app.repositories;
    const listUndelivered = outbox.listUndelivered.bind(outbox);
    vi.spyOn(outbox, 'listUndelivered').mockImplementation(async (...args) =>
      (await listUndelivered(...args)).map((delivery) => ({
        ...delivery,
        context: JSON.stringify({ meta: { clientIp: '203.0.113.77', fbp: 'fb.1.LEAKED' } }),
      })),
    );
    const res = await call('GET', '/api/staff/deliveries');
    expect(res.statusCode).toBe(200);
    const { deliveries } = res.json() as { deliveries: Record<string, unknown>[] };
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ channel: 'webhook', status: 'pending', attempts: 0 });
    expect(deliveries[0]).not.toHaveProperty('context');
    expect(res.body).not.toContain('203.0.113.77');
    expectNoSecrets(res.body);
  });

  it('GET /api/staff/today: an enquiry’s row, never its idempotency key or the visitor’s answer to the pixel', async () => {
    const { dashboard } = app.repositories;
    const today = dashboard.today.bind(dashboard);
    const extra = { idempotency_key: 'LEAKED-KEY', tracking_consent: 'granted' };
    vi.spyOn(dashboard, 'today').mockImplementation(async (...args) => {
      const lists = await today(...args);
      return {
        ...lists,
        followUps: lists.followUps.map((row) => ({ ...row, ...extra })),
        fresh: lists.fresh.map((row) => ({ ...row, ...extra })),
      };
    });
    const res = await call('GET', '/api/staff/today?who=all');
    expect(res.statusCode).toBe(200);
    const { fresh } = res.json() as { fresh: Record<string, unknown>[] };
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh[0]).toMatchObject({ student_name: 'Asha Verma', late: false });
    expect(res.body).not.toContain('idempotency_key');
    expect(res.body).not.toContain('tracking_consent');
    expectNoSecrets(res.body);
  });
});
