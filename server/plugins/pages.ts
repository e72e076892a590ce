/**
 * The site: each page (compressed once when read or rendered, pages.ts; rendered again for a
 * new day or newly published content, keepPagesCurrent below), the built assets
 * (hashed ones cached for a year), favicon, robots.txt, sitemap.xml, the pages' data for
 * client-side navigation, and the answer for anything no route matches: the not-found page
 * in the path's language, a 301 to the path without its trailing slash, or { error } on the API.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolve } from 'node:path';
import { languageOfPath, languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { badAddress } from '../bad-requests';
import { HASHED_ASSET_CACHE } from '../http-cache';
import { localDate } from '../../shared/institute-calendar';
import { loadPages, type Page, type PageData, pagesOf, pickEncoding, type SiteFiles } from '../pages';
import { renderSite, serverBuildOf } from '../site-render';

/** React Router's single-fetch payload (turbo-stream). */
const DATA_TYPE = 'text/x-script; charset=utf-8';

async function pages(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const pixelId = app.config.META_PIXEL_ID;
  /** What is served now: replaced whole when the pages are rendered again. */
  let site = loadPages(clientDir, pixelId);
  const pagePaths = [...site.byPath.keys(), ...languages.map((language) => localizedPath(language, paths.notFound))];
  keepPagesCurrent(app, clientDir, pagePaths, (files) => {
    site = pagesOf(files, pixelId, site);
  });

  // Everything but HTML: hashed assets (cached for a year), favicon, robots.txt, sitemap.xml.
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    // The pages' data is served from memory with the pages (below): it changes when they are rendered again.
    globIgnore: ['**/*.data'],
    allowedPath: (pathname) => !pathname.endsWith('.html'),
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
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.html);
  };

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

/**
 * Keeps the pages what they should be now: rendered for today, from the newest published
 * content (server/db/content-repository.ts; the build's starting content while there is none).
 * Every CONTENT_CHECK_MS it asks the clock for the day and the database for the newest
 * version; when either differs from what is served, it renders every page again in the
 * background (site-render.ts) and hands the rendering to `serve`, which swaps the pages in
 * whole. A rendering that fails leaves the pages as they were and is logged; it is not tried
 * again until the day or the version changes. Without the build's server bundle (a test's
 * miniature build) nothing is rendered.
 */
function keepPagesCurrent(
  app: FastifyInstance,
  clientDir: string,
  pagePaths: string[],
  serve: (files: SiteFiles) => void,
) {
  const serverBuild = serverBuildOf(clientDir);
  if (!serverBuild) return;
  const { content } = app.repositories;
  /** What is served, and what last failed to render: "<day> <version>" (version "starting" for the build's content). */
  let served = `${serverBuild.renderedFor ?? ''} starting`;
  let failed: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let closing = false;

  const renderIfChanged = async () => {
    const day = localDate(new Date());
    let version: string | undefined;
    try {
      version = await content.latestId();
    } catch (error) {
      app.log.warn({ err: error }, 'could not look for newly published content: serving the last pages');
      return;
    }
    const wanted = `${day} ${version ?? 'starting'}`;
    if (wanted === served || wanted === failed) return;
    const started = performance.now();
    try {
      const latest = version ? await content.latest() : undefined;
      const files = await renderSite(serverBuild.file, pagePaths, day, latest && JSON.parse(latest.document));
      if (closing) return;
      serve(files);
      served = `${day} ${latest?.id ?? 'starting'}`;
      failed = undefined;
      const ms = Math.round(performance.now() - started);
      app.log.info({ day, version: latest?.id ?? null, pages: pagePaths.length, ms }, 'pages rendered');
    } catch (error) {
      failed = wanted;
      app.log.error(
        { err: error, day, version: version ?? null },
        'rendering the pages failed: still serving the last pages',
      );
    }
  };
  const check = async () => {
    await renderIfChanged();
    if (closing) return;
    timer = setTimeout(() => {
      checking = check();
    }, app.config.CONTENT_CHECK_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    checking = check();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await checking;
  });
}
