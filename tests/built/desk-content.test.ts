/**
 * The content API (server/routes/desk/content.ts) over the real build, whose server bundle
 * gives the check the build runs on the content files: editors and admins only (and editors
 * nothing else); a version with a Hindi word left empty is refused, naming the field, and
 * nothing is published; a valid one is published, the pages show it, and one made from an
 * older version is refused; a preview is the real page from a draft; a scheduled version goes
 * live at its time and is not undone silently; every version can be read as changes and restored.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentRepository } from '../../server/db/content-repository';
import type { Db } from '../../server/db/database';
import { renderSite, serverBuildOf } from '../../server/site/site-render';
import type { StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import { formatRupees } from '../../shared/format';
import { addDays, localDate } from '../../shared/institute-calendar';
import { type SiteContent, startingContent } from '../../src/content/site-content';
import { CONTENT_SCHEMA_VERSION } from '../../src/content/upgrades';
import { withJeeFee } from '../support/content-change';
import { localizedPath, paths } from '../support/site';
import { CLIENT_DIR, DESK_ORIGIN, deskOverBuild, PUBLICATION_TEST_MS, servedWhen } from './built-site';

describe('the site content API', () => {
  let app: FastifyInstance;
  let cookies: Record<StaffRoleValue, string>;
  let database: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // One editor publishes here more often than PUBLICATION_RATE_LIMIT allows (desk-limits.test.ts holds to it).
    ({ app, cookies, database, close } = await deskOverBuild({ PUBLICATION_RATE_LIMIT: '1000' }));
  });
  afterAll(() => close());

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    cookie: string,
    payload?: object,
    url = '/api/staff/content',
  ) => app.inject({ method, url, headers: { origin: DESK_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
  const opened = async () => {
    const reply = await call('GET', cookies.editor);
    expect(reply.statusCode).toBe(200);
    return reply.json() as {
      version: string | null;
      document: SiteContent & { schemaVersion?: number };
      scheduled: { id: string } | null;
    };
  };
  const preview = (cookie: string, form: Record<string, string>, origin = DESK_ORIGIN) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/content/preview',
      headers: { origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('is for editors and admins: signed out 401, a counsellor 403; an editor sees no enquiry and no account', async () => {
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('GET', cookies.counsellor)).statusCode).toBe(403);
    expect((await call('PUT', cookies.counsellor, { basedOn: null, document: {} })).statusCode).toBe(403);
    expect((await call('GET', cookies.counsellor, undefined, '/api/staff/content/versions')).statusCode).toBe(403);
    expect((await preview(cookies.counsellor, { document: '{}', path: '/' })).statusCode).toBe(403);
    expect((await call('GET', cookies.admin)).statusCode).toBe(200);
    expect((await call('GET', cookies.editor)).statusCode).toBe(200);
    for (const url of ['/api/staff/enquiries', '/api/staff/today', '/api/staff/dashboard', '/api/staff/accounts']) {
      const reply = await call('GET', cookies.editor, undefined, url);
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json(), url).toHaveProperty('error');
    }
  });

  it('previews the real page from a draft, in either language, with no script running; a draft with a problem is named, not shown', async () => {
    const { document } = await opened();
    const draft = JSON.stringify(withJeeFee(document, 131_000));
    for (const language of ['en', 'hi'] as const) {
      const shown = await preview(cookies.editor, {
        document: draft,
        path: localizedPath(language, paths.course('jee')),
      });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(formatRupees(131_000, language));
      expect(shown.headers['content-security-policy']).toMatch(/script-src 'none'/);
      expect(shown.body).not.toMatch(/<script|modulepreload|javascript:/);
      expect(shown.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    }
    const empty = structuredClone(document);
    empty.copy.hi.courses.jee.name = '';
    const refused = await preview(cookies.editor, { document: JSON.stringify(empty), path: '/hi/courses/jee' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('hi.courses.jee.name');
    expect((await preview(cookies.editor, { document: draft, path: '/no-such-page' })).statusCode).toBe(400);
    // From another site, the editor's cookie or not: refused.
    expect((await preview(cookies.editor, { document: draft, path: '/' }, 'https://evil.example')).statusCode).toBe(
      403,
    );
    // Nothing was published by previewing.
    expect((await opened()).version).toBeNull();
  });

  it(
    'refuses a version with a Hindi word left empty, naming it; publishes a valid one, which the pages then show',
    async () => {
      const { version, document } = await opened();
      expect(version).toBeNull();

      const jee = document.institute.courses.find((course) => course.slug === 'jee');
      if (!jee) throw new Error('The sample institute has no jee course');
      // A new fee with instalments that no longer add up is refused too (the check the build runs).
      jee.fees.amount = 127_000;
      const unbalanced = await call('PUT', cookies.admin, { basedOn: version, document });
      expect(unbalanced.statusCode).toBe(400);
      expect((unbalanced.json() as { problems: string[] }).problems.join('\n')).toMatch(
        /jee\.fees: instalments add up/,
      );
      // Each year's last instalment makes up that year's difference.
      for (const year of new Set(jee.fees.instalments.map((instalment) => instalment.year ?? 1))) {
        const ofYear = jee.fees.instalments.filter((instalment) => (instalment.year ?? 1) === year);
        const last = ofYear.at(-1);
        if (!last) throw new Error('The JEE course has no instalments');
        last.amount += 127_000 - ofYear.reduce((sum, instalment) => sum + instalment.amount, 0);
      }
      const name = document.copy.hi.courses.jee.name;
      document.copy.hi.courses.jee.name = '';
      const refused = await call('PUT', cookies.editor, { basedOn: version, document });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { problems: string[] }).problems.join('\n')).toContain('hi.courses.jee.name');
      expect((await call('GET', cookies.admin)).json()).toMatchObject({ version: null });

      document.copy.hi.courses.jee.name = name;
      const published = await call('PUT', cookies.editor, { basedOn: version, document, note: 'JEE fee for 2027' });
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
    },
    PUBLICATION_TEST_MS,
  );

  it('cleans what an editor sends as every text from outside is cleaned, and refuses HTML, naming the field', async () => {
    const { version, document } = await opened();
    const sent = structuredClone(document);
    sent.copy.hi.courses.jee.fees.note = `${document.copy.hi.courses.jee.fees.note}\u202E\u0000`;
    sent.copy.en.courses.jee.summary = '<img src=x onerror=alert(1)>';
    const refused = await call('PUT', cookies.editor, { basedOn: version, document: sent });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { problems: string[] }).problems).toEqual([
      'en.courses.jee.summary: plain text only, no HTML ("<img src=x onerror=alert(1)>")',
    ]);
    sent.copy.en.courses.jee.summary = document.copy.en.courses.jee.summary;
    const published = await call('PUT', cookies.editor, { basedOn: version, document: sent });
    expect(published.statusCode, published.body).toBe(200);
    expect((await opened()).document.copy.hi.courses.jee.fees.note).toBe(document.copy.hi.courses.jee.fees.note);
  });

  it("keeps the operator's facts: a moved origin is refused, naming it; a version stored with one is opened and rendered with the code's", async () => {
    const { version, document } = await opened();
    const moved = structuredClone(document);
    moved.institute.origin = 'https://evil.example';
    moved.institute.timeZone = 'Europe/London';
    const refused = await call('PUT', cookies.editor, { basedOn: version, document: moved });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { problems: string[] }).problems).toEqual([
      `institute.origin: is set where the site is installed, not in the content; it stays "${document.institute.origin}".`,
      'institute.timeZone: is set where the site is installed, not in the content; it stays "Asia/Kolkata".',
    ]);
    const shown = await preview(cookies.editor, { document: JSON.stringify(moved), path: '/' });
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain('institute.origin');

    // One stored with it all the same (written before the check, or into the database): the
    // editor opens it with the code's origin, and the pages made from it link to the code's.
    const stored = await createContentRepository(database).publish(moved, { basedOn: version ?? undefined });
    if (!stored.published) throw new Error('The version was not stored');
    expect((await opened()).document.institute.origin).toBe(document.institute.origin);
    const serverBuild = serverBuildOf(CLIENT_DIR);
    if (!serverBuild) throw new Error('No server bundle: run npm run build');
    const { html } = await renderSite(serverBuild.file, ['/'], localDate(new Date()), moved);
    expect(html.get('/')).toContain(`<link rel="canonical" href="${document.institute.origin}/"`);
    expect(html.get('/')).not.toContain('evil.example');
  });

  it('a version stored before the events, the scholarship and schema versions renders, opens upgraded, publishes and restores', async () => {
    const { version, document } = await opened();
    expect(document).toMatchObject({ schemaVersion: CONTENT_SCHEMA_VERSION });
    // As a version published before issue 27 was stored: no events, no scholarship, no schema version.
    const older = structuredClone(document) as unknown as Record<string, unknown> & {
      institute: Record<string, unknown>;
      copy: Record<string, Record<string, unknown>>;
    };
    delete older.schemaVersion;
    delete older.institute.eventSessions;
    delete older.institute.scholarship;
    for (const words of Object.values(older.copy)) {
      delete words.events;
      delete words.scholarship;
    }
    const stored = await createContentRepository(database).publish(older, { basedOn: version ?? undefined });
    if (!stored.published) throw new Error('The version was not stored');
    // The pages render from it, with the events' pages and the scholarship as the starting content has them.
    const serverBuild = serverBuildOf(CLIENT_DIR);
    if (!serverBuild) throw new Error('No server bundle: run npm run build');
    const { html } = await renderSite(
      serverBuild.file,
      [localizedPath('hi', paths.event('demo-class'))],
      localDate(new Date()),
      older,
    );
    expect(html.get(localizedPath('hi', paths.event('demo-class')))).toContain(
      document.copy.hi.events?.types['demo-class'].name ?? 'no name',
    );
    // The editor opens it upgraded, and publishes it back as it opened.
    const reopened = await opened();
    expect(reopened.version).toBe(stored.id);
    expect(reopened.document).toMatchObject({ schemaVersion: CONTENT_SCHEMA_VERSION });
    expect(reopened.document.copy.hi.events).toEqual(document.copy.hi.events);
    const republished = await call('PUT', cookies.editor, { basedOn: stored.id, document: reopened.document });
    expect(republished.statusCode, republished.body.slice(0, 500)).toBe(200);
    // And the old one restores.
    const restored = await call(
      'POST',
      cookies.admin,
      { basedOn: (republished.json() as { version: string }).version },
      `/api/staff/content/versions/${stored.id}/restore`,
    );
    expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);
  });

  it('answers a body that is no publication with 400 and a reason, never 500', async () => {
    for (const [url, method, payload] of [
      ['/api/staff/content', 'PUT', { x: 1 }],
      ['/api/staff/content/versions/00000000-0000-4000-8000-000000000000/restore', 'POST', { basedOn: 5 }],
    ] as const) {
      const reply = await call(method, cookies.editor, payload, url);
      expect(reply.statusCode, `${method} ${url}: ${reply.body}`).toBe(400);
      expect(reply.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('schedules a version for a day and time; one published now carries it, and it stays scheduled; cancels it', async () => {
    const { version, document } = await opened();
    const tomorrow = addDays(localDate(new Date()), 1);
    const scheduled = await call('PUT', cookies.editor, {
      basedOn: version,
      document: withJeeFee(document, 133_000),
      publishAt: { day: tomorrow, time: '09:00' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const { version: waiting, liveFrom } = scheduled.json() as { version: string; liveFrom: string };
    // 9 am at the institute (India: 03:30 UTC).
    expect(liveFrom).toBe(`${tomorrow}T03:30:00.000Z`);
    expect(await opened()).toMatchObject({ version, scheduled: { id: waiting } });

    // An urgent fix published now: the scheduled version is carried onto it and stays scheduled, for the same time.
    const urgent = structuredClone(document);
    urgent.copy.en.courses.jee.fees.note = 'Urgent: the first instalment is due on admission.';
    const fix = await call('PUT', cookies.editor, { basedOn: version, document: urgent });
    expect(fix.statusCode, fix.body.slice(0, 300)).toBe(200);
    const { version: fixed, carried } = fix.json() as { version: string; carried: { id: string; keeps: string[][] } };
    expect(carried).toMatchObject({ live_from: liveFrom, author: 'editor', keeps: [] });
    const afterFix = await opened();
    expect(afterFix.version).toBe(fixed);
    expect(afterFix.scheduled).toMatchObject({ id: carried.id, live_from: liveFrom });
    const waitingNow = async (id: string) =>
      JSON.parse((await createContentRepository(database).get(id))?.document ?? '{}') as SiteContent;
    const carriedDocument = await waitingNow(carried.id);
    expect(carriedDocument.institute.courses.find((course) => course.slug === 'jee')?.fees.amount).toBe(133_000);
    expect(carriedDocument.copy.en.courses.jee.fees.note).toBe(urgent.copy.en.courses.jee.fees.note);

    // A fee published now that tomorrow's changes too: tomorrow's stands when it goes live, and the editor is told.
    const feeNow = await call('PUT', cookies.editor, {
      basedOn: fixed,
      document: withJeeFee(afterFix.document, 129_000),
    });
    expect(feeNow.statusCode, feeNow.body.slice(0, 300)).toBe(200);
    const again = (feeNow.json() as { carried: { id: string; keeps: string[][] } }).carried;
    expect(again.keeps).toContainEqual(['institute', 'courses', 'jee', 'fees', 'amount']);
    const tomorrowDocument = await waitingNow(again.id);
    expect(tomorrowDocument.institute.courses.find((course) => course.slug === 'jee')?.fees.amount).toBe(133_000);
    expect(tomorrowDocument.copy.en.courses.jee.fees.note).toBe(urgent.copy.en.courses.jee.fees.note);

    const past = await call('PUT', cookies.editor, {
      basedOn: (feeNow.json() as { version: string }).version,
      document,
      publishAt: { day: addDays(localDate(new Date()), -1), time: '09:00' },
    });
    expect(past.statusCode).toBe(400);

    const cancel = () => call('DELETE', cookies.editor, undefined, `/api/staff/content/scheduled/${again.id}`);
    expect((await cancel()).statusCode).toBe(204);
    expect((await cancel()).statusCode).toBe(409);
    expect((await opened()).scheduled).toBeNull();
  });

  it('makes a version scheduled a moment ahead live at its time, on its own', async () => {
    const { version, document } = await opened();
    const result = await app.repositories.content.publish(withJeeFee(document, 137_000), {
      basedOn: version ?? undefined,
      liveFrom: new Date(Date.now() + 1500),
    });
    expect(result.published).toBe(true);
    expect((await app.inject({ url: paths.course('jee') })).body).not.toContain(formatRupees(137_000, 'en'));
    const page = await servedWhen(app, paths.course('jee'), (body) => body.includes(formatRupees(137_000, 'en')));
    expect(page.body).toContain(formatRupees(137_000, 'en'));
  }, 30_000);

  it('lists every version with what changed, and restores an earlier one', async () => {
    const { version: live } = await opened();
    const listed = await call('GET', cookies.editor, undefined, '/api/staff/content/versions');
    const { versions } = listed.json() as { versions: { id: string; note: string | null; state: string }[] };
    expect(versions.filter((entry) => entry.state === 'live')).toMatchObject([{ id: live }]);
    expect(versions.map((entry) => entry.state)).toContain('cancelled');
    const first = versions.find((entry) => entry.note === 'JEE fee for 2027');
    if (!first) throw new Error('The first publication is not listed');

    const read = await call('GET', cookies.editor, undefined, `/api/staff/content/versions/${first.id}`);
    // In the desk's words: the course page it is on, the field as its form names it, the rupees as shown.
    expect((read.json() as { groups: unknown[] }).groups).toContainEqual({
      page: startingContent.copy.en.courses.jee.name,
      changes: expect.arrayContaining([
        {
          key: 'facts.courses.jee.fees.amount',
          what: 'Fees · Fee (GST included)',
          values: { fact: { before: '₹1,20,000', after: '₹1,27,000' } },
        },
      ]) as unknown,
    });

    const restore = (basedOn: string | null) =>
      call('POST', cookies.editor, { basedOn }, `/api/staff/content/versions/${first.id}/restore`);
    expect((await restore(first.id)).statusCode).toBe(409);
    const restored = await restore(live);
    expect(restored.statusCode, restored.body).toBe(200);
    const page = await servedWhen(app, paths.course('jee'), (body) => body.includes(formatRupees(127_000, 'en')));
    expect(page.body).toContain(formatRupees(127_000, 'en'));
    const trail = JSON.stringify(
      (await app.inject({ url: '/api/staff/activity', headers: { cookie: cookies.admin } })).json(),
    );
    for (const action of ['content-scheduled', 'content-cancelled', 'content-restored', 'content-carried'])
      expect(trail).toContain(action);

    // The first publication can be undone: the starting content restores like a version.
    const starting = await call(
      'POST',
      cookies.editor,
      { basedOn: (restored.json() as { version: string }).version },
      '/api/staff/content/versions/starting/restore',
    );
    expect(starting.statusCode, starting.body.slice(0, 300)).toBe(200);
    const back = await opened();
    expect(back.document.institute.courses).toEqual(startingContent.institute.courses);
    const newest = (await call('GET', cookies.editor, undefined, '/api/staff/content/versions')).json() as {
      versions: { note: string | null; state: string }[];
    };
    expect(newest.versions[0]).toMatchObject({ note: 'Restores the starting content', state: 'live' });
  }, 30_000);

  it('a cancelled version becomes the editor’s draft again, to edit and schedule again; not over another draft', async () => {
    const { version, document } = await opened();
    const tomorrow = addDays(localDate(new Date()), 1);
    const scheduled = await call('PUT', cookies.editor, {
      basedOn: version,
      document: withJeeFee(document, 139_000),
      publishAt: { day: tomorrow, time: '10:00' },
    });
    const { version: waiting } = scheduled.json() as { version: string };
    expect(
      (await call('DELETE', cookies.editor, undefined, `/api/staff/content/scheduled/${waiting}`)).statusCode,
    ).toBe(204);
    const again = await call('POST', cookies.editor, undefined, `/api/staff/content/versions/${waiting}/draft`);
    expect(again.statusCode, again.body).toBe(200);
    const draft = (await call('GET', cookies.editor, undefined, '/api/staff/content/draft')).json() as {
      draft: { basedOn: string; document: SiteContent };
    };
    expect(draft.draft.basedOn).toBe(version);
    expect(draft.draft.document.institute.courses.find((course) => course.slug === 'jee')?.fees.amount).toBe(139_000);
    // Not over changes not yet published; nor a version that is not there.
    const over = await call('POST', cookies.editor, undefined, `/api/staff/content/versions/${waiting}/draft`);
    expect(over.statusCode).toBe(409);
    expect((over.json() as { error: string }).error).toMatch(/publish or discard them first/);
    const none = await call(
      'POST',
      cookies.admin,
      undefined,
      '/api/staff/content/versions/00000000-0000-4000-8000-000000000000/draft',
    );
    expect(none.statusCode).toBe(404);
    expect(
      (await call('POST', cookies.counsellor, undefined, `/api/staff/content/versions/${waiting}/draft`)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', cookies.editor, undefined, '/api/staff/content/draft')).statusCode).toBe(204);
  });
});
