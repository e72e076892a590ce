/**
 * The site: each page (compressed once when read or rendered, pages.ts; rendered again for each
 * new day, renderEachDay below), the built assets
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
import { institute } from '../../shared/institute';
import { addDays, localDate, startOfLocalDay } from '../../shared/institute-calendar';
import { loadPages, type Page, type PageData, pagesOf, pickEncoding, type SiteFiles } from '../pages';
import { renderSite, serverBuildOf } from '../site-render';

/** React Router's single-fetch payload (turbo-stream). */
const DATA_TYPE = 'text/x-script; charset=utf-8';

async function pages(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const pixelId = app.config.META_PIXEL_ID;
  /** What is served now: replaced whole when the pages are rendered again. */
  let site = loadPages(clientDir, pixelId);
  const pagePaths = [...site.byPath.keys(), ...languages.map((language) => localizedPath(language, paths.notFound))];
  renderEachDay(app, clientDir, pagePaths, (files) => {
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

export default fp(pages, { name: 'pages', dependencies: ['settings'] });

/**
 * Renders the pages again for today once the server is ready, when the build rendered them for
 * another day, then at each midnight at the institute, and hands each rendering to `serve`. A
 * rendering that fails leaves the pages as they were and is logged; the next midnight tries
 * again. Without the build's server bundle (a test's miniature build) nothing is rendered.
 */
function renderEachDay(
  app: FastifyInstance,
  clientDir: string,
  pagePaths: string[],
  serve: (files: SiteFiles) => void,
) {
  const serverBuild = serverBuildOf(clientDir);
  if (!serverBuild) return;
  let timer: NodeJS.Timeout | undefined;
  let rendering: Promise<void> | undefined;
  let closing = false;
  let servedFor = serverBuild.renderedFor;
  /** The pages for `day`, unless they are what is served already. */
  const renderFor = async (day: string) => {
    if (day === servedFor) return;
    try {
      const started = performance.now();
      const files = await renderSite(serverBuild.file, pagePaths, day);
      if (closing) return;
      serve(files);
      servedFor = day;
      const ms = Math.round(performance.now() - started);
      app.log.info({ day, pages: pagePaths.length, ms }, 'pages rendered for the day');
    } catch (error) {
      app.log.error({ err: error, day }, 'rendering the pages for the day failed: still serving the last pages');
    }
  };
  const render = async () => {
    const day = localDate(new Date());
    await renderFor(day);
    if (closing) return;
    // A second after midnight, so that the new day has begun wherever the clock is read.
    const next = startOfLocalDay(addDays(day, 1), institute.timeZone).getTime() + 1000;
    timer = setTimeout(
      () => {
        rendering = render();
      },
      Math.max(1000, next - Date.now()),
    );
    timer.unref();
  };
  app.addHook('onReady', async () => {
    rendering = render();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await rendering;
  });
}
