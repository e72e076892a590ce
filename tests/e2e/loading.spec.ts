/**
 * The page paints first and fetches its code after (scripts/start-after-paint.ts):
 * nothing a visitor sees waits for JavaScript, and the page still becomes interactive.
 */
import { expect, test } from '@playwright/test';
import { allSiteRoutes, hindiNotFoundPaths, notFoundPaths, waitForPageHydration } from './support';
import { languageOfPath } from '../../src/config/languages';

const pages = [
  ...allSiteRoutes.map((route) => ({ path: route.path, language: route.language })),
  ...[...notFoundPaths, ...hindiNotFoundPaths].map((path) => ({ path, language: languageOfPath(path) })),
];

for (const { path, language } of pages) {
  test(`${path} is painted before any script is requested, then hydrates`, async ({ page }) => {
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    expect(html, 'the document names no script to fetch during parsing').not.toMatch(
      /<link rel="modulepreload"|<script[^>]*\ssrc=/,
    );
    await waitForPageHydration(page, language);

    const { firstPaint, scripts } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    expect(firstPaint, 'the browser reported a first contentful paint').toBeDefined();
    expect(scripts.length, 'the page loaded its code').toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.start, `${script.url} was requested after the first paint`).toBeGreaterThanOrEqual(firstPaint ?? 0);
    }
  });
}
