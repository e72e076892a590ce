/** sitemap.xml and robots.txt, generated from the page list (src/pages.ts) at the end of each build. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageInfo, languages, localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import { indexedPaths } from '../src/pages';
import { institute } from '../src/content/institute';

const url = (path: string) => new URL(path, institute.origin).href;

/** Every page in every language, each naming all its versions (itself included) and the English default. */
export function sitemapXml(): string {
  const entries = languages.flatMap((language) =>
    indexedPaths.map((path) => {
      const alternates = [
        ...languages.map((other) => [languageInfo[other].tag, url(localizedPath(other, path))]),
        ['x-default', url(path)],
      ]
        .map(([lang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`)
        .join('');
      return `  <url>\n    <loc>${url(localizedPath(language, path))}</loc>${alternates}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Everything is open to crawlers but the staff's desk and the API (neither is a page for searchers). */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: ${paths.staff}\nDisallow: /api/\n\nSitemap: ${url('/sitemap.xml')}\n`;
}

export function writeSeoFiles(clientDir: string): void {
  writeFileSync(join(clientDir, 'sitemap.xml'), sitemapXml());
  writeFileSync(join(clientDir, 'robots.txt'), robotsTxt());
}
