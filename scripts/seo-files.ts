/** sitemap.xml and robots.txt, generated from the route table at the end of each build. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sitePaths } from '../src/config/paths';
import { site } from '../src/content/site';

const url = (path: string) => new URL(path, site.origin).href;

export function sitemapXml(): string {
  const entries = sitePaths.map((path) => `  <url><loc>${url(path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${url('/sitemap.xml')}\n`;
}

export function writeSeoFiles(clientDir: string): void {
  writeFileSync(join(clientDir, 'sitemap.xml'), sitemapXml());
  writeFileSync(join(clientDir, 'robots.txt'), robotsTxt());
}
