/**
 * Bad input at every route the app registers, on SQLite and on PostgreSQL: NUL, C1 and
 * bidirectional controls in the path, the query and JSON bodies, malformed percent-encoding
 * and over-long path segments, signed out and signed in as an admin (from the desk's own
 * origin, as the desk's state-changing requests must be). No answer is a 5xx, every answer
 * carries the security headers, none echoes the raw path, nothing logs at error level, and
 * nothing stored holds a control character. The routes are read from the app itself
 * (printRoutes), so a route added later is covered without touching this file.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../tests/support/client-dir';
import { enginesUnderTest } from '../tests/support/databases';
import { buildApp } from './app';
import { addDays, localDate } from '../shared/institute-calendar';
import { loadConfig } from './config';
import type { Db } from './db/database';
import { createStaffRepository } from './db/staff-repository';
import { createStaffSessionRepository } from './db/staff-session-repository';
import { hashPassword, TEST_ONLY_COST } from './staff/passwords';
import { sessionLimits } from './plugins/authentication';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
/** What must never be stored or reach staff: NUL, NEL (C1), RIGHT-TO-LEFT OVERRIDE, LEFT-TO-RIGHT ISOLATE. */
const CONTROLS = ['\u0000', '\u0085', '\u202E', '\u2066'];
/** Independent of the code under test: C0 (but tab and line breaks), DEL, C1, and the bidi controls. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const nasty = (word: string) => `${word}${CONTROLS.join('')}x`;
const MALFORMED = '%ZZbad';
const LONG = 'L'.repeat(400);

/** Every method and path the app answers, from Fastify's own route tree. */
function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│]*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = [...(match[1] ?? '')].length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ')) routes.push({ method, path: stack.join('') });
  }
  return routes;
}

/** The path with each parameter (and wildcard) replaced by `value`. */
const fill = (path: string, value: string) => path.replace(/:[^/]+|\*/g, value);

/** A body with every field name any route reads, each holding controls. */
const genericBody = () => ({
  ...Object.fromEntries(
    [
      'studentName',
      'parentName',
      'city',
      'message',
      'mode',
      'centre',
      'email',
      'phone',
      'parentPhone',
      'course',
      'classLevel',
      'enquirer',
      'language',
      'noticeVersion',
      'idempotencyKey',
      'website',
      'trackingConsent',
      'password',
      'currentPassword',
      'newPassword',
      'name',
      'role',
      'status',
      'reason',
      'assigneeId',
      'nextFollowUp',
      'note',
      'body',
    ].map((field) => [field, nasty(field)]),
  ),
  version: 1,
  consent: true,
  attribution: { utmSource: nasty('src'), utmCampaign: nasty('camp'), landingPage: `/${nasty('landing')}` },
});

const QUERY = ['q', 'status', 'course', 'assignee', 'source', 'from', 'to', 'page', 'pageSize', 'days', 'since']
  .map((name) => `${name}=${encodeURIComponent(nasty(name))}`)
  .join('&');

