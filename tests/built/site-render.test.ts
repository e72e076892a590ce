/**
 * The pages as the server renders them again with the build's own server bundle
 * (server/site/site-render.ts): for the build's day and content, what the build wrote, byte for byte.
 * On a later day a batch that has begun is gone, "next batch" moves on (in the share image too),
 * and a seats count older than institute.seatsShownForDays is no longer shown; a server started on a later day than its
 * build serves that day's pages, without a rebuild. From another version of the content (a fee
 * changed), the pages that show it say so in both languages and the others stay as they were.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { JSDOM } from 'jsdom';
import type { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatRupees } from '../../shared/format';
import { addDays } from '../../shared/institute-calendar';
import { dataPathOf, renderSite, serverBuildOf } from '../../server/site/site-render';
import { copy, institute, languages, localizedPath, paths } from '../support/site';
import { buildApp } from '../../server/app';
import type { healthReply } from '../../shared/schema/replies/health';
import { loadConfig } from '../../server/config';
import { createContentRepository } from '../../server/db/content-repository';
import { enginesUnderTest } from '../support/databases';
import {
  builtFile,
  builtHtml,
  CLIENT_DIR,
  notFoundPagePath,
  servedSite,
  PUBLICATION_TEST_MS,
  servedWhen,
  textOf,
  withJeeFee,
} from './built-site';

type HealthReply = z.infer<typeof healthReply>;

const serverBuild = serverBuildOf(CLIENT_DIR);
if (!serverBuild?.renderedFor)
  throw new Error(`No server bundle or render day beside ${CLIENT_DIR}: run npm run build.`);
const { file: SERVER_BUILD, renderedFor: BUILD_DAY } = serverBuild;

/** Every page the build wrote, by path (its not-found pages included): each …/index.html under the build. */
const builtPaths = () =>
  readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith(`${sep}index.html`))
    .filter((file) => !file.startsWith(`assets${sep}`))
    .map((file) => `/${file.split(sep).slice(0, -1).join('/')}`);

const course = institute.courses.find((c) => c.slug === 'neet-year-long');
if (!course) throw new Error('The sample institute has no neet-year-long course');
const [first, second] = [...course.batches].sort((a, b) => a.starts.localeCompare(b.starts));
if (!first?.seatsLeft || !second) throw new Error('neet-year-long needs two batches, the first with a seats count');
const coursePath = (language: (typeof languages)[number]) => localizedPath(language, paths.course('neet-year-long'));
const page = (html: string | undefined) => new JSDOM(html ?? '').window.document;
/** The course page's list of batches and its "next batch" fact. */
const batchList = (document: Document) => textOf(document.querySelector('.batch-list'));

