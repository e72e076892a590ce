/**
 * The content API (server/routes/desk-content.ts) over the real build, whose server bundle
 * gives the check the build runs on the content files: admins only; a version with a Hindi
 * word left empty is refused, naming the field, and nothing is published; a valid one is
 * published, the pages show it, and one made from an older version is refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Db, openDatabase } from '../../server/db/database';
import { createStaffRepository } from '../../server/db/staff-repository';
import { createStaffSessionRepository } from '../../server/db/staff-session-repository';
import { sessionLimits } from '../../server/plugins/authentication';
import { formatRupees } from '../../shared/format';
import type { SiteContent } from '../../src/content/site-content';
import { localizedPath, paths } from '../support/site';
import { CLIENT_DIR, servedWhen } from './built-site';

const ORIGIN = 'http://localhost:80';

describe('the site content API', () => {
  let database: Db;
  let app: FastifyInstance;
  const cookies: Record<'admin' | 'counsellor', string> = { admin: '', counsellor: '' };

  beforeAll(async () => {
    database = await openDatabase('file::memory:');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CHECK_MS: '200' });
    app = await buildApp({ config, clientDir: CLIENT_DIR, database, deliveryWorker: false });
    for (const role of ['admin', 'counsellor'] as const) {
      const member = await createStaffRepository(database).add({
        email: `${role}@example.com`,
        name: role,
        role,
        passwordHash: 'not used',
      });
      const token = await createStaffSessionRepository(database).startSession(member.id, sessionLimits(config));
      cookies[role] = `desk_session=${token}`;
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (method: 'GET' | 'PUT', cookie: string, payload?: object) =>
    app.inject({
      method,
      url: '/api/staff/content',
      headers: { origin: ORIGIN, cookie },
      ...(payload ? { payload } : {}),
    });

  it('is for admins: signed out 401, a counsellor 403', async () => {
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('GET', cookies.counsellor)).statusCode).toBe(403);
    expect((await call('PUT', cookies.counsellor, { basedOn: null, document: {} })).statusCode).toBe(403);
  });

  it('refuses a version with a Hindi word left empty, naming it; publishes a valid one, which the pages then show', async () => {
    const opened = await call('GET', cookies.admin);
    expect(opened.statusCode).toBe(200);
    const { version, document } = opened.json() as { version: string | null; document: SiteContent };
    expect(version).toBeNull();

    const jee = document.institute.courses.find((course) => course.slug === 'jee');
    if (!jee) throw new Error('The sample institute has no jee course');
    // A new fee with instalments that no longer add up is refused too (the check the build runs).
    jee.fees.amount = 127_000;
    const unbalanced = await call('PUT', cookies.admin, { basedOn: version, document });
    expect(unbalanced.statusCode).toBe(400);
    expect((unbalanced.json() as { problems: string[] }).problems.join('\n')).toMatch(/jee\.fees: instalments add up/);
    const last = jee.fees.instalments.at(-1);
    if (!last) throw new Error('The JEE course has no instalments');
    last.amount += 127_000 - jee.fees.instalments.reduce((sum, instalment) => sum + instalment.amount, 0);
    const name = document.copy.hi.courses.jee.name;
    document.copy.hi.courses.jee.name = '';
    const refused = await call('PUT', cookies.admin, { basedOn: version, document });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { problems: string[] }).problems.join('\n')).toContain('hi.courses.jee.name');
    expect((await call('GET', cookies.admin)).json()).toMatchObject({ version: null });

    document.copy.hi.courses.jee.name = name;
    const published = await call('PUT', cookies.admin, { basedOn: version, document, note: 'JEE fee for 2027' });
    expect(published.statusCode, published.body.slice(0, 2000)).toBe(200);
    const { version: newVersion } = published.json() as { version: string };
    expect((await call('GET', cookies.admin)).json()).toMatchObject({ version: newVersion });

    // The pages show it (rendered again by the pages plugin), in both languages.
    for (const language of ['en', 'hi'] as const) {
      const path = localizedPath(language, paths.course('jee'));
      const page = await servedWhen(app, path, (body) => body.includes(formatRupees(127_000, language)));
      expect(page.body).toContain(formatRupees(127_000, language));
    }

    // Someone else's edit, made from the version before: refused, and the newest stays.
    const stale = await call('PUT', cookies.admin, { basedOn: null, document });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ version: newVersion });
    const trail = await app.inject({ url: '/api/staff/activity', headers: { cookie: cookies.admin } });
    expect(JSON.stringify(trail.json())).toContain('content-published');
  }, 60_000);
});