describe.each(enginesUnderTest())('bad input on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let adminId: string;
  const errorLines: string[] = [];

  /** A fresh admin session, without hashing a password (a route may end the one before). */
  const adminCookie = async () =>
    `desk_session=${await createStaffSessionRepository(database).startSession(adminId, sessionLimits(loadConfig({ NODE_ENV: 'test' })))}`;

  const call = async (method: string, url: string, payload?: unknown, cookie?: string) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** What every answer must be, whatever was sent. */
  const expectSafeAnswer = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['content-security-policy'], what).toBeTruthy();
    expect(res.headers['x-frame-options'], what).toBeTruthy();
    expect(res.body, what).not.toContain('ZZbad');
    expect(res.body, what).not.toContain(LONG.slice(0, 50));
    expect(res.body, what).not.toMatch(/FST_ERR|\n\s+at /);
  };

  const enquire = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/enquiries', {
      studentName: 'Asha Verma',
      phone: '98765 43210',
      course: 'neet-repeaters',
      consent: true,
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    });
    expectSafeAnswer(res, 'POST /api/enquiries');
    return res;
  };

  beforeAll(async () => {
    database = await open();
    clientDir = makeClientDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ENQUIRY_RATE_LIMIT: '100000',
      EXPORT_RATE_LIMIT: '10000',
      STAFF_TOKEN: 'a-staff-token-long-enough-for-the-check',
    });
    app = await buildApp({
      config,
      clientDir,
      database,
      deliveryWorker: false,
      logStream: {
        write: (line: string) => {
          // Errors, and the database refusing a value: its backstop (plugins/requests.ts) must never be what answers.
          const entry = JSON.parse(line) as { level: number; msg?: string };
          if (entry.level >= 50 || entry.msg === 'database refused a value') errorLines.push(line);
        },
      },
    });
    await app.ready();
    adminId = (
      await createStaffRepository(database).add({
        email: 'admin@example.com',
        name: 'Anil',
        role: 'admin',
        passwordHash: await hashPassword(PASSWORD, TEST_ONLY_COST),
      })
    ).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('every route, signed out and as an admin: controls, malformed and over-long paths never give a 5xx', async () => {
    const routes = registeredRoutes(app);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/staff/enquiries/:id' });
    const id = ((await enquire()).json() as { id: string }).id;

    for (const { method, path } of routes) {
      const paths = new Set([
        fill(path, encodeURIComponent(nasty('id'))),
        fill(path, `${id}${encodeURIComponent(CONTROLS.join(''))}`),
        fill(path, LONG),
        `${fill(path, 'x')}${MALFORMED}`,
        `${fill(path, 'x')}/${LONG}`,
      ]);
      const withBody = method !== 'GET' && method !== 'HEAD';
      for (const signedIn of [false, true]) {
        for (const url of paths) {
          const cookie = signedIn ? await adminCookie() : undefined;
          const res = await call(method, `${url}?${QUERY}`, withBody ? genericBody() : undefined, cookie);
          expectSafeAnswer(res, `${method} ${url.slice(0, 80)} ${signedIn ? 'as admin' : 'signed out'}`);
          if (url.startsWith('/api/') && res.statusCode >= 400 && method !== 'HEAD') {
            expect(typeof (res.json() as { error?: unknown }).error, `${method} ${url.slice(0, 80)}`).toBe('string');
          }
        }
      }
    }
    expect(errorLines).toEqual([]);
  });

  it('what is stored from outside text is cleaned, on every field that takes it', async () => {
    const cookie = await adminCookie();
    const key = crypto.randomUUID();
    const created = await enquire({
      studentName: nasty('Ravi'),
      phone: '91234 56789',
      city: nasty('Kota'),
      message: `${nasty('first line')}\nsecond line`,
      idempotencyKey: key,
      attribution: { utmSource: nasty('facebook'), utmCampaign: nasty('neet'), landingPage: `/${nasty('p')}` },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    expectSafeAnswer(
      await call('PATCH', `/api/enquiries/${id}`, { idempotencyKey: key, city: nasty('Jaipur') }),
      'details',
    );

    const detail = async () =>
      (await call('GET', `/api/staff/enquiries/${id}`, undefined, cookie)).json() as {
        enquiry: { version: number; assignee_id: string | null; next_follow_up: string | null };
      };
    const change = async (body: Record<string, unknown>) =>
      call('PATCH', `/api/staff/enquiries/${id}`, { version: (await detail()).enquiry.version, ...body }, cookie);

    const changed = await change({ status: 'not-interested', reason: nasty('too far'), note: nasty('called') });
    expect(changed.statusCode, changed.body).toBe(200);
    const noted = await call('POST', `/api/staff/enquiries/${id}/notes`, { body: `${nasty('note')}\nline 2` }, cookie);
    expect(noted.statusCode, noted.body).toBe(201);
    const added = await call(
      'POST',
      '/api/staff/accounts',
      { email: 'new@example.com', name: nasty('Meera'), role: 'counsellor', password: 'a long unusual passphrase 7' },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    // Signed out, a sign-in email with controls is a wrong sign-in, not a database error.
    const signIn = await call('POST', '/api/staff/session', { email: nasty('admin@example.com'), password: 'wrong' });
    expect(signIn.statusCode, signIn.body).toBe(401);
    expect(
      (await call('GET', `/api/staff/enquiries?q=${encodeURIComponent(nasty('ra'))}`, undefined, cookie)).statusCode,
    ).toBe(200);

    // Text that is nothing once cleaned is refused as missing, in words.
    const empty = await call('POST', `/api/staff/enquiries/${id}/notes`, { body: CONTROLS.join('') }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Write the note first.' });

    // An empty assignee is refused, never stored ('' is not "not assigned").
    const blankAssignee = await change({ assigneeId: '' });
    expect(blankAssignee.statusCode).toBe(400);
    expect((blankAssignee.json() as { error: string }).error).toMatch(/team/);
    expect((await detail()).enquiry.assignee_id).toBeNull();

    // Follow-ups: from 2000 to two years ahead.
    const today = localDate(new Date());
    for (const date of ['0000-01-01', '1999-12-31', '9999-12-31', addDays(today, 2 * 366 + 1)]) {
      const res = await change({ nextFollowUp: date });
      expect(res.statusCode, date).toBe(400);
      expect((res.json() as { error: string }).error, date).toMatch(/follow-up/i);
    }
    for (const date of [addDays(today, -400), addDays(today, 2 * 365 - 2)]) {
      expect((await change({ nextFollowUp: date })).statusCode, date).toBe(200);
      expect((await detail()).enquiry.next_follow_up).toBe(date);
    }

    // Read everything back, every table, every text value.
    const { rows: enquiry } = await sql<Record<string, unknown>>`select * from enquiries where id = ${id}`.execute(
      database.db,
    );
    expect(enquiry[0]).toMatchObject({
      student_name: 'Ravix',
      city: 'Jaipurx',
      message: 'first linex\nsecond line',
      utm_source: 'facebookx',
      utm_campaign: 'neetx',
      landing_page: '/px',
      status_reason: 'too farx',
    });
    const { rows: notes } = await sql<{
      body: string;
    }>`select body from enquiry_notes where enquiry_id = ${id} order by body`.execute(database.db);
    expect(notes.map((note) => note.body)).toEqual(['calledx', 'notex\nline 2']);
    const { rows: staff } = await sql<{ name: string }>`select name from staff where email = 'new@example.com'`.execute(
      database.db,
    );
    expect(staff[0]?.name).toBe('Meerax');

    for (const table of await database.db.introspection.getTables()) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(database.db);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          const text =
            typeof value === 'string' ? value : value && typeof value === 'object' ? JSON.stringify(value) : '';
          expect(
            FORBIDDEN.test(text) || text.includes('\\u0000'),
            `${table.name}.${column}: ${JSON.stringify(text)}`,
          ).toBe(false);
        }
      }
    }
    expect(errorLines).toEqual([]);
  });
});