describe('the pages rendered by the server', () => {
  it('are, for the day the build rendered them for, the pages and data the build wrote', async () => {
    const pagePaths = builtPaths();
    expect(pagePaths).toEqual(expect.arrayContaining(['/', '/hi', '/courses/jee', ...languages.map(notFoundPagePath)]));
    const rendered = await renderSite(SERVER_BUILD, pagePaths, BUILD_DAY);
    for (const path of pagePaths) {
      expect(rendered.html.get(path), path).toBe(readFileSync(builtFile(path), 'utf8'));
      const dataPath = dataPathOf(path);
      expect(rendered.data.get(dataPath), dataPath).toBe(readFileSync(join(CLIENT_DIR, dataPath), 'utf8'));
    }
  });

  it('leave out a batch once it has begun, and "next batch" moves on to the one after', async () => {
    const dayAfter = addDays(first.starts, 1);
    const pagePaths = [...languages.map(coursePath), ...languages.map((l) => localizedPath(l, paths.home))];
    const [onTheDay, after] = await Promise.all([
      renderSite(SERVER_BUILD, pagePaths, first.starts),
      renderSite(SERVER_BUILD, pagePaths, dayAfter),
    ]);
    for (const language of languages) {
      const words = copy[language];
      const firstName = words.courses['neet-year-long'].batches[first.id] ?? '';
      const secondName = words.courses['neet-year-long'].batches[second.id] ?? '';
      // On the day it begins the batch is still listed, and is the next batch.
      const before = page(onTheDay.html.get(coursePath(language)));
      expect(batchList(before)).toContain(firstName);
      expect(textOf(before.querySelector('.hero__facts'))).toContain(formatDate(first.starts, language));
      // The day after, it is gone: the next batch is the one after it, on the page and on the home page's card.
      const later = page(after.html.get(coursePath(language)));
      expect(batchList(later)).not.toContain(firstName);
      expect(batchList(later)).toContain(secondName);
      expect(textOf(later.querySelector('.hero__facts'))).toContain(formatDate(second.starts, language));
      expect(textOf(later.querySelector('.hero__facts'))).not.toContain(formatDate(first.starts, language));
      const home = textOf(page(after.html.get(localizedPath(language, paths.home))).querySelector('main'));
      expect(home).toContain(formatDate(second.starts, language));
      // Client-side navigation gets the same: the page's data no longer names the batch.
      expect(after.data.get(dataPathOf(coursePath(language)))).not.toContain(`"${first.id}"`);
      expect(onTheDay.data.get(dataPathOf(coursePath(language)))).toContain(`"${first.id}"`);
    }
  });

  it('show a seats count while it is at most seatsShownForDays old, then not at all', async () => {
    const seats = first.seatsLeft;
    if (!seats) throw new Error('unreachable');
    const lastDay = addDays(seats.asOf, institute.seatsShownForDays);
    const pagePaths = languages.map(coursePath);
    const [shown, gone] = await Promise.all([
      renderSite(SERVER_BUILD, pagePaths, lastDay),
      renderSite(SERVER_BUILD, pagePaths, addDays(lastDay, 1)),
    ]);
    for (const language of languages) {
      const badge = copy[language].ui.course.seatsLeft
        .replace('{count}', String(seats.count))
        .replace('{date}', formatDate(seats.asOf, language));
      expect(batchList(page(shown.html.get(coursePath(language))))).toContain(badge);
      expect(batchList(page(gone.html.get(coursePath(language))))).not.toContain(badge);
      // The batch itself is still listed: only the count, no longer known to be true, has gone.
      expect(batchList(page(gone.html.get(coursePath(language))))).toContain(
        copy[language].courses['neet-year-long'].batches[first.id] ?? '',
      );
    }
  });
});

