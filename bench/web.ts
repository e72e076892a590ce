/**
 * `npm run bench:web`: Lighthouse on every page in every language (the nine routes,
 * the privacy notice, the thank-you page and the not-found page), 3 runs each in a
 * fresh Chromium profile, against the production build on our own server, with three
 * presets:
 * - mobile: Lighthouse's default, as PageSpeed Insights runs it (Moto G Power, slow 4G,
 *   4× CPU slowdown, simulated throttling: the page loads unthrottled and Lighthouse
 *   models the slow phone from the trace);
 * - mobile-devtools: the same phone and network, applied while the page loads
 *   (`--throttling-method=devtools`);
 * - mobile-calibrated: the mobile preset with the CPU slowdown calibrated to this machine.
 *   Lighthouse's 4x assumes a fast desktop host (BenchmarkIndex 1500-2000); on a slower
 *   host it models a slower phone than intended. PageSpeed Insights calibrates for its own
 *   hosts (1.2x, lighthouse/core/config/lr-mobile-config.js); this preset takes the
 *   multiplier from Lighthouse's CPU throttling calculator (docs/throttling.md) for the
 *   BenchmarkIndex measured here before the runs;
 * - desktop: Lighthouse's desktop preset.
 * Prints one table of medians; writes every raw report to bench/results/ (git-ignored).
 *
 *   npm run bench:web             full run (about 80 minutes on 2 cores: keep the machine otherwise idle)
 *   npm run bench:web -- --quick  home and one course page in each language, once each, every preset
 *   npm run bench:web -- --no-build   reuse the existing build
 *   npm run bench:web -- --routes /,/hi/about --runs 1 --presets mobile,mobile-devtools   a chosen subset
 *   npm run bench:web -- --published …   the pages as the server renders them after an editor
 *                                          publishes (a JEE fee changed), not as the build wrote them
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { languages, localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import { indexedPaths } from '../src/pages';
import { formatRupees } from '../shared/format';
import { createContentRepository } from '../server/db/content-repository';
import { openDatabase } from '../server/db/database';
import { loadSiteBundle, serverBuildOf } from '../server/site/site-render';
import type { SiteContent } from '../src/content/site-content';
import { withJeeFee } from '../tests/support/content-change';
import { startSiteServer } from './site-server';

const PORT = Number(process.env.BENCH_PORT ?? 4180);
/** The Lighthouse that measures (the lockfile's), named in the table. */
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const ORIGIN = `http://localhost:${PORT}`;
const RESULTS = 'bench/results';

/** A path no page has: the not-found page, answered with status 404. */
const NOT_FOUND_PATH = '/this-page-does-not-exist';
const argv = process.argv.slice(2);
const args = new Set(argv);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = args.has('--quick');
const allPresets = ['mobile', 'mobile-calibrated', 'mobile-devtools', 'desktop'] as const;
type Preset = (typeof allPresets)[number];
const pagesToMeasure = quick
  ? [paths.home, paths.course('neet-repeaters')]
  : [...indexedPaths, paths.thankYou, NOT_FOUND_PATH];
const routes =
  option('--routes')?.split(',') ??
  languages.flatMap((language) => pagesToMeasure.map((path) => localizedPath(language, path)));
const isNotFound = (route: string) => route.endsWith(NOT_FOUND_PATH);
const runs = Number(option('--runs') ?? (quick ? 1 : 3));
const presets = (option('--presets')?.split(',') as Preset[] | undefined) ?? allPresets;
for (const preset of presets) {
  if (!(allPresets as readonly string[]).includes(preset))
    throw new Error(`Unknown preset ${preset}: use ${allPresets.join(', ')}`);
}

type Sample = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  benchmarkIndex: number;
};

/**
 * The CPU slowdown that makes this host model Lighthouse's mid-tier phone: the formula of
 * Lighthouse's CPU throttling calculator (lighthouse-cpu-throttling-calculator.vercel.app,
 * linked from Lighthouse's docs/throttling.md), which maps BenchmarkIndex 150 → 1x,
 * 800 → 2x, 1300 → 3x, 1533 → 4x.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  throw new Error(`BenchmarkIndex ${benchmarkIndex}: this machine is too slow to emulate Lighthouse's phone`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Set before the runs when the mobile-calibrated preset is measured. */
let cpuSlowdownMultiplier = 4;

