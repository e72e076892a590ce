/**
 * Builds the web server: the prerendered pages, the built assets, and (from the
 * enquiries issue) the API. Tests drive it through `app.inject()` without a port;
 * server.ts only listens.
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { resolve } from 'node:path';
import type { Config } from './config';
import { loadPages, type Page, pickEncoding } from './pages';

export type AppOptions = {
  config: Config;
  /** The built site (build/client). */
  clientDir?: string;
};

const ONE_YEAR = 60 * 60 * 24 * 365;

export async function buildApp({ config, clientDir = resolve('build/client') }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
  });
  const pages = loadPages(clientDir, config.META_PIXEL_ID);

  // Pages are compressed once at start-up (pages.ts); this covers assets and API replies.
  await app.register(compress, { threshold: 1024 });

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
      res.header('Cache-Control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
    },
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number) => {
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (status === 200) {
      reply.header('ETag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.code(status).header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.html);
  };

  for (const [path, page] of pages.byPath) {
    app.get(path, (request, reply) => sendPage(request, reply, page, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    const [pathname = '/', query] = request.url.split('?');
    // /about/ → /about, so every page has one URL.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const bare = pathname.replace(/\/+$/, '') || '/';
      if (pages.byPath.has(bare)) return reply.redirect(query ? `${bare}?${query}` : bare, 301);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not found' });
    }
    return sendPage(request, reply, pages.notFound, 404);
  });

  return app;
}
