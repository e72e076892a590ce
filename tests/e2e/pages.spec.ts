/**
 * Every page, once in the browser, with everything about it that needs a browser: it paints
 * before any script is requested, then hydrates at its own URL in its language; axe finds
 * nothing at desktop and phone sizes; nothing scrolls sideways at 320 px; the console stays
 * quiet, the enquiry form's hydration included; FAQ answers open on a click; the language
 * switcher leads to the same page in the other language without a reload.
 *
 * One visit per page, the sizes changed on it, because in Chromium a new tab costs more than the
 * page it shows (about 0.7 s of processor each on this machine): these checks as separate tests
 * opened 140 tabs. Each check is a named step, so a failure says which one. What of the pages
 * does not need a browser (head tags, hreflang, structured data, ids, the 404 pages' HTML, the
 * sitemap) is checked in the built files (tests/built/pages.test.ts); pages loaded straight into
 * a phone-sized window in mobile.spec.ts; with JavaScript off in no-js.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { translatedPath } from '../../shared/languages';
import { expectNoAxeViolations } from './axe';
import {
  allSiteRoutes,
  collectProblems,
  copy,
  hindiNotFoundPaths,
  type Language,
  languageInfo,
  languageOfPath,
  notFoundPaths,
  readyEnquiryForm,
  readyRegistrationForm,
  type SiteRoute,
  urlOn,
  waitForHydration,
  waitForPageHydration,
} from './support';

const sizes = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
  narrowest: { width: 320, height: 640 },
} as const;

const pages: { path: string; language: Language; found: SiteRoute | undefined }[] = [
  ...allSiteRoutes.map((route) => ({ path: route.path, language: route.language, found: route })),
  ...[...notFoundPaths, ...hindiNotFoundPaths].map((path) => ({
    path,
    language: languageOfPath(path),
    found: undefined,
  })),
];

const other = (language: Language): Language => (language === 'en' ? 'hi' : 'en');

test.use({ viewport: sizes.desktop });

for (const { path, language, found } of pages) {
  test(path, async ({ page }) => {
    const problems = collectProblems(page);
    const { notFound } = copy[language];

    await test.step('is painted before any script is requested, then hydrates', async () => {
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
        expect(script.start, `${script.url} was requested after the first paint`).toBeGreaterThanOrEqual(
          firstPaint ?? 0,
        );
      }
    });

    await test.step('hydrated, it is the page its URL names, in its language, its one heading shown', async () => {
      await expect(page).toHaveURL(urlOn(page, path));
      await expect(page.locator('html')).toHaveAttribute('lang', languageInfo[language].tag);
      await expect(page).toHaveTitle(found?.title ?? notFound.seo.title);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      await expect(h1).toHaveText(found?.heading ?? notFound.heading);
      await expect(h1).toBeVisible();
      if (!found)
        await expect(page.getByRole('main').getByRole('heading', { name: notFound.coursesHeading })).toBeVisible();
    });

    for (const size of ['desktop', 'phone'] as const) {
      await test.step(`axe finds nothing at ${size} size, ${sizes[size].width}×${sizes[size].height}`, async () => {
        await setSize(page, sizes[size]);
        await expectNoAxeViolations(page);
      });
    }

    await test.step('nothing is wider than a 320 px screen', async () => {
      await setSize(page, sizes.narrowest);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(clientWidth).toBe(320);
      expect(scrollWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`).toBeLessThanOrEqual(
        clientWidth,
      );
      await setSize(page, sizes.desktop);
    });

    await test.step('the console stays quiet, the enquiry form hydrating included', async () => {
      await page.waitForLoadState('networkidle');
      if (found?.hasForm) {
        // The form hydrates only when the visitor reaches for it: do, so its hydration
        // (a common source of mismatch warnings) is covered too.
        await (found.kind === 'event' ? readyRegistrationForm : readyEnquiryForm)(page, language);
        await page.waitForLoadState('networkidle');
      }
      // Chromium reports a not-found document's own 404 on the console; that one is expected.
      const expected = found
        ? []
        : [
            `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${urlOn(page, path)}:0)`,
          ];
      expect(problems).toEqual(expected);
    });

    const [faq] = found?.faqs ?? [];
    if (faq) {
      await test.step('FAQ answers are collapsed until opened', async () => {
        const main = page.getByRole('main');
        const question = main.getByText(faq.question, { exact: true });
        const answer = main.getByText(faq.answer, { exact: true });
        await expect(question).toBeVisible();
        await expect(answer).toBeAttached();
        await expect(answer).toBeHidden();
        await question.click();
        await expect(answer).toBeVisible();
      });
    }

    await test.step('the switcher leads to the same page in the other language, without a reload', async () => {
      const switcher = (current: Language) =>
        page.getByRole('banner').getByRole('link', { name: languageInfo[other(current)].name, exact: true });
      const target = translatedPath(path, other(language));
      const link = switcher(language);
      await expect(link).toHaveAttribute('href', target);
      await expect(link).toHaveAttribute('lang', languageInfo[other(language)].tag);
      await expect(link).toHaveAttribute('hreflang', languageInfo[other(language)].tag);
      await page.evaluate(() => {
        window.__noReload = true;
      });
      await waitForHydration(link);
      await link.click();
      await expect(page).toHaveURL(urlOn(page, target));
      await expect(page.locator('html')).toHaveAttribute('lang', languageInfo[other(language)].tag);
      const expected = allSiteRoutes.find((route) => route.path === target);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        expected?.heading ?? copy[other(language)].notFound.heading,
      );
      expect(await page.evaluate(() => window.__noReload)).toBe(true);
      // And back again.
      await switcher(other(language)).click();
      await expect(page).toHaveURL(urlOn(page, path));
      expect(await page.evaluate(() => window.__noReload)).toBe(true);
    });
  });
}

/** Resizes the window and waits two frames, so layout and antd's breakpoint listeners have answered. */
async function setSize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
