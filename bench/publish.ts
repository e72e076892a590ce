/**
 * `npm run bench:publish`: the time from an editor publishing a version of the site's content (a
 * JEE fee changed, PUT /api/staff/content as the desk sends it: the server checks it and renders
 * every page from it before it answers) to its pages served by both of two production servers on one
 * database, each its own process (server/server.ts over the build, default CONTENT_CHECK_MS).
 * For SQLite (a file) and PostgreSQL when its binaries are installed (a throwaway cluster), it
 * publishes `--runs` versions one after another and, for each, asks both servers for the
 * English and the Hindi JEE page every 20 ms until both show the new fee; it prints p50/p95 of
 * the time until both served it, and each server's own times from its log: the whole rendering,
 * its pages, and drawing the share images the new pages name (the JEE page's, in English and
 * Hindi: server/site/share-images.ts), and the longest the thread that answers visitors was held
 * meanwhile (its event loop's delay: a request's wait that is the server's own, not the machine's). First, in this process, it draws those two pictures for
 * `--runs` fees, alone (nothing else running): what drawing costs without two servers beside it.
 * Meanwhile visitors (four at a time, each asking a page of either server, then resting 50 ms)
 * read pages, and it prints the p50/p99 of a page request while a publication is under way (from
 * "Publish" until both servers serve it) beside the same figures between publications. A fifth
 * visitor asks a server that does nothing but send one page (bench/floor-server.ts) at the same
 * time: its figures are the machine's and the client's share of every request's time, the floor
 * under ours. With two busy neighbours on two cores, ours and the floor's p99 were the same
 * (168/169 ms during publications, 137/137 between: 10 publications, SQLite), so a target for
 * ours below the floor's is the machine's to meet, not the server's.
 * `--busy` runs two CPU-bound processes beside it all along (a noisy neighbour: bench/neighbours.ts).
 * It prints figures and asserts nothing. Needs a build (npm run build).
 *
 *   npm run bench:publish                         20 publications, both engines
 *   npm run bench:publish -- --runs 5 --engine sqlite
 *   npm run bench:publish -- --busy               the same beside two CPU-bound processes
 */
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatRupees } from '../shared/format';
import { localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import { createContentRepository } from '../server/db/content-repository';
import { openDatabase } from '../server/db/database';
import { createStaffRepository } from '../server/db/staff-repository';
import { createStaffSessionRepository } from '../server/db/staff-session-repository';
import { ShareImages } from '../server/site/share-images';
import { loadSiteBundle, serverBuildOf, shareImagesOf } from '../server/site/site-render';
import { localDate } from '../shared/institute-calendar';
import type { SiteContent } from '../src/content/site-content';
import { withJeeFee } from '../tests/support/content-change';
import { type Engine, onEachEngine } from './engines';
import { startFloorServer } from './floor-server';
import { busyNeighbours } from './neighbours';
import { startSiteServer } from './site-server';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const RUNS = Number(option('--runs', '20'));
const ENGINE = option('--engine', 'both');
const BUSY = argv.includes('--busy');
/** Visitors reading pages at once while publications come and go. */
const VISITORS = 4;

const clientDir = resolve('build/client');
const serverBuild = serverBuildOf(clientDir);
if (!serverBuild) throw new Error('No build: run npm run build first.');
const bundle = await loadSiteBundle(serverBuild.file);
const startingContent = bundle.startingContent as SiteContent;
/** Every page, in every language, but the not-found pages (answered 404): what the visitors read. */
const notFoundPaths = new Set((['en', 'hi'] as const).map((language) => localizedPath(language, paths.notFound)));
const pagePaths = bundle.pagePaths.filter((path) => !notFoundPaths.has(path));

/** The starting content with the JEE fee changed (each run its own fee, so each draws anew). */
const withFee = (amount: number): SiteContent => withJeeFee(startingContent, amount);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Resolves with the time since `since` once every page in `urls` holds `text`. */
async function servedEverywhere(urls: string[], text: string, since: number): Promise<number> {
  const pending = new Set(urls);
  while (pending.size > 0) {
    for (const url of [...pending]) {
      const body = await (await fetch(url)).text();
      if (body.includes(text)) pending.delete(url);
    }
    if (pending.size > 0) await new Promise((done) => setTimeout(done, 20));
    if (performance.now() - since > 60_000) throw new Error(`Not served within 60 s: ${[...pending].join(', ')}`);
  }
  return performance.now() - since;
}

/**
 * Visitors reading pages of the given servers (every page, in turn, of a random server) until
 * stopped: each request's time, sorted by whether a publication was under way when it was sent.
 */
function startVisitors(
  origins: string[],
  pagePaths: readonly string[],
  publishing: () => boolean,
  floorOrigin: string,
) {
  type Times = { during: number[]; between: number[] };
  const ours: Times = { during: [], between: [] };
  const floor: Times = { during: [], between: [] };
  let stopped = false;
  let errors = 0;
  const visitor = async (times: Times, origin: () => string, offset: number) => {
    for (let i = offset; !stopped; i += 1) {
      const path = pagePaths[i % pagePaths.length];
      const underWay = publishing();
      const sent = performance.now();
      try {
        const response = await fetch(`${origin()}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      (underWay ? times.during : times.between).push(performance.now() - sent);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const running = [
    ...Array.from({ length: VISITORS }, (_, i) =>
      visitor(ours, () => origins[Math.floor(Math.random() * origins.length)] ?? '', i * 7),
    ),
    // One more, at the same pace, asking the floor server (bench/floor-server.ts): the machine's share of the times.
    visitor(floor, () => floorOrigin, 0),
  ];
  return {
    async stop() {
      stopped = true;
      await Promise.all(running);
      return { ...ours, floor, errors };
    },
  };
}

/**
 * A server's own time for each page it served (its log: Fastify's responseTime, from reading the
 * request to the answer's end), to the visitors and to the polls, the publishing aside: what of a
 * visitor's wait is the server's handling, and not the machine's scheduling or the client's.
 */
function pageRequestTimes(logged: (msg: string) => Record<string, unknown>[]): number[] {
  const pageUrls = new Set<string>(pagePaths);
  const urlOf = new Map(
    logged('incoming request').map((line) => [line.reqId, (line.req as { url?: string } | undefined)?.url]),
  );
  return logged('request completed')
    .filter((line) => pageUrls.has(String(urlOf.get(line.reqId))))
    .map((line) => Number(line.responseTime));
}

async function benchEngine(name: string, url: string) {
  // Migrate first, so that the two servers do not both start on an empty database.
  const database = await openDatabase(url);
  const servers = [];
  try {
    for (let i = 0; i < 2; i += 1) {
      servers.push(
        await startSiteServer({
          host: '127.0.0.1',
          env: {
            NODE_ENV: 'production',
            LOG_LEVEL: 'info',
            DATABASE_URL: url,
            META_PIXEL_ID: '',
            SMTP_URL: '',
            // The bench publishes every few seconds, past an editor's few a minute: the limit is not what it measures.
            PUBLICATION_RATE_LIMIT: '1000',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
      );
    }
    // An editor, signed in: each version is published as the desk publishes it (PUT
    // /api/staff/content on the first server), so the times include the server's check.
    const editor = await createStaffRepository(database).add({
      email: `bench-editor-${Date.now()}@example.com`,
      name: 'Bench editor',
      role: 'editor',
      passwordHash: 'not used',
    });
    const token = await createStaffSessionRepository(database).startSession(editor.id, {
      idleMs: 3_600_000,
      absoluteMs: 3_600_000,
    });
    const [first] = servers;
    if (!first) throw new Error('No server');
    const publish = async (document: SiteContent, basedOn: string | null, note: string) => {
      const response = await fetch(`${first.origin}/api/staff/content`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: `desk_session=${token}`, origin: first.origin },
        body: JSON.stringify({ basedOn, document, note }),
      });
      if (!response.ok) throw new Error(`A publication was refused: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { version: string }).version;
    };
    const pages = servers.flatMap((server) =>
      (['en', 'hi'] as const).map((language) => `${server.origin}${localizedPath(language, paths.course('jee'))}`),
    );
    const times: number[] = [];
    let basedOn = (await createContentRepository(database).latestId()) ?? null;
    let publishing = false;
    const visitors = startVisitors(
      servers.map((server) => server.origin),
      pagePaths,
      () => publishing,
      floorServer.origin,
    );
    for (let run = 0; run < RUNS; run += 1) {
      const amount = 150_000 + run * 100;
      // A pause between publications, so the visitors' figures have a "between" to compare with.
      await new Promise((done) => setTimeout(done, 1_000));
      const started = performance.now();
      publishing = true;
      basedOn = await publish(withFee(amount), basedOn, `bench ${run}`);
      times.push(await servedEverywhere(pages, formatRupees(amount, 'en').replace('₹', ''), started));
      publishing = false;
    }
    const visits = await visitors.stop();
    const rendered = servers.flatMap((server) => server.logged('pages rendered'));
    return {
      name,
      times,
      visits,
      renderMs: rendered.map((line) => Number(line.ms)),
      pagesMs: rendered.map((line) => Number(line.renderMs)),
      drawMs: rendered.map((line) => Number(line.drawMs)),
      drawn: rendered.map((line) => Number(line.shareImagesDrawn)),
      serveMs: rendered.map((line) => Number(line.serveMs)),
      stallMs: rendered.map((line) => Number(line.longestStallMs)),
      serverMs: servers.flatMap((server) => pageRequestTimes(server.logged)),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.close();
  }
}

/** Drawing the share images a fee change brings (the JEE page's, en and hi), alone in this process. */
async function drawingAlone() {
  const day = localDate(new Date());
  const store = new ShareImages(clientDir);
  const times: number[] = [];
  const counts: number[] = [];
  // One warm-up: loading sharp and the fonts.
  await store.draw(await shareImagesOf(serverBuild?.file ?? '', day, withFee(99_000)));
  for (let run = 0; run < RUNS; run += 1) {
    const { drawn, ms } = await store.draw(await shareImagesOf(serverBuild?.file ?? '', day, withFee(98_000 - run)));
    times.push(ms);
    counts.push(drawn.length);
  }
  return { times, counts };
}

if (BUSY) busyNeighbours();
const floorServer = await startFloorServer(join(clientDir, localizedPath('en', paths.course('jee')), 'index.html.br'));
const alone = await drawingAlone();
console.log(
  `Drawing the share images of a fee change, alone (${[...new Set(alone.counts)].join('/')} pictures, ${alone.times.length} runs): p50 ${percentile(alone.times, 50).toFixed(0)} ms, p95 ${percentile(alone.times, 95).toFixed(0)} ms`,
);

const results = await onEachEngine(
  (engine, url) => benchEngine(engine === 'sqlite' ? 'SQLite' : 'PostgreSQL', url),
  ENGINE === 'both' ? undefined : (ENGINE as Engine),
);
for (const { name, times, visits, renderMs, pagesMs, drawMs, drawn, serveMs, stallMs, serverMs } of results) {
  const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;
  console.log(
    `${name}: ${times.length} publications, two servers, the default CONTENT_CHECK_MS${BUSY ? ', two CPU-bound processes beside them' : ''}`,
  );
  console.log(`  publish → both servers serve it (en and hi): p50 ${ms(times, 50)}, p95 ${ms(times, 95)}`);
  console.log(
    `  a page request (${VISITORS} visitors at once) during a publication: p50 ${ms(visits.during, 50)}, p99 ${ms(visits.during, 99)} (${visits.during.length} requests); between: p50 ${ms(visits.between, 50)}, p99 ${ms(visits.between, 99)} (${visits.between.length}); ${visits.errors} errors`,
  );
  console.log(
    `    the same from a server that does nothing but send the JEE page from memory (bench/floor-server.ts; the machine's floor): during p50 ${ms(visits.floor.during, 50)}, p99 ${ms(visits.floor.during, 99)} (${visits.floor.during.length}); between: p50 ${ms(visits.floor.between, 50)}, p99 ${ms(visits.floor.between, 99)} (${visits.floor.between.length})`,
  );
  console.log(
    `    the servers' own time for each page they served (their logs; the visitors' and the polls'): p50 ${ms(serverMs, 50)}, p99 ${ms(serverMs, 99)} (${serverMs.length} requests)`,
  );
  console.log(`  one server's whole rendering (its log): p50 ${ms(renderMs, 50)}, p95 ${ms(renderMs, 95)}`);
  console.log(`    of which every page and its data: p50 ${ms(pagesMs, 50)}, p95 ${ms(pagesMs, 95)}`);
  console.log(
    `    of which drawing the new share images (${[...new Set(drawn)].join('/')} a rendering): p50 ${ms(drawMs, 50)}, p95 ${ms(drawMs, 95)}`,
  );
  console.log(
    `    of which making the pages served (CSP, ETag, compressing the changed ones): p50 ${ms(serveMs, 50)}, p95 ${ms(serveMs, 95)}`,
  );
  console.log(
    `  meanwhile, the longest the visitors' thread was held (its event loop's longest delay, a rendering): p50 ${ms(stallMs, 50)}, p95 ${ms(stallMs, 95)}`,
  );
}
