/**
 * The site's pages rendered again by the server, for another day, with the build's own
 * server bundle (build/server/index.js, the one `npm run build` prerendered them with): the
 * same HTML and client-side navigation data the build wrote, made the same way (each page's
 * data first, then its HTML, then its scripts started after the first paint), only with the
 * day set in the router's context (src/content/render-day.ts). Nothing is rendered while a
 * visitor waits: the pages plugin renders in the background and swaps the pages in whole.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import { startScriptsAfterPaint } from './start-after-paint';
import { RENDER_DAY_FILE } from '../../shared/paths';
import type { ShareImageFile } from '../../shared/share-image';
import { asServed } from '../content/content-words';

/** What the site's pages are made from: each page's HTML by its path, each page's data by its data path. */
export type SiteFiles = { html: Map<string, string>; data: Map<string, string> };

/** What the build's server entry exports for the server, besides React Router's own (src/entry.server.tsx). */
type SiteExports = {
  /** The day the pages are rendered for, and the content they are made from: the router's context. */
  renderDay: RouterContext<string>;
  siteContent: RouterContext<unknown>;
  /** The content the build was made from (src/content/*.ts). */
  startingContent: unknown;
  /** The check the build runs on the content files: each problem, naming its field. */
  validateContent: (words: unknown, institute: unknown) => string[];
  /** Every page the build prerendered, in every language. */
  pagePaths: readonly string[];
  /** Every page's share image for a version of the content on a day: what each shows, and its file. */
  shareImagesFor: (content: unknown, day: string) => ShareImageFile[];
};

export type SiteBundle = SiteExports & { build: ServerBuild };

const bundles = new Map<string, Promise<SiteBundle>>();
/**
 * The build's server bundle (loaded once per file) and what its entry exports for the server;
 * an older build without them is refused with a word on what to do.
 */
export function loadSiteBundle(serverBuildFile: string): Promise<SiteBundle> {
  let bundle = bundles.get(serverBuildFile);
  if (!bundle) {
    bundle = (async () => {
      const build = (await import(/* @vite-ignore */ pathToFileURL(serverBuildFile).href)) as ServerBuild & {
        entry: { module: Partial<SiteExports> };
      };
      const { renderDay, siteContent, startingContent, validateContent, pagePaths, shareImagesFor } =
        build.entry.module;
      if (!renderDay || !siteContent || !startingContent || !validateContent || !pagePaths || !shareImagesFor) {
        throw new Error(`${serverBuildFile} lacks what the server renders and checks content with: run npm run build.`);
      }
      return { build, renderDay, siteContent, startingContent, validateContent, pagePaths, shareImagesFor };
    })();
    bundles.set(serverBuildFile, bundle);
  }
  return bundle;
}

/** /courses/jee → /courses/jee.data; the home page's data is /_.data (React Router's name for it). */
export const dataPathOf = (path: string) => (path === '/' ? '/_.data' : `${path}.data`);

/** The build's server bundle beside its client files (build/server beside build/client), and the day it rendered the pages for. */
export function serverBuildOf(clientDir: string): { file: string; renderedFor: string | undefined } | undefined {
  const dir = join(clientDir, '..', 'server');
  const file = join(dir, 'index.js');
  if (!existsSync(file)) return undefined;
  const dayFile = join(dir, RENDER_DAY_FILE);
  return { file, renderedFor: existsSync(dayFile) ? readFileSync(dayFile, 'utf8').trim() : undefined };
}

/** The HTML that React Router's prerender reuses a page's data in is limited to 8 KiB (its own rule). */
const PRERENDER_DATA_LIMIT = 8 * 1024;

/**
 * Every page in `pagePaths`, rendered for `day` from `content` (a version of the site's content,
 * src/content/site-content.ts; the build's starting content when not given).
 */
export async function renderSite(
  serverBuildFile: string,
  pagePaths: Iterable<string>,
  day: string,
  content?: unknown,
): Promise<SiteFiles> {
  const { build, renderDay, siteContent, startingContent } = await loadSiteBundle(serverBuildFile);
  const handle = createRequestHandler(build, 'production');
  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(renderDay, day);
    if (content !== undefined) provider.set(siteContent, asServed(content, startingContent) as typeof startingContent);
    return provider;
  };
  // The not-found pages answer 404, as they do when the build prerenders them.
  const text = async (response: Response, what: string) => {
    if (!response.ok && response.status !== 404) throw new Error(`Rendering ${what} answered ${response.status}.`);
    return response.text();
  };

  const html = new Map<string, string>();
  const data = new Map<string, string>();
  for (const path of pagePaths) {
    const dataPath = dataPathOf(path);
    const pageData = await text(await handle(new Request(`http://localhost${dataPath}`), context()), dataPath);
    const headers = new Headers();
    const encoded = encodeURI(pageData);
    if (encoded.length < PRERENDER_DATA_LIMIT) headers.set('X-React-Router-Prerender-Data', encoded);
    const url = `http://localhost${path === '/' ? '/' : `${path}/`}`;
    html.set(path, startScriptsAfterPaint(await text(await handle(new Request(url, { headers }), context()), path)));
    data.set(dataPath, pageData);
  }
  return { html, data };
}

/**
 * Every page's share image (what it shows, and its file) when the pages are rendered for `day`
 * from `content` (the build's starting content when not given): what the server draws before it
 * serves those pages (server/site/share-images.ts).
 */
export async function shareImagesOf(
  serverBuildFile: string,
  day: string,
  content?: unknown,
): Promise<ShareImageFile[]> {
  const { shareImagesFor, startingContent } = await loadSiteBundle(serverBuildFile);
  return shareImagesFor(
    content === undefined ? startingContent : (asServed(content, startingContent) as typeof startingContent),
    day,
  );
}
