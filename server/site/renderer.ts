/**
 * Rendering off the visitors' thread: the pages of a version of the content (site-render.ts) and
 * their share images' descriptions in one worker thread per process (server/site/render-worker.ts)
 * at a lower priority, so that while an editor publishes, a visitor's request is not held behind
 * React rendering thirty pages; the pages' best compression (Brotli at quality 11), which nobody
 * waits for, in a second one at the lowest priority there is. On a busy machine the processor's
 * time is shared between processes, not threads (the kernel's groups: a systemd service's, or a
 * session's): whatever the server's other threads keep busy is taken from the visitors' thread's
 * share. With two busy neighbours, a page's p99 between publications was 113-133 ms with Brotli at
 * nice +5, and 62-96 ms at +19 (`npm run bench:publish -- --busy --engine sqlite --runs 8`).
 *
 * The thread keeps its last rendering for a minute (render-worker.ts): a publication's check and
 * its serving render once. What the visitors' thread gets of a rendering is made ready to serve
 * there (server/site/prepare.ts), its bytes handed over rather than copied.
 */
import { Worker } from 'node:worker_threads';
import type { ShareImageFile } from '../../shared/share-image';
import type { PreparedSite } from './prepare';
import type { SiteFiles } from './site-render';
import type { PageProblems, RenderJob, RenderReply } from './render-worker';

type Job = RenderJob extends infer J ? (J extends RenderJob ? Omit<J, 'id'> : never) : never;

/** The threads: for renderings (nice +5), and for work nobody waits for (nice +19). */
type Thread = 'render' | 'background';
const NICE: Record<Thread, number> = { render: 5, background: 19 };

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };
/** Each thread started, and its jobs still waiting (by id). */
const threads = new Map<Thread, { worker: Worker; waiting: Map<number, Waiting> }>();
let nextId = 1;

function started(kind: Thread): { worker: Worker; waiting: Map<number, Waiting> } {
  const running = threads.get(kind);
  if (running) return running;
  // The worker is TypeScript, loaded as the server's own code is (tsx), also from a test runner.
  const worker = new Worker(new URL('./render-worker.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    workerData: { nice: NICE[kind] },
  });
  const thread = { worker, waiting: new Map<number, Waiting>() };
  worker.on('message', ({ id, value, error }: RenderReply) => {
    const job = thread.waiting.get(id);
    if (!job) return;
    thread.waiting.delete(id);
    if (thread.waiting.size === 0) worker.unref();
    if (error) job.reject(Object.assign(new Error(error.message), { stack: error.stack }));
    else job.resolve(value);
  });
  const fail = (error: Error) => {
    if (threads.get(kind) === thread) threads.delete(kind);
    for (const job of thread.waiting.values()) job.reject(error);
    thread.waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The rendering thread stopped (exit code ${code}).`)));
  // It keeps the process alive only while a job is waiting (a script awaiting a rendering), never
  // when idle: a server is kept alive by its socket, and a bench or test ends when its work does.
  // Unref'd after the listeners: adding a 'message' listener refs the thread's port again.
  worker.unref();
  threads.set(kind, thread);
  return thread;
}

function ask<T>(job: Job, kind: Thread = 'render'): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const { worker, waiting } = started(kind);
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    worker.ref();
    worker.postMessage({ ...job, id });
  });
}

/** Every page in `pagePaths`, rendered for `day` from `content` (the build's starting content when not given). */
export const renderPages = (serverBuildFile: string, pagePaths: string[], day: string, content?: unknown) =>
  ask<SiteFiles>({ kind: 'render', serverBuildFile, pagePaths, day, content });

/** The same pages made ready to serve, with the pixel when it is configured (server/site/prepare.ts). */
export const preparePages = (
  serverBuildFile: string,
  pagePaths: string[],
  day: string,
  content: unknown,
  pixelId: string | undefined,
) => ask<PreparedSite>({ kind: 'prepare', serverBuildFile, pagePaths, day, content, pixelId });

/** For each of the same pages, what could stop it being published (routes/desk/content.ts). */
export const pageProblems = (serverBuildFile: string, pagePaths: string[], day: string, content: unknown) =>
  ask<PageProblems[]>({ kind: 'page-problems', serverBuildFile, pagePaths, day, content });

/** Every page's share image (what it shows, and its file) for the pages rendered for `day` from `content`. */
export const shareImagesFor = (serverBuildFile: string, day: string, content?: unknown) =>
  ask<ShareImageFile[]>({ kind: 'share-images', serverBuildFile, day, content });

/** The build's content check on a version of the content: each problem, naming its field (none: it may be published). */
export const checkContent = (serverBuildFile: string, words: unknown, institute: unknown) =>
  ask<string[]>({ kind: 'check', serverBuildFile, words, institute });

/** What the build was made with: its starting content and every page it prerendered, in every language. */
export const siteFacts = (serverBuildFile: string) =>
  ask<{ startingContent: unknown; pagePaths: string[] }>({ kind: 'site-facts', serverBuildFile });

/** A page's best compressed forms (gzip 9, brotli 11), made when nothing else wants the processor. */
export const compressedBest = (html: Buffer) =>
  ask<{ gzip: Uint8Array; br: Uint8Array }>({ kind: 'compress-best', html }, 'background');

/**
 * Starts the thread, loads the build's bundle in it and renders one page, so that the first
 * publication a server renders does not wait for that (seconds on a busy machine).
 */
export const warmUp = (serverBuildFile: string, pagePath: string, day: string) =>
  ask<null>({ kind: 'warm-up', serverBuildFile, pagePath, day });
