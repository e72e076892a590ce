/**
 * The desk's sign-in and the checks in front of every desk endpoint, through real
 * HTTP requests (app.inject) on a real database, on SQLite and PostgreSQL.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest } from '../../tests/support/databases';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { createStaffRepository } from '../db/staff-repository';
import { hashPassword } from '../desk/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

const cookieOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'desk_session' || c.name === '__Host-desk_session');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

describe.each(enginesUnderTest())('desk sign-in on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  const apps: FastifyInstance[] = [];

  const start = async (env: Record<string, string> = {}, db = database) => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const app = await buildApp({ config, clientDir, database: db, deliveryWorker: false });
    apps.push(app);
    return app;
  };
  const addStaff = (email: string, role: 'admin' | 'counsellor' = 'counsellor') =>
    createStaffRepository(database).add({ email, name: email.split('@')[0] ?? email, role, passwordHash });
  const signIn = (app: FastifyInstance, email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN, ...headers },
      payload: { email, password },
    });
  const me = (app: FastifyInstance, cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/staff/me', headers: cookie ? { cookie } : {} });

  beforeEach(async () => {
    database = await open();
    clientDir = makeClientDir();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('signs in with the right password: an HttpOnly, SameSite=Strict session cookie, the member without a hash', async () => {
    const app = await start();
    await addStaff('Counsellor@Example.com');
    const res = await signIn(app, 'counsellor@example.COM');
    expect(res.statusCode).toBe(200);
    const set = res.cookies.find((c) => c.name === 'desk_session');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(set?.secure).toBeFalsy();
    expect(res.json().staff).toMatchObject({ email: 'counsellor@example.com', role: 'counsellor' });
    expect(res.body).not.toContain('scrypt');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');

    const who = await me(app, cookieOf(res));
    expect(who.statusCode).toBe(200);
    expect(who.json().staff.email).toBe('counsellor@example.com');
    expect(who.body).not.toContain('password');
  });

  it('never writes a password, a session token or what staff searched for to the log, even at trace level', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const app = await buildApp({
      config,
      clientDir,
      database,
      deliveryWorker: false,
      logStream: { write: (line) => lines.push(line) },
    });
    apps.push(app);
    await addStaff('admin@example.com', 'admin');
    await signIn(app, 'admin@example.com', 'a wrong password, typed');
    const res = await signIn(app, 'admin@example.com');
    const cookie = cookieOf(res) ?? '';
    expect(cookie).not.toBe('');
    const added = await app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      headers: { origin: ORIGIN, cookie },
      payload: { email: 'new@example.com', name: 'New', role: 'counsellor', password: 'the newcomer’s secret' },
    });
    expect(added.statusCode).toBe(201);
    // What a counsellor searches for is a phone number or a name: the log keeps the parameter's name only.
    const searched = await app.inject({
      method: 'GET',
      url: `/api/staff/enquiries?q=${encodeURIComponent('98765 43210')}&status=new`,
      headers: { cookie },
    });
    expect(searched.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/staff/session');
    expect(log).toContain('/api/staff/enquiries?q=…&status=…');
    for (const secret of [
      PASSWORD,
      'a wrong password, typed',
      'the newcomer’s secret',
      cookie.split('=')[1] ?? '',
      '98765',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('marks the cookie Secure (and __Host-) when COOKIE_SECURE is set', async () => {
    const app = await start({ COOKIE_SECURE: 'true' });
    await addStaff('c@example.com');
    const res = await signIn(app, 'c@example.com');
    expect(res.cookies.find((c) => c.name === '__Host-desk_session')).toMatchObject({ secure: true, path: '/' });
    expect((await me(app, cookieOf(res))).statusCode).toBe(200);
  });

  it('answers 401 without a session, with a made-up one, and the same 401 for an unknown email and a wrong password', async () => {
    const app = await start();
    await addStaff('c@example.com');
    expect((await me(app)).statusCode).toBe(401);
    expect((await me(app, 'desk_session=made-up-token')).statusCode).toBe(401);
    const wrong = await signIn(app, 'c@example.com', 'not the password');
    const unknown = await signIn(app, 'nobody@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses a state-changing request from another origin, or with no origin, even with a valid session', async () => {
    const app = await start();
    await addStaff('c@example.com');
    expect((await signIn(app, 'c@example.com', PASSWORD, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const cookie = cookieOf(await signIn(app, 'c@example.com'));
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}]) {
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/staff/session',
        headers: { cookie: cookie ?? '', ...headers },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await me(app, cookie)).statusCode).toBe(200);
  });

  it('signing out ends the session on the server: the old cookie no longer works', async () => {
    const app = await start();
    await addStaff('c@example.com');
    const cookie = cookieOf(await signIn(app, 'c@example.com'));
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: { cookie: cookie ?? '', origin: ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'desk_session')?.value).toBe('');
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const app = await start();
    await addStaff('c@example.com');
    const first = cookieOf(await signIn(app, 'c@example.com'));
    const second = cookieOf(await signIn(app, 'c@example.com', PASSWORD, { cookie: first ?? '' }));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await me(app, first)).statusCode).toBe(401);
    expect((await me(app, second)).statusCode).toBe(200);
  });

  it('ends a session left idle past STAFF_SESSION_IDLE_MINUTES, and any session past STAFF_SESSION_MAX_HOURS', async () => {
    const app = await start({ STAFF_SESSION_IDLE_MINUTES: '30', STAFF_SESSION_MAX_HOURS: '8' });
    await addStaff('c@example.com');
    const idle = cookieOf(await signIn(app, 'c@example.com'));
    const old = cookieOf(await signIn(app, 'c@example.com'));
    const sessions = await database.db.selectFrom('staff_sessions').selectAll().orderBy('created_at').execute();
    expect(sessions).toHaveLength(2);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // The first: last used 31 minutes ago. The second: used just now, but signed in past its absolute limit.
    const [idleRow, oldRow] = sessions;
    await database.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: ago(31) })
      .where('id_hash', '=', idleRow?.id_hash ?? '')
      .execute();
    await database.db
      .updateTable('staff_sessions')
      .set({ expires_at: ago(1) })
      .where('id_hash', '=', oldRow?.id_hash ?? '')
      .execute();
    expect((await me(app, idle)).statusCode).toBe(401);
    expect((await me(app, old)).statusCode).toBe(401);
    expect(await database.db.selectFrom('staff_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('disabling an account ends its open session at once', async () => {
    const app = await start();
    const member = await addStaff('c@example.com');
    const cookie = cookieOf(await signIn(app, 'c@example.com'));
    await createStaffRepository(database).disable(member.id);
    expect((await me(app, cookie)).statusCode).toBe(401);
    expect((await signIn(app, 'c@example.com')).statusCode).toBe(401);
  });

  it('a counsellor gets 403 on an admin endpoint; an admin gets through', async () => {
    const app = await start();
    await addStaff('c@example.com');
    await addStaff('a@example.com', 'admin');
    const counsellor = cookieOf(await signIn(app, 'c@example.com'));
    const admin = cookieOf(await signIn(app, 'a@example.com'));
    expect((await app.inject({ method: 'GET', url: '/api/staff/accounts' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/accounts', headers: { cookie: counsellor ?? '' } }))
        .statusCode,
    ).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/staff/accounts', headers: { cookie: admin ?? '' } });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .accounts.map((a: { email: string }) => a.email)
        .sort(),
    ).toEqual(['a@example.com', 'c@example.com']);
    expect(list.body).not.toContain('scrypt');
  });

  it('locks an account after SIGN_IN_MAX_FAILURES wrong passwords: 429 with Retry-After, even for the right one', async () => {
    const app = await start({ SIGN_IN_MAX_FAILURES: '3', SIGN_IN_LOCK_MINUTES: '15' });
    await addStaff('c@example.com');
    for (let i = 0; i < 3; i++) expect((await signIn(app, 'c@example.com', 'wrong password')).statusCode).toBe(401);
    const locked = await signIn(app, 'c@example.com');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.json().error).toMatch(/Try again in 15 minutes/);
    expect(locked.cookies).toHaveLength(0);
  });

  it('locks a client that guesses across accounts after SIGN_IN_MAX_FAILURES_PER_CLIENT; other clients still sign in', async () => {
    const app = await start({ SIGN_IN_MAX_FAILURES: '100', SIGN_IN_MAX_FAILURES_PER_CLIENT: '4' });
    await addStaff('c@example.com');
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/staff/session',
        remoteAddress: '203.0.113.7',
        headers: { origin: ORIGIN },
        payload: { email: `guess${i}@example.com`, password: 'wrong password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const fromGuesser = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      remoteAddress: '203.0.113.7',
      headers: { origin: ORIGIN },
      payload: { email: 'c@example.com', password: PASSWORD },
    });
    expect(fromGuesser.statusCode).toBe(429);
    expect((await signIn(app, 'c@example.com')).statusCode).toBe(200);
  });
});

describe.each(enginesUnderTest().filter((engine) => engine.name === 'postgres'))(
  'two app instances on one PostgreSQL database',
  ({ open }) => {
    it('share sessions and sign-in failure counts', async () => {
      const first = await open();
      const second = await (await import('../db/database')).openDatabase(first.url);
      const clientDir = makeClientDir();
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SIGN_IN_MAX_FAILURES: '4' });
      const a = await buildApp({ config, clientDir, database: first, deliveryWorker: false });
      const b = await buildApp({ config, clientDir, database: second, deliveryWorker: false });
      try {
        await createStaffRepository(first).add({ email: 'c@example.com', name: 'C', role: 'counsellor', passwordHash });
        const post = (app: FastifyInstance, password: string) =>
          app.inject({
            method: 'POST',
            url: '/api/staff/session',
            headers: { origin: ORIGIN },
            payload: { email: 'c@example.com', password },
          });
        const cookie = cookieOf(await post(a, PASSWORD));
        expect(
          (await b.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: cookie ?? '' } })).statusCode,
        ).toBe(200);
        await b.inject({
          method: 'DELETE',
          url: '/api/staff/session',
          headers: { cookie: cookie ?? '', origin: ORIGIN },
        });
        expect(
          (await a.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: cookie ?? '' } })).statusCode,
        ).toBe(401);
        // Two failures on each instance reach the limit of four.
        for (const app of [a, b, a, b]) expect((await post(app, 'wrong password')).statusCode).toBe(401);
        expect((await post(a, PASSWORD)).statusCode).toBe(429);
        expect((await post(b, PASSWORD)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
        await second.close();
        await first.close();
        rmSync(clientDir, { recursive: true, force: true });
      }
    });
  },
);
