/**
 * The prerendered pages, read from the build once at start-up and kept in memory
 * with the pixel added when it is configured.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type Language, languages, localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import { withPixel } from './pixel';
import { pageCsp } from './security';

/** A page and its compressed forms, made once at start-up instead of on every request. */
export type Page = { html: Buffer; gzip: Buffer; br: Buffer; etag: string; csp: string };

export type Pages = {
  /** URL path (no trailing slash) → page. */
  byPath: Map<string, Page>;
  /** The not-found page of each language (status 404 for any unknown path in it). */
  notFound: Record<Language, Page>;
};

function findIndexFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : findIndexFiles(full);
    return entry.name === 'index.html' ? [full] : [];
  });
}

const toPage = (text: string, pixel: boolean): Page => {
  const html = Buffer.from(text);
  return {
    csp: pageCsp(text, pixel),
    html,
    gzip: gzipSync(html, { level: 9 }),
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
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

export function loadPages(clientDir: string, pixelId?: string): Pages {
  if (!existsSync(join(clientDir, 'index.html'))) {
    throw new Error(`No prerendered site in ${clientDir}. Run \`npm run build\` first.`);
  }
  const byPath = new Map<string, Page>();
  for (const file of findIndexFiles(clientDir)) {
    const dir = relative(clientDir, file).split(sep).slice(0, -1).join('/');
    const raw = readFileSync(file, 'utf8');
    byPath.set(`/${dir}`, toPage(pixelId ? withPixel(raw, pixelId) : raw, Boolean(pixelId)));
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
  return { byPath, notFound };
}
