/**
 * The enquiry desk's pages: GET /staff and anything below it answers the desk's single
 * page (build/desk/index.html), which routes in the browser; /staff/assets/* are its
 * hashed files. Staff only: never cached, never indexed (X-Robots-Tag and a robots
 * meta), and a Content-Security-Policy with a fresh nonce for the styles antd writes
 * into the page at run time. The data behind it is guarded by /api/staff's checks.
 * /staff/sw.js makes it an app a phone installs and rings (desk/src/sw.ts).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../../../shared/paths';
import { HASHED_ASSET_CACHE } from '../../site/http-cache';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export const deskCsp = (nonce: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // antd's <style> elements carry the nonce; its components also set style attributes
    // (textarea auto-size), which only style-src-attr can allow.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');

export async function deskAppRoutes(app: FastifyInstance, { deskDir }: { deskDir: string }) {
  const indexFile = join(deskDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No desk build at ${indexFile}: /staff is not served (npm run build builds it).`);
    return;
  }
  const html = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: join(deskDir, 'assets'),
    prefix: `${paths.staff}/assets/`,
    decorateReply: false,
    // In the best form the build wrote beside each file (server/site/compression.ts writeCompressedAssets).
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.header('Cache-Control', HASHED_ASSET_CACHE);
      res.header('X-Robots-Tag', 'noindex, nofollow');
    },
  });

  const page = async (_request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Content-Security-Policy', deskCsp(nonce))
      .send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  // The service worker that makes the desk an app a phone installs and rings (issue 41; its
  // manifest is the site's /desk.webmanifest). A browser checks it on every visit.
  const worker = join(deskDir, 'sw.js');
  if (existsSync(worker)) {
    const script = readFileSync(worker);
    app.get(`${paths.staff}/sw.js`, async (_request, reply) =>
      reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .send(script),
    );
  }
  app.get(paths.staff, page);
  app.get(`${paths.staff}/*`, page);
}