describe('a server started on a later day than its build', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    'serves that day’s pages, with a new ETag and data, once it has rendered them (the build’s until then)',
    async () => {
      const dayAfter = addDays(first.starts, 1);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${dayAfter}T06:00:00Z`));
      const app = await servedSite();
      try {
        const path = coursePath('en');
        const firstName = copy.en.courses['neet-year-long'].batches[first.id] ?? '';
        expect(builtHtml(path)).toContain(firstName);
        const builtEtag = (await app.inject({ url: path })).headers.etag;
        const served = await servedWhen(app, path, (body) => !body.includes(firstName));
        expect(served.statusCode).toBe(200);
        expect(batchList(page(served.body))).not.toContain(firstName);
        expect(served.headers.etag).not.toBe(builtEtag);
        expect(served.headers['content-security-policy']).toContain("script-src 'self'");
        // Its share image says the new next batch too: drawn by the server, and served.
        const image = (html: string) =>
          /<meta property="og:image" content="[^"]*(\/assets\/share\/[^"]+)"/.exec(html)?.[1];
        expect(image(served.body)).not.toBe(image(builtHtml(path)));
        const png = await app.inject({ url: image(served.body) ?? '' });
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        const data = await app.inject({ url: dataPathOf(path) });
        expect(data.statusCode).toBe(200);
        expect(data.body).not.toContain(`"${first.id}"`);
        expect(
          (await app.inject({ url: dataPathOf(path), headers: { 'if-none-match': data.headers.etag as string } }))
            .statusCode,
        ).toBe(304);
      } finally {
        await app.close();
      }
    },
    PUBLICATION_TEST_MS,
  );
});

describe('the pages rendered from another version of the content', () => {
  it('show the changed fee on the course page and the home page in both languages, and leave other pages as they were', async () => {
    const content = await withJeeFee(125_000);
    const pagePaths = languages.flatMap((language) => [
      localizedPath(language, paths.course('jee')),
      localizedPath(language, paths.home),
      localizedPath(language, paths.about),
    ]);
    const [before, after] = await Promise.all([
      renderSite(SERVER_BUILD, pagePaths, BUILD_DAY),
      renderSite(SERVER_BUILD, pagePaths, BUILD_DAY, content),
    ]);
    for (const language of languages) {
      const fee = formatRupees(125_000, language);
      const old = formatRupees(institute.courses.find((c) => c.slug === 'jee')?.fees.amount ?? 0, language);
      const course = localizedPath(language, paths.course('jee'));
      expect(textOf(page(after.html.get(course)).querySelector('main'))).toContain(fee);
      expect(textOf(page(after.html.get(course)).querySelector('main'))).not.toContain(old);
      expect(after.data.get(dataPathOf(course))).toContain(fee);
      expect(textOf(page(after.html.get(localizedPath(language, paths.home))).querySelector('main'))).toContain(fee);
      // A page that does not show the fee is the same page.
      const about = localizedPath(language, paths.about);
      expect(after.html.get(about)).toBe(before.html.get(about));
    }
  });
});

describe.each(enginesUnderTest())('two instances on one $name database', ({ open }) => {
  it(
    'serve newly published content in both languages, with new ETags; a version that cannot be rendered leaves the pages as they were',
    async () => {
      const database = await open();
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CHECK_MS: '200' });
      const apps = await Promise.all(
        [1, 2].map(() => buildApp({ config, clientDir: CLIENT_DIR, database, deliveryWorker: false })),
      );
      try {
        await Promise.all(apps.map((app) => app.ready()));
        const content = await withJeeFee(131_000);
        const pages = languages.map((language) => localizedPath(language, paths.course('jee')));
        const before = await Promise.all(pages.map((path) => apps[0]?.inject({ url: path })));

        const repository = createContentRepository(database);
        const first = await repository.publish(content, { basedOn: undefined, note: 'JEE fee for 2027' });
        expect(first.published).toBe(true);
        for (const app of apps) {
          for (const [i, language] of languages.entries()) {
            const path = pages[i] ?? '';
            const fee = formatRupees(131_000, language);
            const served = await servedWhen(app, path, (body) => body.includes(fee));
            expect(served.body, `${path} never showed what was published`).toContain(fee);
            expect(served.headers.etag).not.toBe(before[i]?.headers.etag);
          }
        }

        // A version the pages cannot be made from (its facts are missing): the pages stay as they are.
        const broken = await repository.publish({ copy: content.copy }, { basedOn: first.published ? first.id : '' });
        expect(broken.published).toBe(true);
        if (!first.published || !broken.published) return;
        for (const app of apps) {
          // Once the instance has tried it, its health check says so, and which version it still serves.
          const health = await servedWhen(
            app,
            '/healthz',
            (body) => (JSON.parse(body) as HealthReply).pages.failedVersion === broken.id,
          );
          expect((JSON.parse(health.body) as HealthReply).pages).toMatchObject({
            version: first.id,
            failedVersion: broken.id,
          });
          const served = await app.inject({ url: pages[0] ?? '' });
          expect(served.statusCode).toBe(200);
          expect(served.body).toContain(formatRupees(131_000, 'en'));
        }
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await database.close();
      }
    },
    PUBLICATION_TEST_MS,
  );
});
