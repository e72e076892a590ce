/**
 * `npm run bench:bundle`: the bytes each page costs, read from the production build
 * (run `npm run build` first). Part of `npm test`: exits non-zero when a budget is
 * exceeded. Bytes are deterministic, so this is a test, not a timing.
 *
 * Per route it adds up, gzip-compressed (level 9):
 * - HTML: the prerendered document;
 * - CSS: the stylesheets the HTML links (render-blocking);
 * - first JS: every script a first visit loads (the modules the boot script imports,
 *   and everything they import statically), whether before or after the first paint;
 * - nav JS: the extra JS a client-side navigation to the route loads, beyond the
 *   app shell (entry + root) every page already has;
 * - lazy JS: chunks the page loads on demand after it is interactive (the enquiry
 *   form's code, when the visitor reaches for the form); not in the budgets above,
 *   printed so it stays visible.
 * - images: what the document itself fetches besides code (its <img>s, icon and web
 *   app manifest), as stored (images are compressed already);
 * - total: all of the above that a first visit downloads (HTML, CSS, first JS, images);
 *   the home page's must stay within 300 KB.
 * It also checks that no first visit requests another host, and lists every page's
 * share image (server/site/share-images.ts), each within 150 KB.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { languages, localizedPath } from '../shared/languages';
import { paths, RENDER_DAY_FILE } from '../shared/paths';
import { indexedPaths } from '../src/pages';
import { allShareImages } from '../src/content/share-images';
import { startingContent } from '../src/content/site-content';
import { SHARE_IMAGE_MAX_BYTES } from '../shared/share-image';
import { DESK_FIRST_LOAD_BUDGET_KIB, deskFirstLoad } from './desk-bundle';

const CLIENT = 'build/client';
const KiB = 1024;

export const budgets = {
  /** Every route, in every language (issue 9: the page's own words only). */
  firstJs: 125 * KiB,
  navJs: 30 * KiB,
  css: 25 * KiB,
  html: 40 * KiB,
  /** Everything the home page's first visit downloads (issue 13). */
  homeTotal: 300 * 1000,
};

type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;
type RouterManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; path?: string; module: string; imports?: string[]; css?: string[] }>;
};

const gzipCache = new Map<string, number>();
function gz(urlPath: string): number {
  let size = gzipCache.get(urlPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(CLIENT, urlPath)), { level: 9 }).length;
    gzipCache.set(urlPath, size);
  }
  return size;
}
const sum = (files: Iterable<string>) => [...new Set(files)].reduce((total, file) => total + gz(file), 0);
const kib = (bytes: number) => (bytes / KiB).toFixed(1);

