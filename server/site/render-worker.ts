/**
 * The thread the server renders its pages in (started by server/site/renderer.ts), away from the
 * thread that answers visitors: React's rendering of every page and making it ready to serve
 * (server/site/prepare.ts), the share images' descriptions, the content check and the pages' best
 * compression. The build's server bundle is loaded here only, not in the server's thread too. The
 * thread runs at a lower priority than the visitors' (nice +5 for renderings, this thread only: more
 * would starve it on a busy machine; +19 for the best compression, which nobody waits for: a thread
 * of its own, renderer.ts), so a visitor's request is answered first even when every core is busy.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { compressedBestNow } from './compression';
import { buffersOf, prepareSite } from './prepare';
import { frameworkScriptsProblem } from './security';
import { loadSiteBundle, renderSite, type SiteFiles, shareImagesOf } from './site-render';

export type RenderJob =
  | ({ id: number; kind: 'render' } & Rendering)
  | ({ id: number; kind: 'prepare'; pixelId?: string } & Rendering)
  | ({ id: number; kind: 'page-problems' } & Rendering)
  | { id: number; kind: 'share-images'; serverBuildFile: string; day: string; content?: unknown }
  | { id: number; kind: 'compress-best'; html: Uint8Array }
  | { id: number; kind: 'warm-up'; serverBuildFile: string; pagePath: string; day: string }
  | { id: number; kind: 'check'; serverBuildFile: string; words: unknown; institute: unknown }
  | { id: number; kind: 'site-facts'; serverBuildFile: string };

/** Which pages to render, for which day, from which content (the build's starting content when not given). */
export type Rendering = { serverBuildFile: string; pagePaths: string[]; day: string; content?: unknown };

/** A page that cannot be published: a script that is not the site's own, and its size in bytes. */
export type PageProblems = { path: string; scripts?: string; bytes: number };

export type RenderReply = { id: number; value?: unknown; error?: { message: string; stack?: string } };

try {
  setPriority((workerData as { nice?: number } | null)?.nice ?? 5);
} catch {
  // Not allowed here: the thread runs at the process's priority, still off the visitors' thread.
}

/** How long the last rendering is kept for the same request. */
const KEEP_LAST_MS = 60_000;
let last: { key: string; at: number; files: Promise<SiteFiles> } | undefined;

/**
 * The pages rendered. A publication is checked by rendering every page (routes/desk/content.ts)
 * and then rendered to be served (plugins/pages.ts) from the same document on the same day: the
 * last rendering is kept for a minute and given again for the same build, pages, day and
 * content, so it is done once, not twice.
 */
function rendered({ serverBuildFile, pagePaths, day, content }: Rendering): Promise<SiteFiles> {
  const key = createHash('sha256')
    .update(JSON.stringify([serverBuildFile, [...pagePaths].sort(), day, content ?? null]))
    .digest('base64url');
  if (last && last.key === key && performance.now() - last.at < KEEP_LAST_MS) return last.files;
  const files = renderSite(serverBuildFile, pagePaths, day, content);
  last = { key, at: performance.now(), files };
  // A failed rendering is not kept: the next asks again.
  files.catch(() => {
    if (last?.files === files) last = undefined;
  });
  return files;
}

/** What a job answers, and the buffers handed over with it rather than copied. */
async function run(job: RenderJob): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (job.kind) {
    case 'render':
      return { value: await rendered(job) };
    case 'prepare': {
      const site = prepareSite(await rendered(job), job.pixelId);
      return { value: site, transfer: buffersOf(site) };
    }
    case 'page-problems':
      return {
        value: [...(await rendered(job)).html].map(([path, html]): PageProblems => ({
          path,
          scripts: frameworkScriptsProblem(html),
          bytes: Buffer.byteLength(html),
        })),
      };
    case 'share-images':
      return { value: await shareImagesOf(job.serverBuildFile, job.day, job.content) };
    case 'warm-up':
      // The build's bundle loaded and one page rendered: the first publication is not the thread's first work.
      await renderSite(job.serverBuildFile, [job.pagePath], job.day);
      return { value: null };
    case 'check':
      return { value: (await loadSiteBundle(job.serverBuildFile)).validateContent(job.words, job.institute) };
    case 'site-facts': {
      const { startingContent, pagePaths } = await loadSiteBundle(job.serverBuildFile);
      return { value: { startingContent, pagePaths } };
    }
    case 'compress-best':
      // Tens of milliseconds a page (server/site/compression.ts): not on the visitors' thread.
      return { value: compressedBestNow(job.html) };
  }
}

parentPort?.on('message', (job: RenderJob) => {
  run(job).then(
    ({ value, transfer }) => parentPort?.postMessage({ id: job.id, value } satisfies RenderReply, transfer ?? []),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: { message: error instanceof Error ? error.message : String(error), stack: (error as Error)?.stack },
      } satisfies RenderReply),
  );
});
