/**
 * Versions of the content stored by the code of their day (tests/fixtures/content/), on both
 * engines, after every upgrade (src/content/upgrades/): each renders the pages, opens in the
 * editor at today's schema version, is published again from the editor and restores. One from
 * before notices and events exist renders with the parts it lacks as the starting content has
 * them; what today's checks refuse in its own words (a scholarship range typed out) is named, the
 * editor mends it, and it publishes. One from before students' photos and consent (schema 2) opens
 * with no photo and its sample students' consent markers, and publishes again; the same version
 * whose names are real data is refused, naming each result without the student's consent, until
 * the editor gives them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentRepository } from '../../server/db/content-repository';
import type { Db } from '../../server/db/database';
import { renderSite, serverBuildOf } from '../../server/site/site-render';
import { localDate } from '../../shared/institute-calendar';
import type { StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import { type SiteContent, startingContent } from '../../src/content/site-content';
import { CONTENT_SCHEMA_VERSION } from '../../src/content/upgrades';
import { enginesUnderTest } from '../support/databases';
import { localizedPath, paths } from '../support/site';
import { CLIENT_DIR, DESK_ORIGIN, deskOverBuild } from './built-site';

type Stored = { schemaVersion?: number; institute: SiteContent['institute']; copy: SiteContent['copy'] };
type Consent = SiteContent['institute']['testimonialConsents'][string];
/** A signed consent form, scanned to a one-page PDF. */
const SIGNED_FORM = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const fixtures = new URL('../fixtures/content/', import.meta.url);
const fixture = (name: string): Stored => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')) as Stored;
/** The fixture taken at a schema version, whatever day its name gives (`<day>-schema-<version>.json`). */
const atVersion = (version: number): Stored => {
  const name = readdirSync(fixtures).find((file) => file.endsWith(`-schema-${version}.json`));
  if (!name)
    throw new Error(`No fixture at schema version ${version} in tests/fixtures/content/ (its README says how).`);
  return fixture(name);
};
const beforeEvents = fixture('2026-11-24-before-notices-and-events.json');
const beforeConsent = atVersion(2);
const today = atVersion(CONTENT_SCHEMA_VERSION);

/** The text at a dotted path of the copy ("en.courses.jee.fees.note"). */
const textAt = (copy: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], copy);
function setTextAt(copy: unknown, path: string, text: unknown) {
  const keys = path.split('.');
  const last = keys.pop() as string;
  (textAt(copy, keys.join('.')) as Record<string, unknown>)[last] = text;
}

