/**
 * What a publication changes besides the pages' words, on two instances over one database
 * (SQLite, and PostgreSQL when installed): a changed fee gives the course page a new share image
 * in each language, drawn by each instance before it serves the page and served by both (the
 * other pages keep theirs), with a CSP for its new inline scripts and new data; sitemap.xml's lastmod for that page moves to the day it was
 * published while the other pages keep theirs, the same on both instances and on one started
 * afterwards.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createContentRepository } from '../../server/db/content-repository';
import type { Db } from '../../server/db/database';
import { dataPathOf, renderSite, serverBuildOf } from '../../server/site/site-render';
import { contentHash } from '../../server/site/sitemap';
import { formatRupees } from '../../shared/format';
import { localDate } from '../../shared/institute-calendar';
import { enginesUnderTest } from '../support/databases';
import { languages, localizedPath, paths } from '../support/site';
import { CLIENT_DIR, PUBLICATION_TEST_MS, servedWhen, withJeeFee } from './built-site';

const serverBuild = serverBuildOf(CLIENT_DIR);
if (!serverBuild) throw new Error(`No server bundle beside ${CLIENT_DIR}: run npm run build.`);

/** A day long before the tests run: what the sitemap said before the publication. */
const EARLIER = '2026-01-15';
const FEE = 137_000;

/** Every page the sitemap lists, by path (/, /hi, /courses/jee …). */
const sitemapPaths = [...readFileSync(join(CLIENT_DIR, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  ([, loc]) => new URL(loc ?? '').pathname,
);
const jeePages = languages.map((language) => localizedPath(language, paths.course('jee')));

/** Each <url>'s page path → its <lastmod> (undefined where it has none). */
function lastmods(xml: string): Map<string, string | undefined> {
  return new Map(
    [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?/g)].map(([, loc, day]) => [
      new URL(loc ?? '').pathname,
      day,
    ]),
  );
}

const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** The CSP source of each inline script a page runs (not JSON-LD): 'sha256-…'. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\ssrc=|type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);

/** Width and height from a PNG's header (IHDR), without decoding it. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The database as an earlier day left it: every page the sitemap lists recorded as changed on
 * EARLIER, with the hash of what it shows today from the build's content (what the instances
 * serve until the publication).
 */
async function recordedEarlier(database: Db) {
  const { data } = await renderSite(serverBuild?.file ?? '', sitemapPaths, localDate(new Date()));
  await database.db
    .insertInto('page_changes')
    .values(
      sitemapPaths.map((path) => ({
        path,
        content_hash: contentHash(data.get(dataPathOf(path)) ?? ''),
        changed_on: EARLIER,
      })),
    )
    .execute();
}

