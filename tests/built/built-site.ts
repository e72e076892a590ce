/**
 * The built site as `npm run build` wrote it (build/client), for the facts that can be read
 * from its files without a browser: head tags, structured data, links, ids, sitemap, robots.
 * The served pages are these files byte for byte (server/site/pages.ts adds nothing without a
 * pixel), and `servedSite()` is the production server over them, driven by `app.inject()`,
 * for what the server answers (status, headers).
 *
 * BUILT_CLIENT_DIR points the tests at another copy of the build (to watch one fail on a
 * page broken on purpose).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Db, openDatabase } from '../../server/db/database';
import { createStaffRepository } from '../../server/db/staff-repository';
import { createStaffSessionRepository } from '../../server/db/staff-session-repository';
import { sessionLimits } from '../../server/plugins/authentication';
import { type StaffRoleValue, staffRoles } from '../../shared/schema/desk-vocabulary';
import { type Language, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { loadSiteBundle, renderSite, serverBuildOf } from '../../server/site/site-render';
import { withJeeFee as jeeFeeChanged } from '../support/content-change';
import type { SiteContent } from '../../src/content/site-content';

export const CLIENT_DIR = resolve(process.env.BUILT_CLIENT_DIR ?? 'build/client');

if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
  throw new Error(`No build in ${CLIENT_DIR}: run \`npm run build\` first (npm run test:built does).`);
}

/** The built file of a prerendered page: / → index.html, /hi/about → hi/about/index.html. */
export const builtFile = (path: string): string =>
  join(CLIENT_DIR, path === '/' ? 'index.html' : `${path.replace(/^\//, '')}/index.html`);

/** The not-found page's path in a language (/404, /hi/404): what every unknown path of it is served. */
export const notFoundPagePath = (language: Language): string => localizedPath(language, paths.notFound);

const texts = new Map<string, string>();
/** A built page's HTML, as the server sends it. */
export function builtHtml(path: string): string {
  let text = texts.get(path);
  if (text === undefined) {
    text = readFileSync(builtFile(path), 'utf8');
    texts.set(path, text);
  }
  return text;
}

const documents = new Map<string, Document>();
/** A built page parsed as a browser parses it with JavaScript off (nothing runs). */
export function builtDocument(path: string): Document {
  const parsed = documents.get(path) ?? new JSDOM(builtHtml(path)).window.document;
  documents.set(path, parsed);
  return parsed;
}

/** Text as a reader sees it: runs of whitespace as one space, trimmed (as Playwright's toHaveText compares). */
export const textOf = (node: Node | null | undefined): string => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Elements matching `selector` under `root` whose text is exactly `text`. */
export const withText = (root: ParentNode, selector: string, text: string): Element[] =>
  [...root.querySelectorAll(selector)].filter((element) => textOf(element) === text);

/**
 * The day the sample institute's facts are all still current (its batches still to begin, its
 * seats counts fresh): day-dependent claims are checked on pages rendered for it, whatever the
 * day the tests run (server/site/site-render.ts, with the build's own server bundle).
 */
export const SAMPLE_DAY = '2026-11-24';

const rendered = new Map<string, Document>();
/** A page as the server renders it for `day`, parsed as a browser parses it with JavaScript off. */
export async function renderedDocument(path: string, day: string): Promise<Document> {
  const key = `${day} ${path}`;
  const known = rendered.get(key);
  if (known) return known;
  const serverBuild = serverBuildOf(CLIENT_DIR);
  if (!serverBuild) throw new Error(`No server bundle beside ${CLIENT_DIR}: run npm run build.`);
  const { html } = await renderSite(serverBuild.file, [path], day);
  const document = new JSDOM(html.get(path) ?? '').window.document;
  rendered.set(key, document);
  return document;
}

/** The production server (no pixel, as the site is configured by default) over the build. */
export async function servedSite(): Promise<FastifyInstance> {
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    clientDir: CLIENT_DIR,
    database: await openDatabase('file::memory:'),
    deliveryWorker: false,
  });
}

/**
 * What `app` serves at `path` once `done` holds of it: an instance renders its pages again in the
 * background when content is published (seconds; several times that beside the other test steps
 * on a busy machine), so it asks every 100 ms until then, up to `withinMs`, a ceiling far above
 * what it takes (the time it took is printed: `npm run bench:publish` measures it properly).
 */
export async function servedWhen(
  app: FastifyInstance,
  path: string,
  done: (body: string) => boolean,
  withinMs = PUBLICATION_CEILING_MS,
) {
  const started = performance.now();
  let served = await app.inject({ url: path });
  if (done(served.body)) return served;
  while (!done(served.body) && performance.now() - started < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    served = await app.inject({ url: path });
  }
  const waited = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${path}: ${done(served.body) ? 'served' : 'still not served'} after ${waited} s`);
  return served;
}

/** How long a test waits at most for a publication to be served: far above the seconds it takes. */
export const PUBLICATION_CEILING_MS = 150_000;
/** The time limit of a test that publishes and waits for it (more than one publication's ceiling). */
export const PUBLICATION_TEST_MS = 240_000;

/** The build's starting content with the JEE course's fee set to `amount` (tests/support/content-change.ts). */
export async function withJeeFee(amount: number): Promise<SiteContent> {
  const serverBuild = serverBuildOf(CLIENT_DIR);
  if (!serverBuild) throw new Error(`No server bundle beside ${CLIENT_DIR}: run npm run build.`);
  return jeeFeeChanged((await loadSiteBundle(serverBuild.file)).startingContent as SiteContent, amount);
}

/** The Origin header `app.inject()` requests must carry to change anything on the desk's API. */
export const DESK_ORIGIN = 'http://localhost:80';

/**
 * The production server over the build on a database (in-memory SQLite unless given), driven by
 * `app.inject()`, with one signed-in member of staff per role: the session cookie of each.
 */
export async function deskOverBuild(
  env: Record<string, string> = {},
  /** The database (enginesUnderTest()'s `open` for PostgreSQL). */
  open: () => Promise<Db> = () => openDatabase('file::memory:'),
) {
  const database = await open();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CHECK_MS: '200', ...env });
  const app = await buildApp({ config, clientDir: CLIENT_DIR, database, deliveryWorker: false });
  const cookies = {} as Record<StaffRoleValue, string>;
  for (const { value: role } of staffRoles) {
    const member = await createStaffRepository(database).add({
      email: `${role}@example.com`,
      name: role,
      role,
      passwordHash: 'not used',
    });
    const token = await createStaffSessionRepository(database).startSession(member.id, sessionLimits(config));
    cookies[role] = `desk_session=${token}`;
  }
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, database, cookies, close };
}
