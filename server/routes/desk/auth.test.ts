/**
 * The desk's sign-in and the checks in front of every desk endpoint, through real
 * HTTP requests (app.inject) on a real database, on SQLite and PostgreSQL.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createSignInThrottle } from '../../db/sign-in-throttle';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
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
    const config = loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent', ...env });
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
    const config = loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'trace' });
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

  const GUESSER = '203.0.113.7';
  const OWNER_ELSEWHERE = '198.51.100.2';
  const from = (
    app: FastifyInstance,
    remoteAddress: string,
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/session',
      remoteAddress,
      headers: { origin: ORIGIN, ...headers },
      payload: { email, password },
    });
  const browserCookieOf = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name === 'desk_browser' || c.name === '__Host-desk_browser');
    return cookie ? `${cookie.name}=${cookie.value}` : undefined;
  };
  const tally = (responses: LightMyRequestResponse[]) => {
    const counts: Record<number, number> = {};
    for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  };

  it('counts a parallel burst before checking any password: of 30 wrong at once five are checked, and the right one then waits', async () => {
    const app = await start({ SIGN_IN_MAX_FAILURES: '5', SIGN_IN_FIRST_WAIT_SECONDS: '60' });
    await addStaff('c@example.com');
    // All at once: which five reach the count first is the server's to decide (the right password
    // sent in the same burst might be one of them, as it might be among any five guesses).
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => from(app, GUESSER, 'c@example.com', `wrong ${i}`)),
    );
    const counts = tally(burst);
    // Only five were checked at all; the rest had to wait.
    expect(counts[401]).toBe(5);
    expect(counts[429]).toBe(25);
    const right = await from(app, GUESSER, 'c@example.com', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(right.json().error).toMatch(/Try again in \d+ seconds/);
  }, 180_000);

  it('holds one address to SIGN_IN_MAX_FAILURES_PER_CLIENT across accounts, even in a burst of 120', async () => {
    const app = await start({
      SIGN_IN_MAX_FAILURES: '100',
      SIGN_IN_MAX_FAILURES_PER_CLIENT: '20',
      SIGN_IN_FIRST_WAIT_SECONDS: '60',
    });
    await addStaff('c@example.com');
    const burst = await Promise.all(
      Array.from({ length: 120 }, (_, i) => from(app, GUESSER, `guess${i}@example.com`, 'wrong password')),
    );
    // 100 are held back by the count before any password is checked; of the 20 let through,
    // those that found the line of password checks full are told to come back in a moment.
    const throttled = burst.filter(
      (res) => res.statusCode === 429 && /Too many sign-in attempts/.test(res.json().error),
    );
    const busy = burst.filter((res) => res.statusCode === 429 && /Many people are signing in/.test(res.json().error));
    expect(throttled).toHaveLength(100);
    expect((tally(burst)[401] ?? 0) + busy.length).toBe(20);
    // Another address is not held back.
    expect((await from(app, OWNER_ELSEWHERE, 'c@example.com', PASSWORD)).statusCode).toBe(200);
  }, 180_000);

  it("a stranger guessing cannot keep the owner out: the owner signs in from elsewhere, and from a browser they used before even at the guesser's address", async () => {
    const app = await start({
      SIGN_IN_MAX_FAILURES: '3',
      SIGN_IN_MAX_FAILURES_PER_CLIENT: '5',
      SIGN_IN_FIRST_WAIT_SECONDS: '60',
    });
    await addStaff('owner@example.com', 'admin');
    // The owner signed in once from the office (whose address a guesser later shares): the browser is known.
    const first = await from(app, GUESSER, 'owner@example.com', PASSWORD);
    expect(first.statusCode).toBe(200);
    const knownBrowser = browserCookieOf(first) ?? '';
    expect(knownBrowser).toMatch(/^desk_browser=/);
    for (let i = 0; i < 40; i++) await from(app, GUESSER, 'owner@example.com', `guess ${i}`);
    // A new browser at that address must wait; the known browser, and anywhere else, get in.
    expect((await from(app, GUESSER, 'owner@example.com', PASSWORD)).statusCode).toBe(429);
    expect((await from(app, GUESSER, 'owner@example.com', PASSWORD, { cookie: knownBrowser })).statusCode).toBe(200);
    expect((await from(app, OWNER_ELSEWHERE, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
    // A known browser is the account's, not anyone's: with another account it counts as a stranger.
    await addStaff('other@example.com');
    expect((await from(app, GUESSER, 'other@example.com', PASSWORD, { cookie: knownBrowser })).statusCode).toBe(429);
  }, 180_000);

  it('an office signing in from one address is not slowed by its own right passwords, only by wrong ones', async () => {
    const app = await start({ SIGN_IN_MAX_FAILURES_PER_CLIENT: '3', SIGN_IN_FIRST_WAIT_SECONDS: '60' });
    const office = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@example.com`);
    for (const email of office) await addStaff(email);
    // Six new browsers at one address, each with the right password.
    for (const email of office) expect((await from(app, GUESSER, email, PASSWORD)).statusCode, email).toBe(200);
    // Three wrong passwords at that address use up its count; the next new browser must wait.
    for (const email of office.slice(0, 3)) expect((await from(app, GUESSER, email, 'wrong')).statusCode).toBe(401);
    expect((await from(app, GUESSER, 'd@example.com', PASSWORD)).statusCode).toBe(429);
  }, 180_000);

  it('a known browser is slowed too after its own SIGN_IN_MAX_FAILURES wrong passwords', async () => {
    const app = await start({ SIGN_IN_MAX_FAILURES: '3', SIGN_IN_FIRST_WAIT_SECONDS: '60' });
    await addStaff('c@example.com');
    const knownBrowser = browserCookieOf(await from(app, OWNER_ELSEWHERE, 'c@example.com', PASSWORD)) ?? '';
    const tries = [];
    for (let i = 0; i < 4; i++)
      tries.push((await from(app, OWNER_ELSEWHERE, 'c@example.com', 'wrong', { cookie: knownBrowser })).statusCode);
    expect(tries).toEqual([401, 401, 401, 429]);
  }, 180_000);

  it("an admin, and only an admin, clears an account's limits: the next attempt goes straight through", async () => {
    const app = await start({ SIGN_IN_MAX_FAILURES: '2', SIGN_IN_FIRST_WAIT_SECONDS: '60' });
    await addStaff('c@example.com');
    const admin = await addStaff('admin@example.com', 'admin');
    const counsellor = await addStaff('d@example.com');
    for (let i = 0; i < 5; i++) await from(app, GUESSER, 'c@example.com', 'wrong');
    expect((await from(app, GUESSER, 'c@example.com', PASSWORD)).statusCode).toBe(429);
    const clear = async (cookie: string | undefined, id: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/staff/accounts/${id}`,
        headers: { origin: ORIGIN, cookie: cookie ?? '' },
        payload: { clearSignInLimits: true },
      });
    const target = (await createStaffRepository(database).findByEmail('c@example.com'))?.id ?? '';
    const asCounsellor = cookieOf(await from(app, OWNER_ELSEWHERE, counsellor.email, PASSWORD));
    expect((await clear(asCounsellor, target)).statusCode).toBe(403);
    expect((await from(app, GUESSER, 'c@example.com', PASSWORD)).statusCode).toBe(429);
    const asAdmin = cookieOf(await from(app, OWNER_ELSEWHERE, admin.email, PASSWORD));
    expect((await clear(asAdmin, target)).statusCode).toBe(200);
    expect((await from(app, GUESSER, 'c@example.com', PASSWORD)).statusCode).toBe(200);
  }, 180_000);
});

describe.each(enginesUnderTest().filter((engine) => engine.name === 'postgres'))(
  'two app instances on one PostgreSQL database',
  ({ open }) => {
    it('share sessions and sign-in attempt counts', async () => {
      const first = await open();
      const second = await (await import('../../db/database')).openDatabase(first.url);
      const clientDir = makeClientDir();
      const config = loadConfig({
        NODE_ENV: 'test',
        STAFF_PASSWORD_COST: 'test',
        LOG_LEVEL: 'silent',
        SIGN_IN_MAX_FAILURES: '4',
        SIGN_IN_FIRST_WAIT_SECONDS: '60',
      });
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
        // Two attempts on each instance use up the four free ones (the first, right, one started again from nothing).
        for (const app of [a, b, a, b]) expect((await post(app, 'wrong password')).statusCode).toBe(401);
        expect((await post(a, PASSWORD)).statusCode).toBe(429);
        expect((await post(b, PASSWORD)).statusCode).toBe(429);
        // A burst split across both instances cannot pass the count either.
        await createSignInThrottle(first).clearAccount('c@example.com');
        const burst = await Promise.all(
          Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, i === 19 ? PASSWORD : 'wrong password')),
        );
        expect(burst.filter((res) => res.statusCode === 401)).toHaveLength(4);
        expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(16);
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
