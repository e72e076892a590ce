/**
 * The site's pages and their client-side navigation data, kept in memory with the pixel
 * added when it is configured: read from the build at start-up, then rendered again by the
 * server for each new day (site-render.ts, server/plugins/pages.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type Language, languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { compressedQuick, compressedQuickNow, readBestForms } from './compression';
import { compressedBest } from './renderer';
import { type PreparedSite, prepareSite } from './prepare';
import type { SiteFiles } from './site-render';

/** A page and its compressed forms, made once when it is read or rendered instead of on every request. */
export type Page = { html: Buffer; gzip: Buffer; br: Buffer; etag: string; csp: string };

/** A page's data for client-side navigation (React Router's single-fetch payload). */
export type PageData = { body: Buffer; etag: string };

export type Pages = {
  /** URL path (no trailing slash) → page. */
  byPath: Map<string, Page>;
  /** The not-found page of each language (status 404 for any unknown path in it). */
  notFound: Record<Language, Page>;
  /** Data path (/about.data, /_.data for the home page) → the page's data. */
  data: Map<string, PageData>;
  /** Data path → the hash of what the page shows (server/site/sitemap.ts contentHash). */
  hashes: Map<string, string>;
};

/** The build's pages (…/index.html) and data files (….data), by path. */
function findFiles(dir: string, name: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : findFiles(full, name);
    return name(entry.name) ? [full] : [];
  });
}

/**
 * Compression in two passes (server/site/compression.ts): a page is served at once in its quick
 * forms, and the best forms replace them in the background once a visitor asks for the page
 * (`sentCompressed`), one page at a time in a thread of their own at the lowest priority
 * (server/site/renderer.ts), so neither a start-up nor a publication waits for them and no request is held meanwhile. A page
 * nobody asks for before it is rendered again is never compressed at its best: at a tenth of a
 * second of CPU a page, a publication that changes every page would otherwise cost each instance
 * three seconds of it, mostly for pages no one reads that day. The bytes differ, the page does
 * not: its ETag is its HTML's. A page as the build wrote it has its best forms from the build.
 *
 * The pages still in their quick forms; those queued for their best, in order (one made at a time).
 */
const quickOnly = new WeakSet<Page>();
const toImprove: Page[] = [];
let improving: Promise<void> | undefined;

/** Queues pages for their best compressed forms; resolves when the queue is empty. */
export function compressBest(pages: Iterable<Page>): Promise<void> {
  for (const page of pages) {
    if (!quickOnly.delete(page)) continue;
    toImprove.push(page);
  }
  improving ??= (async () => {
    for (let page = toImprove.shift(); page; page = toImprove.shift()) {
      const best = await compressedBest(page.html);
      page.gzip = Buffer.from(best.gzip.buffer, best.gzip.byteOffset, best.gzip.byteLength);
      page.br = Buffer.from(best.br.buffer, best.br.byteOffset, best.br.byteLength);
    }
  })().finally(() => {
    improving = undefined;
  });
  return improving;
}

/** A page was sent compressed: its best forms are made for the next visitor, if they are still to be. */
export function sentCompressed(page: Page): void {
  if (quickOnly.has(page)) void compressBest([page]);
}

/** A page in its quick forms, to be compressed at its best once asked for. */
function quick(page: Page): Page {
  quickOnly.add(page);
  return page;
}

/** The best encoding the client accepts: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function loadPages(clientDir: string, pixelId?: string): Pages {
  if (!existsSync(join(clientDir, 'index.html'))) {
    throw new Error(`No prerendered site in ${clientDir}. Run \`npm run build\` first.`);
  }
  const files: SiteFiles = { html: new Map(), data: new Map() };
  for (const file of findFiles(clientDir, (name) => name === 'index.html')) {
    const dir = relative(clientDir, file).split(sep).slice(0, -1).join('/');
    files.html.set(`/${dir}`, readFileSync(file, 'utf8'));
  }
  for (const file of findFiles(clientDir, (name) => name.endsWith('.data'))) {
    files.data.set(`/${relative(clientDir, file).split(sep).join('/')}`, readFileSync(file, 'utf8'));
  }
  // Made ready to serve as a rendering is (prepare.ts), here at start-up, before any request.
  const site = prepareSite(files, pixelId);
  const byPath = new Map<string, Page>();
  for (const [path, prepared] of site.pages) {
    // The build's own pages: one with a script that is not the framework's is a fault of the build.
    if (prepared.problem) throw new Error(`The build's page ${path} cannot be served: ${prepared.problem}.`);
    const html = bufferOf(prepared.html);
    const best = pixelId ? undefined : readBestForms(join(clientDir, path, 'index.html'), html);
    const page = { csp: prepared.csp, html, ...(best ?? compressedQuickNow(html)), etag: prepared.etag };
    byPath.set(path, best ? page : quick(page));
  }
  return assembled(byPath, site.data);
}

/**
 * The pages as served, from a rendering prepared in the rendering thread (server/site/prepare.ts):
 * a page whose HTML is what `previous` already serves (the same ETag) keeps its compressed forms
 * (no compressing again for a rendering that changed nothing); the others are compressed off the
 * event loop, quickly and all at once, and then at their best once asked for (`sentCompressed`).
 * Nothing here reads a page's HTML: its bytes are wrapped, not copied.
 */
export async function pagesOf(
  site: PreparedSite,
  previous?: Pages,
  onRefused: (path: string, problem: string) => void = () => {},
): Promise<Pages> {
  const known = new Map(previous ? pagesByPath(previous) : []);
  const entries = await Promise.all(
    site.pages.map(async ([path, prepared]): Promise<[string, Page]> => {
      const earlier = known.get(path);
      // A rendering with a script that is not the framework's is not served: the page stays as it was.
      if (prepared.problem) {
        onRefused(path, prepared.problem);
        if (earlier) return [path, earlier];
        throw new Error(`The page ${path} cannot be served: ${prepared.problem}.`);
      }
      if (earlier && earlier.etag === prepared.etag) return [path, earlier];
      const html = bufferOf(prepared.html);
      return [path, quick({ csp: prepared.csp, html, ...(await compressedQuick(html)), etag: prepared.etag })];
    }),
  );
  return assembled(new Map(entries), site.data);
}

/** The same bytes as a Buffer, not a copy. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The site from its pages by path: the not-found pages set apart, and the pages' data. */
function assembled(byPath: Map<string, Page>, prepared: PreparedSite['data']): Pages {
  const notFound = Object.fromEntries(
    languages.map((language) => {
      const path = localizedPath(language, paths.notFound);
      const page = byPath.get(path);
      if (!page) throw new Error(`The build has no not-found page at ${path}.`);
      byPath.delete(path);
      return [language, page];
    }),
  ) as Record<Language, Page>;
  const data = new Map<string, PageData>();
  const hashes = new Map<string, string>();
  for (const [path, { body, etag, hash }] of prepared) {
    data.set(path, { body: bufferOf(body), etag });
    hashes.set(path, hash);
  }
  return { byPath, notFound, data, hashes };
}

/** Every page served, the not-found pages at their own paths (/404, /hi/404) among them. */
const pagesByPath = (pages: Pages): [string, Page][] => [
  ...pages.byPath,
  ...languages.map((language): [string, Page] => [localizedPath(language, paths.notFound), pages.notFound[language]]),
];
