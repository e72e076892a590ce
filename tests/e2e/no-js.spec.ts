/** With JavaScript off, every page still shows its content, styled, and the enquiry form is visible, styled by antd's CSS. */
import { expect, test } from '@playwright/test';
import { allSiteRoutes, enquiryForm, localizedPath, paths, routeFor } from './support';

test.use({ javaScriptEnabled: false });

/** #096dd9, the primary text colour (brand.primaryText in src/config/theme.ts). */
const PRIMARY = 'rgb(9, 109, 217)';

for (const route of allSiteRoutes) {
  test(`${route.path} shows its content, styled, without JavaScript`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    // JavaScript really is off: React Router's inline context script never ran.
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    for (const text of route.bodyText) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }

    if (route.primaryCta) {
      const cta = main.getByRole('link', { name: route.primaryCta, exact: true }).first();
      await expect(cta).toBeVisible();
      await expect(cta).toHaveCSS('background-color', PRIMARY);
      await expect(cta).toHaveCSS('color', 'rgb(255, 255, 255)');
    }

    const bodyFont = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
    expect(bodyFont).not.toMatch(/Times New Roman/i);
    expect(bodyFont).toMatch(/sans-serif/);
    // Our own stylesheet is applied beyond the first screen too: the footer is dark.
    await expect(page.getByRole('contentinfo')).toHaveCSS('background-color', 'rgb(31, 31, 31)');
  });
}

for (const path of [paths.contact, paths.course('jee'), localizedPath('hi', paths.contact)]) {
  test(`the enquiry form on ${path} is visible and styled by antd CSS without JavaScript`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeFor(path).heading);
    const form = enquiryForm(page, routeFor(path).language);
    // In the HTML and on screen, not a hidden streamed fragment waiting for a script to reveal it.
    for (const field of [form.enquirer, form.studentName, form.phone, form.course, form.consent]) {
      await expect(field).toBeVisible();
    }
    await expect(form.submit).toBeVisible();

    await expect(form.studentName).toHaveCSS('border-top-width', '1px');
    await expect(form.studentName).toHaveCSS('border-top-style', 'solid');
    await expect(form.studentName).toHaveCSS('border-radius', '4px');
    await expect(form.phone).toHaveCSS('border-radius', '4px');
    await expect(form.course).toHaveCSS('border-radius', '4px');
    await expect(form.submit).toHaveCSS('background-color', PRIMARY);
    await expect(form.submit).toHaveCSS('color', 'rgb(255, 255, 255)');
  });
}
