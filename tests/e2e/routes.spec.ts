/**
 * What of the pages needs a browser: FAQ answers open on a click, and a trailing slash is
 * redirected and followed. Each page's status, language, title, heading, head tags, hreflang,
 * structured data and ids, the 404 pages' HTML, sitemap.xml and robots.txt are checked in the
 * built files (tests/built/pages.test.ts); each page's heading shown after hydration, at its
 * own URL, in tests/e2e/loading.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { allSiteRoutes, paths, routeFor, urlOn } from './support';

for (const route of allSiteRoutes.filter((r) => r.faqs.length > 0)) {
  test(`${route.path}: FAQ answers are collapsed until opened`, async ({ page }) => {
    await page.goto(route.path);
    const [first] = route.faqs;
    if (!first) throw new Error('route has FAQs');
    const main = page.getByRole('main');
    const question = main.getByText(first.question, { exact: true });
    const answer = main.getByText(first.answer, { exact: true });
    await expect(question).toBeVisible();
    await expect(answer).toBeAttached();
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
  });
}

test('a trailing slash redirects to the page without it', async ({ page, request }) => {
  const redirect = await request.get('/about/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()['location']).toBe(paths.about);

  const withQuery = await request.get('/about/?ref=x', { maxRedirects: 0 });
  expect(withQuery.status()).toBe(301);
  expect(withQuery.headers()['location']).toBe(`${paths.about}?ref=x`);

  const response = await page.goto('/about/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(urlOn(page, paths.about));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeFor(paths.about).heading);

  const hindi = await request.get('/hi/about/', { maxRedirects: 0 });
  expect(hindi.status()).toBe(301);
  expect(hindi.headers()['location']).toBe('/hi/about');
});
