/**
 * Identity and link previews, from the build through the production server: every page names
 * its own share image (1200 × 630, within 150 KB, cached for a year); the icons and each
 * language's web app manifest are served. (The logo in the header, which needs a browser to
 * load it, is in tests/e2e/share.spec.ts.)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copy, institute, languageInfo, languages, localizedPath, paths, allSiteRoutes } from '../support/site';
import { servedSite } from './built-site';

/** Width and height from a PNG's header (IHDR), without decoding it. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

let site: FastifyInstance;
beforeAll(async () => {
  site = await servedSite();
});
afterAll(async () => site?.close());

async function fetchOk(path: string) {
  const response = await site.inject({ url: path });
  expect(response.statusCode, path).toBe(200);
  return response;
}

const pages = [
  ...allSiteRoutes.map((route) => ({ path: route.path, language: route.language })),
  ...languages.flatMap((language) => [
    { path: localizedPath(language, paths.thankYou), language },
    { path: `${localizedPath(language, '/')}${language === 'en' ? '' : '/'}no-such-page`, language },
  ]),
];

it('every page in both languages has its own share image: 1200 × 630, within 150 KB, cached for a year', async () => {
  const seen = new Set<string>();
  for (const { path, language } of pages) {
    const html = (await site.inject({ url: path })).body;
    const image = metaContent(html, 'og:image');
    expect(image, path).toBeDefined();
    const url = new URL(image ?? '');
    expect(url.origin, `${path}: og:image is absolute on the site's origin`).toBe(institute.origin);
    expect(seen.has(url.pathname), `${path} shares its image with another page`).toBe(false);
    seen.add(url.pathname);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'og:image:alt')).toContain(copy[language].site.logo.name);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');

    const response = await fetchOk(url.pathname);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    const bytes = response.rawPayload;
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length, url.pathname).toBeLessThanOrEqual(150_000);
  }
  expect(seen.size).toBe(pages.length);
});

it('the icons and a web app manifest per language are served', async () => {
  expect((await fetchOk('/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
  const ico = (await fetchOk('/favicon.ico')).rawPayload;
  expect(ico.readUInt16LE(2)).toBe(1); // an icon
  expect(pngSize(ico.subarray(22))).toEqual({ width: 32, height: 32 });
  expect(pngSize((await fetchOk('/apple-touch-icon.png')).rawPayload)).toEqual({ width: 180, height: 180 });

  for (const language of languages) {
    const html = (await site.inject({ url: localizedPath(language, '/') })).body;
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(href).toBe(localizedPath(language, '/manifest.webmanifest'));
    const manifest = (await fetchOk(href)).json<{
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    }>();
    expect(manifest.name).toContain(copy[language].site.logo.name);
    expect(manifest.lang).toBe(languageInfo[language].tag);
    expect(manifest.start_url).toBe(localizedPath(language, '/'));
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize((await fetchOk(icon.src)).rawPayload)).toEqual({ width, height });
    }
  }
});