describe.each(enginesUnderTest())('stored versions of the content, on $name', ({ open }) => {
  let app: FastifyInstance;
  let cookies: Record<StaffRoleValue, string>;
  let database: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, cookies, database, close } = await deskOverBuild({ PUBLICATION_RATE_LIMIT: '1000' }, open));
  });
  afterAll(() => close());

  const call = (method: 'GET' | 'PUT' | 'POST', payload?: object, url = '/api/staff/content') =>
    app.inject({
      method,
      url,
      headers: { origin: DESK_ORIGIN, cookie: cookies.admin },
      ...(payload ? { payload } : {}),
    });
  const opened = async () => {
    const reply = await call('GET');
    expect(reply.statusCode).toBe(200);
    return reply.json() as { version: string | null; document: Stored };
  };
  /** `document` stored as the live version, as the code of its day stored it (no upgrade on the way in). */
  const storedAsLive = async (document: Stored) => {
    const { version } = await opened();
    const stored = await createContentRepository(database).publish(document, { basedOn: version ?? undefined });
    if (!stored.published) throw new Error('The version was not stored');
    return stored.id;
  };
  const rendered = async (document: Stored, pages: string[]) => {
    const serverBuild = serverBuildOf(CLIENT_DIR);
    if (!serverBuild) throw new Error('No server bundle: run npm run build');
    return (await renderSite(serverBuild.file, pages, localDate(new Date()), document)).html;
  };

  it('today’s renders, opens as it is, publishes again and restores', async () => {
    const id = await storedAsLive(today);
    const html = await rendered(today, [localizedPath('hi', paths.course('jee')), paths.refunds]);
    expect(html.get(localizedPath('hi', paths.course('jee')))).toContain(today.copy.hi.courses.jee.name);
    expect(html.get(paths.refunds)).toContain(today.copy.en.refunds.heading);

    const reopened = await opened();
    expect(reopened.version).toBe(id);
    expect(reopened.document).toEqual(today);
    const republished = await call('PUT', { basedOn: id, document: reopened.document });
    expect(republished.statusCode, republished.body.slice(0, 500)).toBe(200);
    const restored = await call(
      'POST',
      { basedOn: (republished.json() as { version: string }).version },
      `/api/staff/content/versions/${id}/restore`,
    );
    expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);
  });

  it('one from before students’ photos and consent renders, opens with its sample students’ markers, publishes again and restores', async () => {
    const id = await storedAsLive(beforeConsent);
    const html = await rendered(beforeConsent, [paths.home]);
    expect(html.get(paths.home)).toContain(beforeConsent.copy.en.testimonials['ananya-sharma']?.name);
    expect(html.get(paths.home)).toContain('NEET 2026 · AIR 3,412');

    const reopened = await opened();
    expect(reopened.version).toBe(id);
    expect(reopened.document.schemaVersion).toBe(CONTENT_SCHEMA_VERSION);
    expect(reopened.document.institute.testimonialPhotos).toEqual({});
    expect(reopened.document.institute.testimonialConsents).toEqual(startingContent.institute.testimonialConsents);
    const republished = await call('PUT', { basedOn: id, document: reopened.document });
    expect(republished.statusCode, republished.body.slice(0, 500)).toBe(200);
    const restored = await call(
      'POST',
      { basedOn: (republished.json() as { version: string }).version },
      `/api/staff/content/versions/${id}/restore`,
    );
    expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);
  });

  it('the same version with real names: refused, naming each result without consent, until the consents are given', async () => {
    const real = structuredClone(beforeConsent);
    real.institute.sampleData = false;
    const id = await storedAsLive(real);
    const reopened = await opened();
    expect(reopened.document.institute.testimonialConsents).toEqual({});
    const refused = await call('PUT', { basedOn: id, document: reopened.document });
    expect(refused.statusCode).toBe(400);
    const { problems } = refused.json() as { problems: string[] };
    const results = Object.keys(real.institute.testimonialResults);
    expect(problems).toHaveLength(results.length);
    for (const [index, testimonial] of results.entries()) {
      const name = real.copy.en.testimonials[testimonial]?.name ?? '';
      expect(problems[index]).toMatch(
        new RegExp(
          `^institute\\.testimonialConsents\\.${testimonial}: ${name}'s testimonial states a .* result, so it cannot be published without the student's written consent`,
        ),
      );
    }

    // The editor uploads each signed form and says when and by whom it was signed.
    const mended = structuredClone(reopened.document);
    for (const testimonial of results) {
      const upload = await app.inject({
        method: 'POST',
        url: '/api/staff/uploads?use=consent',
        headers: { origin: DESK_ORIGIN, cookie: cookies.editor, 'content-type': 'application/pdf' },
        payload: SIGNED_FORM,
      });
      expect(upload.statusCode, upload.body).toBe(201);
      mended.institute.testimonialConsents[testimonial] = {
        date: '2026-07-02',
        by: 'parent',
        minor: true,
        scan: (upload.json() as { reference: NonNullable<Consent['scan']> }).reference,
      };
    }
    const published = await call('PUT', { basedOn: id, document: mended });
    expect(published.statusCode, published.body.slice(0, 500)).toBe(200);
    // The pages never carry the consent: its scans are not named on the home page.
    const home = await rendered(mended, [paths.home]);
    for (const consent of Object.values(mended.institute.testimonialConsents))
      expect(home.get(paths.home)).not.toContain(consent.scan?.upload);
  });

  it('one from before notices and events renders with what it lacks, opens upgraded, is mended, publishes and restores', async () => {
    const id = await storedAsLive(beforeEvents);
    const demoClass = localizedPath('hi', paths.event('demo-class'));
    const jee = paths.course('jee');
    const html = await rendered(beforeEvents, [jee, demoClass, localizedPath('hi', paths.refunds)]);
    // Its own words, and the parts it lacks as the starting content has them.
    expect(beforeEvents.copy.en.courses.jee.fees.note).toContain('10% to 50%');
    expect(html.get(jee)).toContain(beforeEvents.copy.en.courses.jee.fees.note);
    expect(html.get(jee)).toContain(startingContent.copy.en.refunds.courseHeading);
    expect(html.get(demoClass)).toContain(startingContent.copy.hi.events.types['demo-class'].name);
    expect(html.get(localizedPath('hi', paths.refunds))).toContain(startingContent.copy.hi.refunds.heading);

    // The editor opens it at today's schema version, every part there.
    const reopened = await opened();
    expect(reopened.version).toBe(id);
    expect(reopened.document.schemaVersion).toBe(CONTENT_SCHEMA_VERSION);
    expect(reopened.document.institute.eventSessions).toEqual(startingContent.institute.eventSessions);
    expect(reopened.document.institute.notices).toEqual([]);
    expect(reopened.document.copy.hi.feeDetails).toEqual(startingContent.copy.hi.feeDetails);
    expect(reopened.document.copy.en.courses.jee.fees.note).toBe(beforeEvents.copy.en.courses.jee.fees.note);

    // Today's checks name each scholarship range its words typed out, and nothing else.
    const refused = await call('PUT', { basedOn: id, document: reopened.document });
    expect(refused.statusCode).toBe(400);
    const { problems } = refused.json() as { problems: string[] };
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^(en|hi)\.[\w.-]+: ".+" types a scholarship range/);
    // Nor does it restore as it is, for the same reasons.
    const notRestored = await call('POST', { basedOn: id }, `/api/staff/content/versions/${id}/restore`);
    expect(notRestored.statusCode).toBe(400);
    expect((notRestored.json() as { problems: string[] }).problems).toEqual(problems);

    // The editor says each as today's words do; it publishes, and that version restores.
    const mended = structuredClone(reopened.document);
    for (const problem of problems) {
      const path = problem.slice(0, problem.indexOf(':'));
      setTextAt(mended.copy, path, textAt(startingContent.copy, path));
    }
    const published = await call('PUT', { basedOn: id, document: mended });
    expect(published.statusCode, published.body.slice(0, 500)).toBe(200);
    const { version } = published.json() as { version: string };
    const later = await call('PUT', { basedOn: version, document: today });
    expect(later.statusCode, later.body.slice(0, 500)).toBe(200);
    const restored = await call(
      'POST',
      { basedOn: (later.json() as { version: string }).version },
      `/api/staff/content/versions/${version}/restore`,
    );
    expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);
    expect((await opened()).document.copy.en.courses.jee.fees.note).toBe(mended.copy.en.courses.jee.fees.note);
  });
});
