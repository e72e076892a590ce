/**
 * The site's pages and their client-side navigation data, kept in memory with the pixel
 * added when it is configured: read from the build at start-up, then rendered again by the
 * server for each new day (site-render.ts, server/plugins/pages.ts).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type Language, languages, localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import { withPixel } from './pixel';
import { pageCsp } from './security';

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
};

/** The build's pages (…/index.html) and data files (….data), by path. */
function findFiles(dir: string, name: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : findFiles(full, name);
    return name(entry.name) ? [full] : [];
  });
}

export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

const toPage = (text: string, pixel: boolean): Page => {
  const html = Buffer.from(text);
  return {
    csp: pageCsp(text, pixel),
    html,
    gzip: gzipSync(html, { level: 9 }),
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: etagOf(html),
  };
};

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

/** What the site's pages are made from: each page's HTML by its path, each page's data by its data path. */
export type SiteFiles = { html: Map<string, string>; data: Map<string, string> };

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
  return pagesOf(files, pixelId);
}

/**
 * The pages as served, from their HTML and data. A page whose HTML is what `previous` already
 * serves keeps its compressed forms (no compressing again for a rendering that changed nothing).
 */
export function pagesOf(files: SiteFiles, pixelId?: string, previous?: Pages): Pages {
  const byPath = new Map<string, Page>();
  const served = new Map(previous ? pagesByPath(previous) : []);
  for (const [path, raw] of files.html) {
    const text = pixelId ? withPixel(raw, pixelId) : raw;
    const known = served.get(path);
    byPath.set(path, known && known.html.toString() === text ? known : toPage(text, Boolean(pixelId)));
  }
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
  for (const [path, text] of files.data) {
    const body = Buffer.from(text);
    data.set(path, { body, etag: etagOf(body) });
  }
  return { byPath, notFound, data };
}

/** Every page served, the not-found pages at their own paths (/404, /hi/404) among them. */
const pagesByPath = (pages: Pages): [string, Page][] => [
  ...pages.byPath,
  ...languages.map((language): [string, Page] => [localizedPath(language, paths.notFound), pages.notFound[language]]),
];