describe.each(enginesUnderTest())('a publication on two instances over one $name database', ({ open }) => {
  it(
    'gives the changed course page a new share image, drawn and served by both, and moves its lastmod to the day of publication, the same on both',
    async () => {
      const database = await open();
      await recordedEarlier(database);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CHECK_MS: '200' });
      const start = () => buildApp({ config, clientDir: CLIENT_DIR, database, deliveryWorker: false });
      const apps: FastifyInstance[] = await Promise.all([start(), start()]);
      try {
        await Promise.all(apps.map((app) => app.ready()));
        const first = apps[0] as FastifyInstance;
        // Before: every page's lastmod is the day recorded, and the image each page names.
        const before = lastmods((await servedWhen(first, '/sitemap.xml', (xml) => xml.includes(EARLIER))).body);
        expect([...before.keys()].sort()).toEqual([...sitemapPaths].sort());
        expect(new Set(before.values())).toEqual(new Set([EARLIER]));
        const imagesBefore = new Map<string, string>();
        const cspBefore = new Map<string, string>();
        const dataEtagBefore = new Map<string, string>();
        for (const path of sitemapPaths) {
          const page = await first.inject({ url: path });
          imagesBefore.set(path, ogImage(page.body));
          cspBefore.set(path, String(page.headers['content-security-policy']));
          dataEtagBefore.set(path, String((await first.inject({ url: dataPathOf(path) })).headers.etag));
        }

        const published = await createContentRepository(database).publish(await withJeeFee(FEE), {
          basedOn: undefined,
          note: 'JEE fee',
        });
        expect(published.published).toBe(true);
        const today = localDate(new Date());

        const served = new Map<string, string>();
        for (const [i, app] of apps.entries()) {
          for (const [j, path] of jeePages.entries()) {
            const page = await servedWhen(app, path, (body) => body.includes(formatRupees(FEE, languages[j] ?? 'en')));
            expect(page.body, `instance ${i}: ${path} never showed the new fee`).toContain(formatRupees(FEE, 'en'));
            // Its CSP allows the inline scripts it has now (the new fee is in the data script), and its data has the fee.
            const csp = String(page.headers['content-security-policy']);
            expect(csp).not.toBe(cspBefore.get(path));
            for (const script of inlineScripts(page.body)) expect(csp, `${path}: an inline script`).toContain(script);
            const data = await app.inject({ url: dataPathOf(path) });
            expect(data.body).toContain(formatRupees(FEE, languages[j] ?? 'en'));
            expect(data.headers.etag).not.toBe(dataEtagBefore.get(path));
            // A new picture, named in the page, and served by this instance the moment the page is.
            const image = ogImage(page.body);
            expect(image, path).not.toBe(imagesBefore.get(path));
            served.set(path, image);
            const png = await app.inject({ url: new URL(image).pathname });
            expect(png.statusCode, `instance ${i}: ${image}`).toBe(200);
            expect(png.headers['content-type']).toBe('image/png');
            expect(png.headers['cache-control']).toContain('immutable');
            expect(pngSize(png.rawPayload)).toEqual({ width: 1200, height: 630 });
            expect(png.rawPayload.length).toBeLessThanOrEqual(150_000);
          }
        }
        // Each instance drew the same picture under the same name.
        for (const path of jeePages) {
          const [a, b] = await Promise.all(
            apps.map((app) => app.inject({ url: new URL(served.get(path) ?? '').pathname })),
          );
          expect(a?.rawPayload.equals(b?.rawPayload ?? Buffer.alloc(0)), path).toBe(true);
        }
        // Every other page names the picture it named before, still served; so is the page's previous one.
        for (const app of apps) {
          for (const path of sitemapPaths.filter((path) => !jeePages.includes(path))) {
            expect(ogImage((await app.inject({ url: path })).body), path).toBe(imagesBefore.get(path));
          }
          for (const path of jeePages) {
            expect((await app.inject({ url: new URL(imagesBefore.get(path) ?? '').pathname })).statusCode).toBe(200);
          }
        }

        // The sitemap: the course page (both languages) and the home page, whose cards show the fee,
        // changed today; every other page keeps its day. Both instances serve the same file.
        const changed = new Set([...jeePages, ...languages.map((language) => localizedPath(language, paths.home))]);
        const sitemaps = [];
        for (const app of apps) {
          // Recorded as soon as the pages are swapped in.
          const sitemap = await servedWhen(
            app,
            '/sitemap.xml',
            (xml) => lastmods(xml).get(jeePages[0] ?? '') === today,
          );
          expect(sitemap.statusCode).toBe(200);
          expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
          const days = lastmods(sitemap.body);
          for (const path of sitemapPaths) expect(days.get(path), path).toBe(changed.has(path) ? today : EARLIER);
          sitemaps.push(sitemap.body);
        }
        expect(sitemaps[1]).toBe(sitemaps[0]);

        // An instance started afterwards (a restart) serves the same sitemap from the start.
        const later = await start();
        apps.push(later);
        await later.ready();
        expect((await later.inject({ url: '/sitemap.xml' })).body).toBe(sitemaps[0]);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await database.close();
      }
    },
    PUBLICATION_TEST_MS,
  );

  it(
    'an instance asked for a share image it has not drawn yet (a page on the other named it) catches up before it answers',
    async () => {
      const database = await open();
      const start = (checkMs: string) =>
        buildApp({
          config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CHECK_MS: checkMs }),
          clientDir: CLIENT_DIR,
          database,
          deliveryWorker: false,
        });
      // The second instance would not look for new content for a minute by itself.
      const [quick, slow] = await Promise.all([start('200'), start('60000')]);
      try {
        await Promise.all([quick.ready(), slow.ready()]);
        const path = jeePages[0] ?? '';
        const builtImage = ogImage((await slow.inject({ url: path })).body);
        const published = await createContentRepository(database).publish(await withJeeFee(FEE + 1000), {
          basedOn: undefined,
        });
        expect(published.published).toBe(true);
        const page = await servedWhen(quick, path, (body) => body.includes(formatRupees(FEE + 1000, 'en')));
        const image = new URL(ogImage(page.body)).pathname;
        expect(image).not.toBe(new URL(builtImage).pathname);
        const png = await slow.inject({ url: image });
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect(png.rawPayload.equals((await quick.inject({ url: image })).rawPayload)).toBe(true);
        // Having caught up (or, on PostgreSQL, having heard of the publication and drawn its images
        // while it renders), it serves the new page too; a name no page has is still not found.
        const fee = formatRupees(FEE + 1000, 'en');
        const caughtUp = await servedWhen(slow, path, (body) => body.includes(fee));
        expect(caughtUp.body.includes(fee), 'the slow instance serves the new page').toBe(true);
        expect((await slow.inject({ url: '/assets/share/en-courses-jee-00000000.png' })).statusCode).toBe(404);
      } finally {
        await Promise.all([quick.close(), slow.close()]);
        await database.close();
      }
    },
    PUBLICATION_TEST_MS,
  );
});

describe.each(enginesUnderTest())(
  'a publication on $name is served at once, not at the next check',
  ({ name, open }) => {
    it(
      'by the instance it was made on, and on PostgreSQL by the other instance too (it is announced)',
      async () => {
        const database = await open();
        // The periodic check would not come for a minute: only the announcement can bring the pages sooner.
        const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CHECK_MS: '60000' });
        const start = () => buildApp({ config, clientDir: CLIENT_DIR, database, deliveryWorker: false });
        const apps: FastifyInstance[] = await Promise.all([start(), start()]);
        try {
          await Promise.all(apps.map((app) => app.ready()));
          const [publisher, other] = apps as [FastifyInstance, FastifyInstance];
          const fee = formatRupees(FEE + 2000, 'en');
          const path = jeePages[0] ?? '';
          expect((await publisher.inject({ url: path })).body).not.toContain(fee);
          const published = await publisher.repositories.content.publish(await withJeeFee(FEE + 2000), {
            basedOn: await publisher.repositories.content.latestId(),
          });
          expect(published.published).toBe(true);
          const listeners = name === 'postgres' ? [publisher, other] : [publisher];
          for (const app of listeners) {
            const page = await servedWhen(app, path, (body) => body.includes(fee), 30_000);
            expect(page.body.includes(fee), `${path} shows ${fee}`).toBe(true);
          }
        } finally {
          await Promise.all(apps.map((app) => app.close()));
          await database.close();
        }
      },
      PUBLICATION_TEST_MS,
    );
  },
);
