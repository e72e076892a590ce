/**
 * The site: each page (compressed when read or rendered, quickly, then at its best once asked for: pages.ts; rendered again for a
 * new day or newly published content, keepPagesCurrent below), the pages' share images (the
 * build's and those drawn for the pages rendered again, from memory, server/site/share-images.ts),
 * sitemap.xml with each page's lastmod (from memory, server/site/sitemap.ts), the built assets
 * (hashed ones cached for a year; scripts and styles in the forms the build compressed them in),
 * favicon, robots.txt, the pages' data for client-side navigation, and the answer for anything no
 * route matches: the not-found page in the path's language, a 301 to the path without its
 * trailing slash, or { error } on the API.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { languageOfPath, languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { SHARE_IMAGE_DIR } from '../../shared/share-image';
import { badAddress } from '../bad-requests';
import { HASHED_ASSET_CACHE } from '../site/http-cache';
import { localDate } from '../../shared/institute-calendar';
import { loadPages, type Page, type PageData, pagesOf, pickEncoding, sentCompressed } from '../site/pages';
import { etagOf, type PreparedSite } from '../site/prepare';
import { ShareImages } from '../site/share-images';
import { preparePages, shareImagesFor, warmUp } from '../site/renderer';
import { dataPathOf, serverBuildOf } from '../site/site-render';
import { sitemapWithLastmod } from '../site/sitemap';

/** A share image's name (src/content/share-images.ts): a page in a language, and a fingerprint. */
const SHARE_IMAGE_NAME = new RegExp(`^${SHARE_IMAGE_DIR}/[a-z]{2}-[a-z0-9-]+-[0-9a-f]{8}\\.png$`);
/** How long a request for a share image not drawn here yet waits for this instance to catch up. */
const SHARE_IMAGE_CATCH_UP_MS = 5000;

/** React Router's single-fetch payload (turbo-stream). */
const DATA_TYPE = 'text/x-script; charset=utf-8';

