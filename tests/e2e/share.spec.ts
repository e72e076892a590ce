/**
 * Identity and link previews: every page names its own share image (1200 × 630, within
 * 150 KB, cached for a year) and the header carries the logo in the page's language;
 * the icons and each language's web app manifest are served.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { allSiteRoutes, copy, institute, languageInfo, languages, localizedPath, paths } from './support';

/** Width and height from a PNG's header (IHDR), without decoding it. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

async function fetchOk(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response;
}

const pages = [
  ...allSiteRoutes.map((route) => ({ path: route.path, language: route.language })),
  ...languages.flatMap((language) => [
    { path: localizedPath(language, paths.thankYou), language },
    { path: `${localizedPath(language, '/')}${language === 'en' ? '' : '/'}no-such-page`, language },
  ]),
];

test('every page in both languages has its own share image: 1200 × 630, within 150 KB, cached for a year', async ({
  request,
}) => {
  const seen = new Set<string>();
  for (const { path, language } of pages) {
    const html = await (await request.get(path)).text();
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

    const response = await fetchOk(request, url.pathname);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(response.headers()['cache-control']).toContain('immutable');
    const bytes = await response.body();
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length, url.pathname).toBeLessThanOrEqual(150_000);
  }
  expect(seen.size).toBe(pages.length);
});

for (const language of languages) {
  test(`the header and footer carry the logo, its name in ${languageInfo[language].name}`, async ({ page }) => {
    await page.goto(localizedPath(language, '/'));
    const { logo } = copy[language].site;
    const home = page.getByRole('banner').getByRole('link', { name: new RegExp(`^${logo.name}`) });
    await expect(home).toBeVisible();
    const mark = home.locator('img');
    await expect(mark).toHaveAttribute('alt', '');
    expect(await mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('contentinfo').getByText(logo.name, { exact: true })).toBeVisible();
  });
}

test('the icons and a web app manifest per language are served', async ({ request }) => {
  expect((await fetchOk(request, '/favicon.svg')).headers()['content-type']).toContain('image/svg+xml');
  const ico = await (await fetchOk(request, '/favicon.ico')).body();
  expect(ico.readUInt16LE(2)).toBe(1); // an icon
  expect(pngSize(ico.subarray(22))).toEqual({ width: 32, height: 32 });
  expect(pngSize(await (await fetchOk(request, '/apple-touch-icon.png')).body())).toEqual({ width: 180, height: 180 });

  for (const language of languages) {
    const html = await (await request.get(localizedPath(language, '/'))).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(href).toBe(localizedPath(language, '/manifest.webmanifest'));
    const manifest = (await (await fetchOk(request, href)).json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
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
      expect(pngSize(await (await fetchOk(request, icon.src)).body())).toEqual({ width, height });
    }
  }
});
