/**
 * sitemap.xml as served: the build's (scripts/seo-files.ts: every indexed page in every language,
 * each naming its versions) with each page's <lastmod>, the day its content last changed
 * (server/db/page-changes-repository.ts), kept in memory and made again whenever the pages are
 * rendered again (server/plugins/pages.ts).
 */
import { createHash } from 'node:crypto';

/**
 * What a page shows, as a short hash: of its data for client-side navigation (its loaders' data:
 * every word, fact and date it shows, its head tags and share image included), which the same
 * content on the same day renders byte for byte on every instance, with nothing that depends on
 * the instance (the pixel is added to the HTML only) or on the rendering itself.
 */
export const contentHash = (data: string): string => createHash('sha256').update(data).digest('base64url').slice(0, 22);

/** The build's sitemap with `<lastmod>` after each `<loc>` whose page has a day in `days` (path → YYYY-MM-DD). */
export function sitemapWithLastmod(built: string, days: ReadonlyMap<string, string>): string {
  return built.replace(/(\n?[ \t]*)<loc>([^<]+)<\/loc>/g, (whole, indent: string, loc: string) => {
    const day = days.get(new URL(loc).pathname);
    return day ? `${whole}${indent || '\n    '}<lastmod>${day}</lastmod>` : whole;
  });
}
