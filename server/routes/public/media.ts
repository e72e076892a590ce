/**
 * The files staff uploaded, to anyone (they are on the site's pages), but never a private upload's
 * (a consent form's scan: shared/schema/uploads.ts, privateUploadUses), which is not found here:
 *
 *   GET /media/<upload id>/<file>   e.g. /media/3f…/portrait-104.avif, /media/3f…/prospectus.pdf
 *
 * From the database, so every instance serves every upload. An address never changes its
 * bytes (an upload is never changed; a new photo is a new upload), so each is cached for a
 * year, immutable, with an ETag. Nothing uploaded can run script, even opened on its own: its
 * exact Content-Type (the one the server made or checked, never the sender's), `nosniff`, and
 * `Content-Security-Policy: default-src 'none'; sandbox` (no script, no plugin, no form, its own
 * origin). A photo is shown inline; the prospectus too (a parent opens it on the phone, in the
 * browser's PDF viewer, sandboxed by that policy), with its file name for saving. Each instance
 * keeps the files it served last in memory (MEDIA_CACHE_BYTES at most), so a page's portraits
 * are not read from the database on every visit.
 */
import type { FastifyInstance } from 'fastify';
import type { StoredFile } from '../../db/upload-repository';
import { ONE_YEAR_SECONDS } from '../../site/http-cache';

/** What each instance keeps in memory of the files it served (the largest bytes first to go). */
const MEDIA_CACHE_BYTES = 32 * 1024 * 1024;
/** A file larger than this is not kept (a prospectus is read from the database each time). */
const LARGEST_CACHED = 1024 * 1024;

export const MEDIA_CSP = "default-src 'none'; sandbox";
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE_NAME = /^[a-z0-9-]+\.(avif|webp|jpeg|pdf)$/;

/** The files served last, least recently used dropped first once they hold more than `limit` bytes. */
function recentlyServed(limit: number) {
  const files = new Map<string, StoredFile>();
  let held = 0;
  return {
    get(key: string) {
      const file = files.get(key);
      if (file) {
        files.delete(key);
        files.set(key, file);
      }
      return file;
    },
    set(key: string, file: StoredFile) {
      if (file.bytes.length > LARGEST_CACHED) return;
      files.set(key, file);
      held += file.bytes.length;
      for (const [oldest, old] of files) {
        if (held <= limit) break;
        files.delete(oldest);
        held -= old.bytes.length;
      }
    },
  };
}

export async function mediaRoutes(app: FastifyInstance) {
  const { uploads } = app.repositories;
  const cache = recentlyServed(MEDIA_CACHE_BYTES);
  app.get<{ Params: { id: string; file: string } }>('/media/:id/:file', async (request, reply) => {
    const { id, file } = request.params;
    const notFound = () =>
      reply
        .code(404)
        .header('Content-Security-Policy', MEDIA_CSP)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('There is no such file.');
    if (!UPLOAD_ID.test(id) || !FILE_NAME.test(file)) return notFound();
    const key = `${id}/${file}`;
    const stored = cache.get(key) ?? (await uploads.file(id, file));
    if (!stored) return notFound();
    cache.set(key, stored);
    const etag = `"${key}"`;
    reply
      .header('Content-Type', stored.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', MEDIA_CSP)
      .header('Content-Disposition', `inline; filename="${file}"`)
      .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(stored.bytes);
  });
}