function htmlFile(route: string): string {
  return route === '/' ? '/index.html' : `${route}/index.html`;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Scripts and stylesheets a document loads, and any resource it would fetch from another host. */
function documentResources(html: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const images = new Set<string>();
  const external: string[] = [];
  for (const [tag] of html.matchAll(/<(?:link|script|img|iframe|source)\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const url = tag.startsWith('<link') ? attr(tag, 'href') : attr(tag, 'src');
    if (!url) continue;
    const isFetched =
      !tag.startsWith('<link') ||
      ['stylesheet', 'modulepreload', 'preload', 'icon', 'prefetch', 'preconnect', 'dns-prefetch', 'manifest'].includes(
        rel ?? '',
      );
    if (!isFetched) continue;
    if (/^(https?:)?\/\//.test(url)) external.push(url);
    else if (rel === 'stylesheet') css.add(url);
    else if (url.endsWith('.js')) js.add(url);
    else if (tag.startsWith('<img') || rel === 'icon' || rel === 'manifest') images.add(url);
  }
  // Module imports written inline by React Router (import "/assets/…"; import("/assets/…")).
  for (const [, url] of html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) js.add(url as string);
  return { js, css, images, external };
}

function cssExternals(cssFiles: Iterable<string>): string[] {
  const found: string[] = [];
  for (const file of cssFiles) {
    const text = readFileSync(join(CLIENT, file), 'utf8');
    for (const [, url] of text.matchAll(/url\(\s*['"]?((?:https?:)?\/\/[^'")]+)/g)) found.push(`${file}: ${url}`);
    for (const [, url] of text.matchAll(/@import\s+(?:url\()?['"]?((?:https?:)?\/\/[^'")\s]+)/g))
      found.push(`${file}: ${url}`);
  }
  return found;
}

export type RouteFigures = {
  route: string;
  html: number;
  css: number;
  firstJs: number;
  navJs: number;
  lazyJs: number;
  images: number;
  total: number;
  external: string[];
};

export function measure(): RouteFigures[] {
  if (!existsSync(join(CLIENT, 'index.html'))) throw new Error('No build found: run `npm run build` first.');
  const vite = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  const manifestFile = [
    ...readFileSync(join(CLIENT, 'index.html'), 'utf8').matchAll(/"(\/assets\/manifest-[^"]+\.js)"/g),
  ][0]?.[1];
  if (!manifestFile) throw new Error('The router manifest is not referenced from index.html.');
  const context: { window: { __reactRouterManifest?: RouterManifest } } = { window: {} };
  runInNewContext(readFileSync(join(CLIENT, manifestFile), 'utf8'), context);
  const router = context.window.__reactRouterManifest;
  if (!router) throw new Error(`${manifestFile} did not define the router manifest.`);

  const byFile = new Map(Object.values(vite).map((chunk) => [`/${chunk.file}`, chunk]));
  /** A chunk and everything it imports statically. */
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const dep = vite[key];
      if (dep) closure(`/${dep.file}`, seen);
    }
    return seen;
  };
  /** Chunks loaded on demand from a set of chunks (dynamic imports), with their own static imports. */
  const lazyFrom = (files: Set<string>): Set<string> => {
    const lazy = new Set<string>();
    for (const file of files) {
      for (const key of byFile.get(file)?.dynamicImports ?? []) {
        const dep = vite[key];
        if (dep) for (const f of closure(`/${dep.file}`)) if (!files.has(f)) lazy.add(f);
      }
    }
    return lazy;
  };

  const root = router.routes.root;
  if (!root) throw new Error('The router manifest has no root route.');
  const shell = new Set([router.entry.module, ...router.entry.imports, root.module, ...(root.imports ?? [])]);

  const routes = languages.flatMap((language) =>
    [...indexedPaths, paths.notFound].map((path) => localizedPath(language, path)),
  );
  return routes.map((route) => {
    const html = readFileSync(join(CLIENT, htmlFile(route)), 'utf8');
    const { js, css, images, external } = documentResources(html);
    // The route module(s) this document imports, other than root: what a navigation here loads.
    const routeModules = Object.values(router.routes).filter((r) => r.id !== 'root' && js.has(r.module));
    const navFiles = new Set(
      routeModules.flatMap((r) => [r.module, ...(r.imports ?? [])]).filter((f) => !shell.has(f)),
    );
    const firstFiles = new Set([...js].flatMap((f) => [...closure(f)]));
    const figures = {
      route: route.endsWith(paths.notFound) ? `${route.slice(0, -paths.notFound.length)} (404)`.trim() : route,
      html: gzipSync(html, { level: 9 }).length,
      css: sum(css),
      firstJs: sum(firstFiles),
      navJs: sum(navFiles),
      lazyJs: sum(lazyFrom(firstFiles)),
      images: [...images].reduce((total, file) => total + statSync(join(CLIENT, file)).size, 0),
      external: [...external, ...cssExternals(css)],
    };
    return { ...figures, total: figures.html + figures.css + figures.firstJs + figures.images };
  });
}

export function check(figures: RouteFigures[]): string[] {
  const over: string[] = [];
  for (const f of figures) {
    if (f.firstJs > budgets.firstJs)
      over.push(`${f.route}: first-visit JS ${kib(f.firstJs)} KiB > ${kib(budgets.firstJs)} KiB`);
    if (f.navJs > budgets.navJs) over.push(`${f.route}: navigation JS ${kib(f.navJs)} KiB > ${kib(budgets.navJs)} KiB`);
    if (f.css > budgets.css) over.push(`${f.route}: render-blocking CSS ${kib(f.css)} KiB > ${kib(budgets.css)} KiB`);
    if (f.html > budgets.html) over.push(`${f.route}: HTML ${kib(f.html)} KiB > ${kib(budgets.html)} KiB`);
    for (const url of f.external) over.push(`${f.route}: first visit requests another host: ${url}`);
    if (f.route === '/' && f.total > budgets.homeTotal)
      over.push(`/: first visit downloads ${(f.total / 1000).toFixed(1)} KB > ${budgets.homeTotal / 1000} KB`);
  }
  return over;
}

/** Every page's share image, as the build wrote it (for the day it rendered the pages for). */
export function shareImageSizes(): { page: string; file: string; bytes: number }[] {
  const day = readFileSync(join(CLIENT, '..', 'server', RENDER_DAY_FILE), 'utf8').trim();
  return allShareImages(startingContent, languages, day).map(({ path, file }) => ({
    page: path,
    file,
    bytes: existsSync(join(CLIENT, file)) ? statSync(join(CLIENT, file)).size : Number.NaN,
  }));
}

function main() {
  const figures = measure();
  const header = ['route', 'HTML', 'CSS', 'first JS', 'nav JS', 'lazy JS', 'images', 'total'];
  const rows = figures.map((f) => [
    f.route,
    kib(f.html),
    kib(f.css),
    kib(f.firstJs),
    kib(f.navJs),
    kib(f.lazyJs),
    kib(f.images),
    kib(f.total),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log('Gzip KiB per route (level 9), from build/client:\n');
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nBudgets: first JS ≤ ${kib(budgets.firstJs)} on every route; nav JS ≤ ${kib(budgets.navJs)}; CSS ≤ ${kib(budgets.css)}; HTML ≤ ${kib(budgets.html)}; no other hosts; the home page's total ≤ ${budgets.homeTotal / 1000} KB (${kib(budgets.homeTotal)} KiB).`,
  );
  const over = check(figures);

  // What a chat shows for a shared link: one picture per page and language.
  const shares = shareImageSizes();
  console.log(`\nShare images (1200 × 630 PNG, KiB as served; budget ${SHARE_IMAGE_MAX_BYTES / 1000} KB each):`);
  for (const { page, file, bytes } of shares) console.log(`  ${page.padEnd(31)} ${kib(bytes).padStart(5)}  /${file}`);
  for (const { file, bytes } of shares) {
    if (Number.isNaN(bytes)) over.push(`share image /${file} was not built`);
    else if (bytes > SHARE_IMAGE_MAX_BYTES)
      over.push(`share image /${file}: ${bytes} bytes > ${SHARE_IMAGE_MAX_BYTES}`);
  }

  // The enquiry desk is its own build (build/desk): its first page must stay light too.
  console.log(`\nThe desk's first-load JavaScript (gzip KiB; budget ${DESK_FIRST_LOAD_BUDGET_KIB} on every landing):`);
  for (const { landing, kib: size, cssKib } of deskFirstLoad()) {
    console.log(`  ${landing}: ${size.toFixed(1)} (and ${cssKib.toFixed(1)} of CSS)`);
    if (size > DESK_FIRST_LOAD_BUDGET_KIB)
      over.push(`desk, ${landing}: first-load JS ${size.toFixed(1)} KiB > ${DESK_FIRST_LOAD_BUDGET_KIB} KiB`);
  }
  if (over.length > 0) {
    console.error(`\nOVER BUDGET:\n${over.map((o) => `  - ${o}`).join('\n')}`);
    process.exit(1);
  }
  console.log('All budgets met.');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
