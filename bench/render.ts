/**
 * `npm run bench:render`: how long the server takes to render the site's pages again
 * (server/site/site-render.ts, what it does at each midnight and when it starts on a later day than
 * its build), from the build's server bundle. For each of `--runs` runs (after one warm-up) it
 * renders every page and its data for a day a month ahead, then makes the pages as served
 * (pagesOf: the pixel, CSP, ETag, gzip and Brotli of each page that changed) and prints p50/p95
 * of the whole rendering, of one page, and of making the pages served. It prints figures and
 * asserts nothing. Needs a build (npm run build).
 *
 *   npm run bench:render                 10 runs
 *   npm run bench:render -- --runs 3     a quick run
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { addDays, localDate } from '../shared/institute-calendar';
import { loadPages, pagesOf } from '../server/site/pages';
import { prepareSite } from '../server/site/prepare';
import { dataPathOf, renderSite, serverBuildOf } from '../server/site/site-render';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 10;

const clientDir = resolve('build/client');
const serverBuild = serverBuildOf(clientDir);
if (!serverBuild) throw new Error('No build: run npm run build first.');

const built = loadPages(clientDir);
const pagePaths = [...built.byPath.keys(), '/404', '/hi/404'];
const day = addDays(localDate(new Date()), 30);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

await renderSite(serverBuild.file, pagePaths, day);
const wholes: number[] = [];
const preparing: number[] = [];
const serving: number[] = [];
/** The longest the event loop was held while the pages were made served (requests wait that long). */
const pauses: number[] = [];
let changed = 0;
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  const files = await renderSite(serverBuild.file, pagePaths, day);
  wholes.push(performance.now() - started);
  // In the server this is done in the rendering thread too (server/site/prepare.ts).
  const preparedAt = performance.now();
  const prepared = prepareSite(files);
  preparing.push(performance.now() - preparedAt);
  const made = performance.now();
  // A timer every millisecond: the longest gap between its ticks is the longest the loop was held.
  let tick = performance.now();
  let longest = 0;
  const ticking = setInterval(() => {
    longest = Math.max(longest, performance.now() - tick);
    tick = performance.now();
  }, 1);
  const pages = await pagesOf(prepared, built);
  serving.push(performance.now() - made);
  await new Promise((done) => setTimeout(done, 5));
  clearInterval(ticking);
  pauses.push(longest);
  changed = [...pages.byPath].filter(([path, page]) => built.byPath.get(path) !== page).length;
  if (files.data.size !== pagePaths.length || !files.data.has(dataPathOf('/'))) throw new Error('A page is missing.');
}

console.log(`Rendering ${pagePaths.length} pages and their data for ${day} (${RUNS} runs, after one warm-up):`);
console.log(`  every page:          p50 ${ms(percentile(wholes, 50))}, p95 ${ms(percentile(wholes, 95))}`);
console.log(
  `  one page (average):  p50 ${ms(percentile(wholes, 50) / pagePaths.length)}, p95 ${ms(percentile(wholes, 95) / pagePaths.length)}`,
);
console.log(
  `  made ready to serve: p50 ${ms(percentile(preparing, 50))}, p95 ${ms(percentile(preparing, 95))} (in the rendering thread)`,
);
console.log(
  `  pages as served:     p50 ${ms(percentile(serving, 50))}, p95 ${ms(percentile(serving, 95))} (${changed} pages changed since the build: compressed again)`,
);
console.log(
  `  longest event-loop pause while making them served (requests wait this long): p50 ${ms(percentile(pauses, 50))}, p95 ${ms(percentile(pauses, 95))}`,
);
