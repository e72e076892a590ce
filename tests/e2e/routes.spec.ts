/**
 * A trailing slash is redirected and followed. Each page's status, language, title, heading,
 * head tags, hreflang, structured data and ids, the 404 pages' HTML, sitemap.xml and robots.txt
 * are checked in the built files (tests/built/pages.test.ts); what of each page needs a browser
 * in tests/e2e/pages.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { paths, routeFor, urlOn } from './support';

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
