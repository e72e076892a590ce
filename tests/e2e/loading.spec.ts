/**
 * The page paints first and fetches its code after (scripts/start-after-paint.ts):
 * nothing a visitor sees waits for JavaScript, and the page still becomes interactive,
 * at its own URL, showing its heading in its language (unknown paths: the not-found page).
 * That the HTML names no script to fetch while it is parsed is checked in the built files
 * (tests/built/pages.test.ts).
 */
import { expect, test } from '@playwright/test';
import {
  allSiteRoutes,
  copy,
  hindiNotFoundPaths,
  languageInfo,
  notFoundPaths,
  urlOn,
  waitForPageHydration,
} from './support';
import { languageOfPath } from '../../src/config/languages';

const pages = [
  ...allSiteRoutes.map((route) => ({ path: route.path, language: route.language, found: route })),
  ...[...notFoundPaths, ...hindiNotFoundPaths].map((path) => ({
    path,
    language: languageOfPath(path),
    found: undefined,
  })),
];

for (const { path, language, found } of pages) {
  test(`${path} is painted before any script is requested, then hydrates`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(found ? 200 : 404);
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

    // Hydrated, it is still the page the URL names, in its language, its one heading shown.
    await expect(page).toHaveURL(urlOn(page, path));
    await expect(page.locator('html')).toHaveAttribute('lang', languageInfo[language].tag);
    const { notFound } = copy[language];
    await expect(page).toHaveTitle(found?.title ?? notFound.seo.title);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(found?.heading ?? notFound.heading);
    await expect(h1).toBeVisible();
    if (!found)
      await expect(page.getByRole('main').getByRole('heading', { name: notFound.coursesHeading })).toBeVisible();
  });
}
