/**
 * The prerendered site: each page (compressed once at start-up, pages.ts), the built assets
 * (hashed ones cached for a year), favicon, robots.txt, sitemap.xml, the pages' data for
 * client-side navigation, and the answer for anything no route matches: the not-found page
 * in the path's language, a 301 to the path without its trailing slash, or { error } on the API.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { languageOfPath, languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { badAddress } from '../bad-requests';
import { HASHED_ASSET_CACHE } from '../http-cache';
import { loadPages, type Page, pickEncoding } from '../pages';

/** React Router's single-fetch payload (turbo-stream). */
const DATA_TYPE = 'text/x-script; charset=utf-8';

async function pages(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const site = loadPages(clientDir, app.config.META_PIXEL_ID);

  // Everything but HTML: hashed assets (cached for a year), favicon, robots.txt, sitemap.xml.
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    allowedPath: (pathname) => !pathname.endsWith('.html'),
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${resolve(clientDir, 'assets')}`);
      if (filePath.endsWith('.data')) {
        // A page's words for client-side navigation (React Router's prerendered loader data):
        // revalidated like the page itself, and compressible.
        res.header('Content-Type', DATA_TYPE);
        res.header('Cache-Control', 'no-cache');
        return;
      }
      res.header('Cache-Control', immutable ? HASHED_ASSET_CACHE : 'public, max-age=3600');
    },
  });

  // A client-side navigation to an unknown path asks for its data (/hi/no-such-page.data):
  // the not-found page's data of that language, as the document would be its not-found page.
  const notFoundData = Object.fromEntries(
    languages.map((language) => {
      const file = join(clientDir, `${localizedPath(language, paths.notFound)}.data`);
      return [language, existsSync(file) ? readFileSync(file) : undefined];
    }),
  );

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

  for (const [path, page] of site.byPath) {
    app.get(path, (request, reply) => sendPage(request, reply, page, 200));
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
    const data = notFoundData[language];
    if (pathname.endsWith('.data') && data && request.method === 'GET') {
      return reply.header('Content-Type', DATA_TYPE).header('Cache-Control', 'no-cache').send(data);
    }
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
