/**
 * Links move between pages in the client-side router, without reloads and without console noise.
 * That each page loads with a quiet console is checked in pages.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  collectProblems,
  contact,
  courses,
  enquiryForm,
  home,
  notFound,
  notFoundPaths,
  paths,
  ui,
  urlOn,
  waitForHydration,
  waitForPageHydration,
} from './support';

const noReloadMarker = (page: Page) => page.evaluate(() => window.__noReload);

test('course cards on the home page open each course without a full page load', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto(paths.home);
  await waitForPageHydration(page);
  await page.evaluate(() => {
    window.__noReload = true;
  });

  const coursesSection = page.getByRole('main').getByRole('region', { name: home.courses.heading });
  for (const course of courses) {
    const link = coursesSection.getByRole('link', { name: course.name, exact: true });
    await waitForHydration(link);
    await link.click();
    await expect(page).toHaveURL(urlOn(page, paths.course(course.slug)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
    await expect(page).toHaveTitle(course.seo.title);
    expect(await noReloadMarker(page), `no full reload on the way to ${course.slug}`).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(urlOn(page, paths.home));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.heading);
    await expect(page).toHaveTitle(home.seo.title);
    expect(await noReloadMarker(page), `no full reload on the way back from ${course.slug}`).toBe(true);
  }

  expect(problems).toEqual([]);
});

test('the not-found page hydrates cleanly and its links work in the client-side router', async ({ page }) => {
  const problems = collectProblems(page);
  const path = notFoundPaths[1];
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  await waitForPageHydration(page);
  await page.evaluate(() => {
    window.__noReload = true;
  });
  // Chromium reports the document's own 404 on the console; that one is expected.
  const documentNotFound = `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${urlOn(page, path)}:0)`;
  expect(problems).toEqual([documentNotFound]);

  const course = courses[3];
  if (!course) throw new Error('need four courses');
  const link = page.getByRole('main').getByRole('link', { name: course.name, exact: true });
  await waitForHydration(link);
  await link.click();
  await expect(page).toHaveURL(urlOn(page, paths.course(course.slug)));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  expect(await page.evaluate(() => window.__noReload)).toBe(true);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.heading);
  await page.getByRole('main').getByRole('link', { name: notFound.homeLink }).click();
  await expect(page).toHaveURL(urlOn(page, paths.home));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.heading);
  expect(await page.evaluate(() => window.__noReload)).toBe(true);
  expect(problems).toEqual([documentNotFound]);
});

/** #096dd9, the primary text colour (brand.primaryText in src/config/theme.ts). */
const PRIMARY = 'rgb(9, 109, 217)';

/** The enquiry form on screen carries antd's styles: its fields' border and radius, the filled button. */
async function expectStyledForm(page: Page) {
  const form = enquiryForm(page);
  await expect(form.submit).toBeVisible();
  await expect(form.submit).toHaveCSS('background-color', PRIMARY);
  await expect(form.studentName).toHaveCSS('border-top-style', 'solid');
  await expect(form.studentName).toHaveCSS('border-radius', '4px');
}

// A prerendered page with a form carries antd's styles inline in <head>, kept there for the visit;
// a form that a client-side navigation brings to a document without them links them instead
// (src/components/enquiry-form/deferred-enquiry-form.tsx).
test('the enquiry form is styled on a page reached in the client-side router, from a page with no form or with one', async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto(notFoundPaths[0]);
  await waitForPageHydration(page);
  await page.evaluate(() => {
    window.__noReload = true;
  });
  const inlineStyles = page.locator('head > style[data-href~="antd-form-styles"]');
  expect(await inlineStyles.count(), 'no form, no form styles').toBe(0);

  const course = courses[0];
  if (!course) throw new Error('need a course');
  const link = page.getByRole('main').getByRole('link', { name: course.name, exact: true });
  await waitForHydration(link);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  await expectStyledForm(page);

  // Landed on: the page's own inline styles; then on to another page with a form, whose styles
  // must not leave with the first page's form.
  await page.goto(paths.course('jee'));
  await waitForPageHydration(page);
  await page.evaluate(() => {
    window.__noReload = true;
  });
  await expectStyledForm(page);
  expect(await inlineStyles.count(), 'the form styles, inline in <head>').toBe(1);
  await page.getByRole('banner').getByRole('link', { name: ui.nav.contact }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.heading);
  await expectStyledForm(page);
  expect(await noReloadMarker(page)).toBe(true);
  expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
});