async function pages(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const pixelId = app.config.META_PIXEL_ID;
  /** What is served now: replaced whole when the pages are rendered again. */
  let site = loadPages(clientDir, pixelId);
  const pagePaths = [...site.byPath.keys(), ...languages.map((language) => localizedPath(language, paths.notFound))];
  const shareImages = new ShareImages(clientDir);
  const sitemapFile = join(clientDir, 'sitemap.xml');
  const builtSitemap = existsSync(sitemapFile) ? readFileSync(sitemapFile, 'utf8') : undefined;
  let sitemap: PageData | undefined;
  /** Each page's lastmod (path → day), as last read from the database. */
  let lastmods = new Map<string, string>();
  const setLastmods = (days: Map<string, string>) => {
    lastmods = days;
    if (!builtSitemap) return;
    const body = Buffer.from(sitemapWithLastmod(builtSitemap, days));
    sitemap = { body, etag: etagOf(body) };
  };
  setLastmods(lastmods);
  const { catchUp, rendered } = keepPagesCurrent(app, clientDir, pagePaths, {
    shareImages,
    serve: async (prepared) => {
      site = await pagesOf(prepared, site, (path, problem) =>
        app.log.error({ path, problem }, 'a rendered page was not served: it keeps its earlier rendering'),
      );
    },
    hashes: () =>
      new Map(
        pagePaths.flatMap((path) => {
          const hash = site.hashes.get(dataPathOf(path));
          return hash ? [[path, hash]] : [];
        }),
      ),
    lastmods: () => lastmods,
    setLastmods,
  });

  app.decorate('pagesRendered', rendered);

  // Everything but HTML: hashed assets (cached for a year), favicon, robots.txt.
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    // From memory (below): the pages' data, the share images and the sitemap change when the pages are rendered again.
    // The pages (and the best compressed forms the build wrote beside them) are served from memory too.
    globIgnore: ['**/*.data', `${SHARE_IMAGE_DIR}/**`, 'sitemap.xml', '**/*.gz', '**/*.br'],
    // A script or stylesheet is sent in the best form the build wrote beside it (server/site/compression.ts
    // writeCompressedAssets), not compressed again for each request.
    preCompressed: true,
    allowedPath: (pathname) => !/\.html(?:\.gz|\.br)?$/.test(pathname),
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${resolve(clientDir, 'assets')}`);
      res.header('Cache-Control', immutable ? HASHED_ASSET_CACHE : 'public, max-age=3600');
    },
  });

  /**
   * A page's words for client-side navigation (React Router's prerendered loader data):
   * revalidated like the page itself (ETag), and compressible.
   */
  const sendData = (request: FastifyRequest, reply: FastifyReply, data: PageData) => {
    reply.header('Content-Type', DATA_TYPE).header('Cache-Control', 'no-cache').header('ETag', data.etag);
    if (request.headers['if-none-match'] === data.etag) return reply.code(304).send();
    return reply.send(data.body);
  };

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number) => {
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', page.csp);
    if (status === 200) {
      reply.header('ETag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.code(status).header('Vary', 'Accept-Encoding');
    if (!encoding) return reply.send(page.html);
    reply.header('Content-Encoding', encoding);
    const body = page[encoding];
    // The next visitor gets its best forms, made now in the background if they are still to be.
    sentCompressed(page);
    return reply.send(body);
  };

  // The build's share images and those drawn since, named by their content: cached for a year.
  // One not drawn here yet may be named by a page another instance already serves: this one
  // catches up first (its check for new content, now, waited for up to 5 s).
  app.get(`/${SHARE_IMAGE_DIR}/:file`, async (request, reply) => {
    const file = request.url.split('?')[0]?.slice(1) ?? '';
    if (!shareImages.get(file) && SHARE_IMAGE_NAME.test(file)) await catchUp(SHARE_IMAGE_CATCH_UP_MS);
    const png = shareImages.get(file);
    if (!png) return reply.callNotFound();
    return reply.header('Content-Type', 'image/png').header('Cache-Control', HASHED_ASSET_CACHE).send(png);
  });

  // Revalidated like a page: it changes when a page does.
  app.get('/sitemap.xml', (request, reply) => {
    if (!sitemap) return reply.callNotFound();
    reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'no-cache');
    reply.header('ETag', sitemap.etag);
    if (request.headers['if-none-match'] === sitemap.etag) return reply.code(304).send();
    return reply.send(sitemap.body);
  });

  // The same paths whatever the day: a rendering makes the pages the build made, again.
  for (const path of site.byPath.keys()) {
    app.get(path, (request, reply) => {
      const page = site.byPath.get(path);
      return page ? sendPage(request, reply, page, 200) : sendPage(request, reply, site.notFound.en, 404);
    });
  }
  for (const path of site.data.keys()) {
    app.get(path, (request, reply) => {
      const data = site.data.get(path);
      return data ? sendData(request, reply, data) : reply.code(404).send();
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A malformed or over-long address (bad-requests.ts): its own status and words, never its path.
    const bad = badAddress(request);
    if (bad) {
      if (bad.path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD'))
        return reply.code(bad.status).send({ error: bad.message });
      return sendPage(request, reply, site.notFound[languageOfPath(bad.path)], bad.status);
    }
    const [pathname = '/', query] = request.url.split('?');
    if (pathname.startsWith('/api/')) return reply.code(404).send({ error: 'Not found.' });
    const language = languageOfPath(pathname);
    // A client-side navigation to an unknown path asks for its data (/hi/no-such-page.data):
    // the not-found page's data of that language, as the document would be its not-found page.
    const data = site.data.get(`${localizedPath(language, paths.notFound)}.data`);
    if (pathname.endsWith('.data') && data && request.method === 'GET') return sendData(request, reply, data);
    // /about/ → /about, so every page has one URL.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const bare = pathname.replace(/\/+$/, '') || '/';
      if (site.byPath.has(bare)) return reply.redirect(query ? `${bare}?${query}` : bare, 301);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not found.' });
    }
    return sendPage(request, reply, site.notFound[language], 404);
  });
}

export default fp(pages, { name: 'pages', dependencies: ['settings', 'database'] });

declare module 'fastify' {
  interface FastifyInstance {
    /** What the pages served were rendered from, and a newer version that could not be (GET /healthz). */
    pagesRendered: () => PagesRendered;
  }
}

export type PagesRendered = {
  /** The day the pages were rendered for (India's date). */
  day: string;
  /** The content version they were rendered from: null for the build's starting content. */
  version: string | null;
  /** The newest version, when it could not be rendered: the pages stay as they were (see the log). */
  failedVersion: string | null;
};

/** What keepPagesCurrent changes, and reads, of what the pages plugin serves. */
type Served = {
  shareImages: ShareImages;
  /** Swaps the pages in whole. */
  serve: (prepared: PreparedSite) => Promise<void>;
  /** Path → hash of what each page served shows (server/site/sitemap.ts). */
  hashes: () => Map<string, string>;
  /** Each page's lastmod as served, and the days read from the database to serve instead. */
  lastmods: () => Map<string, string>;
  setLastmods: (days: Map<string, string>) => void;
};

/**
 * Keeps the pages what they should be now: rendered for today, from the newest published
 * content (server/db/content-repository.ts; the build's starting content while there is none).
 * Every CONTENT_CHECK_MS it asks the clock for the day and the database for the newest
 * version, and at once when a version is published (on this instance, or on another one on
 * PostgreSQL, which announces it: content-repository.ts listenForPublications); when either
 * differs from what is served, it renders every page again in the background (site-render.ts)
 * while it draws the share images those pages name that are not served yet
 * (server/site/share-images.ts; a fee changed: the course page's, in each language), and only
 * then swaps the pages in whole, so no page names a picture that is not there. A rendering
 * that fails leaves the pages as they were and is logged; it is not tried again until the day
 * or the version changes. Once the pages served are current, it records what each shows in
 * the database (page_changes) and serves sitemap.xml with the day each last changed. Without
 * the build's server bundle (a test's miniature build) nothing is rendered: the build's pages
 * are recorded once.
 */
function keepPagesCurrent(
  app: FastifyInstance,
  clientDir: string,
  pagePaths: string[],
  site: Served,
): { catchUp: (withinMs: number) => Promise<void>; rendered: () => PagesRendered } {
  const serverBuild = serverBuildOf(clientDir);
  const { content, pageChanges } = app.repositories;
  /**
   * What is served, and what last failed to render: "<day> <version>" (version "starting" for
   * the build's content). A build that does not say which day it rendered for is rendered again
   * at once; without a server bundle the build's pages are what is served, today.
   */
  let served = `${serverBuild ? (serverBuild.renderedFor ?? '') : localDate(new Date())} starting`;
  let failed: string | undefined;
  /** What sitemap.xml's lastmods were last recorded for (as `served`). */
  let recorded: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let closing = false;

  /** Records what the pages served show, and serves the day each last changed. */
  const recordChanges = async (day: string) => {
    if (recorded === served) return;
    try {
      const before = site.lastmods();
      const days = await pageChanges.record(site.hashes(), day);
      site.setLastmods(days);
      recorded = served;
      const moved = [...days].filter(([path, changed]) => before.get(path) !== changed).map(([path]) => path);
      if (moved.length > 0) app.log.info({ day, paths: moved }, 'sitemap lastmod changed');
    } catch (error) {
      app.log.warn({ err: error }, 'could not record which pages changed: sitemap.xml keeps its last dates');
    }
  };

  const renderIfChanged = async () => {
    const day = localDate(new Date());
    if (!serverBuild) return recordChanges(day);
    let version: string | undefined;
    try {
      version = await content.latestId();
    } catch (error) {
      app.log.warn({ err: error }, 'could not look for newly published content: serving the last pages');
      return;
    }
    const wanted = `${day} ${version ?? 'starting'}`;
    if (wanted !== served && wanted !== failed) {
      const started = performance.now();
      // How long a visitor's request could have waited on this thread meanwhile (its longest stall).
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      let renderMs = 0;
      try {
        const latest = version ? await content.latest() : undefined;
        const document: unknown = latest && JSON.parse(latest.document);
        // The pages render in the rendering thread (server/site/renderer.ts), made ready to serve there,
        // while the share images are drawn (by sharp, on its own threads).
        const [prepared, drawing] = await Promise.all([
          preparePages(serverBuild.file, pagePaths, day, document, app.config.META_PIXEL_ID).then((ready) => {
            renderMs = Math.round(performance.now() - started);
            return ready;
          }),
          shareImagesFor(serverBuild.file, day, document).then((images) => site.shareImages.draw(images)),
        ]);
        const named = prepared.pages.flatMap(([path, page]) =>
          page.shareImages.map((file) => {
            if (!site.shareImages.get(file)) throw new Error(`${path} names the share image ${file}, not drawn.`);
            return file;
          }),
        );
        if (closing) return;
        const serving = performance.now();
        await site.serve(prepared);
        const serveMs = Math.round(performance.now() - serving);
        site.shareImages.served(named);
        served = `${day} ${latest?.id ?? 'starting'}`;
        failed = undefined;
        const ms = Math.round(performance.now() - started);
        app.log.info(
          {
            day,
            version: latest?.id ?? null,
            pages: pagePaths.length,
            ms,
            renderMs,
            shareImagesDrawn: drawing.drawn.length,
            drawMs: drawing.ms,
            serveMs,
            longestStallMs: Math.round(stalls.max / 1e6),
          },
          'pages rendered',
        );
      } catch (error) {
        failed = wanted;
        app.log.error(
          { err: error, day, version: version ?? null },
          'rendering the pages failed: still serving the last pages',
        );
      } finally {
        stalls.disable();
      }
    }
    if (!closing) await recordChanges(day);
  };
  /** The check under way, if any: the timer and a catch-up share it, so two never run at once. */
  let running: Promise<void> | undefined;
  /** A publication was announced during the check under way: check again when it ends. */
  let announced = false;
  /** Checks, and again while a publication was announced meanwhile: whoever waits, waits for the newest. */
  const checkNow = () => {
    running ??= (async () => {
      do {
        announced = false;
        await renderIfChanged();
      } while (announced && !closing);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  /** A version was published (here, or on another instance on PostgreSQL): render it now, not at the next tick. */
  const onPublished = () => {
    if (closing || !serverBuild) return;
    if (running) announced = true;
    else void checkNow();
  };
  let stopListening: (() => Promise<void>) | undefined;
  const check = async () => {
    await checkNow();
    if (closing || !serverBuild) return;
    timer = setTimeout(() => {
      checking = check();
    }, app.config.CONTENT_CHECK_MS);
    timer.unref();
  };
  let caughtUpAt = 0;
  app.addHook('onReady', async () => {
    if (serverBuild) {
      warmUp(serverBuild.file, pagePaths[0] ?? '/', localDate(new Date())).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the rendering thread could not start: the next rendering tries again'),
      );
    }
    // The days as last recorded, until this instance has recorded its own pages.
    try {
      site.setLastmods(await pageChanges.days());
    } catch (error) {
      app.log.warn({ err: error }, 'could not record which pages changed: sitemap.xml keeps its last dates');
    }
    checking = check();
    stopListening = content.listenForPublications(onPublished);
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await stopListening?.();
    await checking;
    await running;
  });

  /** "<day> <version>" as the health check says it. */
  const parts = (state: string) => {
    const [day = '', version = 'starting'] = state.split(' ');
    return { day, version: version === 'starting' ? null : version };
  };
  const rendered = (): PagesRendered => ({
    ...parts(served),
    failedVersion: failed ? parts(failed).version : null,
  });

  /**
   * Asked for a share image it does not have (another instance, already serving newly published
   * pages, named it): checks for new content now rather than at the next tick (at most once a
   * second, a check under way counting), and waits for that check, at most `withinMs`.
   */
  const catchUp = async (withinMs: number) => {
    if (!serverBuild || closing) return;
    if (!running && performance.now() - caughtUpAt < 1000) return;
    caughtUpAt = performance.now();
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      checkNow(),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, withinMs);
      }),
    ]);
    clearTimeout(timeout);
  };
  return { catchUp, rendered };
}
