/**
 * The thread the server renders its pages in (started by server/site/renderer.ts): React's rendering
 * of every page, the share images' descriptions, the content check and the pages' best
 * compression (the build's server bundle is loaded here only, not in the server's thread too), away from the
 * thread that answers visitors, and at a lower priority than it (nice +5, this thread only: more would starve it on a busy machine), so
 * a visitor's request is answered first even when the machine's cores are all busy.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { compressedBestNow } from './compression';
import { loadSiteBundle, renderSite, shareImagesOf } from './site-render';

export type RenderJob =
  | { id: number; kind: 'render'; serverBuildFile: string; pagePaths: string[]; day: string; content?: unknown }
  | { id: number; kind: 'share-images'; serverBuildFile: string; day: string; content?: unknown }
  | { id: number; kind: 'compress-best'; html: Uint8Array }
  | { id: number; kind: 'warm-up'; serverBuildFile: string; pagePath: string; day: string }
  | { id: number; kind: 'check'; serverBuildFile: string; words: unknown; institute: unknown }
  | { id: number; kind: 'site-facts'; serverBuildFile: string };

export type RenderReply = { id: number; value?: unknown; error?: { message: string; stack?: string } };

try {
  setPriority(5);
} catch {
  // Not allowed here: the thread runs at the process's priority, still off the visitors' thread.
}

async function run(job: RenderJob): Promise<unknown> {
  switch (job.kind) {
    case 'render':
      return renderSite(job.serverBuildFile, job.pagePaths, job.day, job.content);
    case 'share-images':
      return shareImagesOf(job.serverBuildFile, job.day, job.content);
    case 'warm-up':
      // The build's bundle loaded and one page rendered: the first publication is not the thread's first work.
      await renderSite(job.serverBuildFile, [job.pagePath], job.day);
      return null;
    case 'check':
      return (await loadSiteBundle(job.serverBuildFile)).validateContent(job.words, job.institute);
    case 'site-facts': {
      const { startingContent, pagePaths } = await loadSiteBundle(job.serverBuildFile);
      return { startingContent, pagePaths };
    }
    case 'compress-best':
      // Tens of milliseconds a page (server/site/compression.ts): not on the visitors' thread.
      return compressedBestNow(job.html);
  }
}

parentPort?.on('message', (job: RenderJob) => {
  run(job).then(
    (value) => parentPort?.postMessage({ id: job.id, value } satisfies RenderReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: { message: error instanceof Error ? error.message : String(error), stack: (error as Error)?.stack },
      } satisfies RenderReply),
  );
});
