/**
 * A rendering made ready to serve, in the rendering thread (server/site/render-worker.ts): each
 * page with the pixel added, its bytes, policy, ETag and the share images it names, whether it may
 * be served at all; each page's data with its ETag and the hash the sitemap's dates follow. What
 * is left for the visitors' thread is to swap buffers in (server/site/pages.ts pagesOf): a
 * publication on a busy machine held it for up to 125 ms when it parsed, hashed and compared
 * thirty pages of 100 KB there. The build's own pages are made ready the same way at start-up
 * (pages.ts loadPages), before the server takes a request.
 */
import { createHash } from 'node:crypto';
import { withPixel } from './pixel';
import { frameworkScriptsProblem, pageCsp } from './security';
import { shareImagesNamed } from './share-images';
import type { SiteFiles } from './site-render';
import { contentHash } from './sitemap';

/** A rendered page as served. Its bytes are handed over to the visitors' thread, not copied. */
export type PreparedPage = {
  html: Uint8Array;
  csp: string;
  etag: string;
  /** The share images it names (og:image), as files of the site (assets/share/…png). */
  shareImages: string[];
  /** Why it may not be served (security.ts frameworkScriptsProblem); it is then not served. */
  problem?: string;
};

/** A page's data for client-side navigation, as served, and the hash of what it shows (sitemap.ts). */
export type PreparedData = { body: Uint8Array; etag: string; hash: string };

export type PreparedSite = { pages: [string, PreparedPage][]; data: [string, PreparedData][] };

const encoder = new TextEncoder();

/** A page's or a data file's ETag: the hash of its bytes. */
export const etagOf = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** The pages' data as served: the build's, read at start-up, or a rendering's. */
const prepareData = (data: SiteFiles['data']): PreparedSite['data'] =>
  [...data].map(([path, text]) => {
    const body = encoder.encode(text);
    return [path, { body, etag: etagOf(body), hash: contentHash(text) }];
  });

export function prepareSite(files: SiteFiles, pixelId?: string): PreparedSite {
  return {
    pages: [...files.html].map(([path, raw]) => {
      const problem = frameworkScriptsProblem(raw);
      const text = pixelId ? withPixel(raw, pixelId) : raw;
      const html = encoder.encode(text);
      return [
        path,
        {
          html,
          csp: pageCsp(text, Boolean(pixelId)),
          etag: etagOf(html),
          shareImages: shareImagesNamed(raw),
          ...(problem ? { problem } : {}),
        },
      ];
    }),
    data: prepareData(files.data),
  };
}

/** The buffers a prepared site's pages and data are in: handed over to the other thread whole. */
export const buffersOf = (site: PreparedSite): ArrayBuffer[] => [
  ...site.pages.map(([, page]) => page.html.buffer as ArrayBuffer),
  ...site.data.map(([, data]) => data.body.buffer as ArrayBuffer),
];