async function runOnce(url: string, preset: Preset, notFound: boolean): Promise<{ sample: Sample; report: string }> {
  // A fresh profile every run: chrome-launcher makes a new temporary user-data-dir.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    // The not-found page answers 404 by design; measure it anyway.
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ignoreStatusCode: notFound,
      ...(preset === 'mobile-devtools' ? { throttlingMethod: 'devtools' as const } : {}),
      ...(preset === 'mobile-calibrated' ? { throttling: { cpuSlowdownMultiplier } } : {}),
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = (
      lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
    )?.items;
    const bytes = (type: string) => items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
    return {
      sample: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        jsBytes: bytes('script'),
        totalBytes: bytes('total'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      },
      report: JSON.stringify(lhr),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse occasionally fails to record a trace (NO_NAVSTART): such a run is tried up to twice more. */
async function runWithRetry(url: string, preset: Preset, notFound: boolean, attemptsLeft = 2) {
  try {
    return await runOnce(url, preset, notFound);
  } catch (error) {
    if (attemptsLeft === 0) throw error;
    process.stderr.write(`  ${url} ${preset} failed (${String(error)}); trying again\n`);
    return runWithRetry(url, preset, notFound, attemptsLeft - 1);
  }
}

/**
 * With --published: a database of its own in which a version of the content is published (the
 * JEE fee changed), once the server serves the pages it renders from that version.
 */
async function publishedVersion(databaseUrl: string, origin: string) {
  const serverBuild = serverBuildOf(resolve('build/client'));
  if (!serverBuild) throw new Error('No build: run npm run build first.');
  const starting = (await loadSiteBundle(serverBuild.file)).startingContent as SiteContent;
  const database = await openDatabase(databaseUrl);
  try {
    const content = createContentRepository(database);
    const fee = 123_400;
    const published = await content.publish(withJeeFee(starting, fee), { basedOn: await content.latestId() });
    if (!published.published) throw new Error('The publication was refused');
    const shown = formatRupees(fee, 'en');
    for (let tries = 0; !(await (await fetch(`${origin}${paths.course('jee')}`)).text()).includes(shown); tries++) {
      if (tries > 300) throw new Error('The server never served the published version');
      await new Promise((done) => setTimeout(done, 100));
    }
    process.stdout.write(`Published a version (JEE fee ${shown}); measuring the pages rendered from it.\n`);
  } finally {
    await database.close();
  }
}

async function main() {
  if (!args.has('--no-build')) execSync('npm run build', { stdio: 'inherit' });
  mkdirSync(RESULTS, { recursive: true });
  const databaseUrl = args.has('--published') ? `file:${join(tmpdir(), `bench-web-${Date.now()}.db`)}` : undefined;
  const server = await startSiteServer({
    port: PORT,
    env: { META_PIXEL_ID: '', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  if (databaseUrl) await publishedVersion(databaseUrl, server.origin);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const rows: string[][] = [];
  try {
    if (presets.includes('mobile-calibrated')) {
      // Lighthouse measures the host's BenchmarkIndex in every run; three runs on the home page give a steadier figure.
      const indexes: number[] = [];
      for (let run = 0; run < 3; run++)
        indexes.push((await runWithRetry(`${ORIGIN}/`, 'mobile', false)).sample.benchmarkIndex);
      const benchmarkIndex = median(indexes);
      cpuSlowdownMultiplier = Math.round(calibratedCpuSlowdown(benchmarkIndex) * 10) / 10;
      console.log(
        `BenchmarkIndex here: ${Math.round(benchmarkIndex)} (runs: ${indexes.map(Math.round).join(', ')}); mobile-calibrated uses ${cpuSlowdownMultiplier}x CPU slowdown (Lighthouse's default: 4x)`,
      );
    }
    for (const route of routes) {
      for (const preset of presets) {
        const samples: Sample[] = [];
        for (let run = 1; run <= runs; run++) {
          const { sample, report } = await runWithRetry(`${ORIGIN}${route}`, preset, isNotFound(route));
          samples.push(sample);
          const name = `${stamp}_${route.replace(/\W+/g, '_') || 'home'}_${preset}_${run}.json`;
          writeFileSync(join(RESULTS, name), report);
          process.stderr.write(
            `  ${route} ${preset} run ${run}: perf ${sample.performance}, LCP ${Math.round(sample.lcp)} ms\n`,
          );
        }
        const m = (key: keyof Sample) => median(samples.map((s) => s[key]));
        rows.push([
          route,
          preset,
          String(m('performance')),
          String(m('accessibility')),
          String(m('bestPractices')),
          String(m('seo')),
          `${(m('fcp') / 1000).toFixed(2)} s`,
          `${(m('lcp') / 1000).toFixed(2)} s`,
          `${Math.round(m('tbt'))} ms`,
          m('cls').toFixed(3),
          `${(m('jsBytes') / 1024).toFixed(1)}`,
          `${(m('totalBytes') / 1024).toFixed(1)}`,
          String(Math.round(m('benchmarkIndex'))),
        ]);
      }
    }
  } finally {
    await server.stop();
  }

  const header = [
    'route',
    'preset',
    'perf',
    'a11y',
    'best',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'JS KiB',
    'total KiB',
    'host',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(
    `\nLighthouse ${LIGHTHOUSE_VERSION} medians of ${runs} run(s) per row (transfer sizes as Lighthouse measured them; host: the machine's BenchmarkIndex during the runs):\n`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(`\nRaw reports: ${RESULTS}/${stamp}_*.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
