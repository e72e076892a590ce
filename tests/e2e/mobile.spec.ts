/**
 * Pages loaded straight into a phone-sized window: the header menu, and the header's one row.
 * That no page scrolls sideways at 320 px is checked on every page in pages.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { copy, courses, languageOfPath, localizedPath, paths, ui, urlOn, waitForPageHydration } from './support';

test.describe('menu at 360×740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const menuParts = (page: Page) => {
    const header = page.getByRole('banner');
    return {
      button: header.getByRole('button', { name: ui.nav.menuLabel }),
      // includeHidden: the nav must exist while closed, so "hidden" can't pass by its absence.
      nav: header.getByRole('navigation', { name: ui.nav.label, includeHidden: true }),
    };
  };

  test('opens to show every course, About and Contact', async ({ page }) => {
    await page.goto(paths.home);
    await waitForPageHydration(page);
    const { button, nav } = menuParts(page);

    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', (await nav.getAttribute('id')) ?? 'missing id');
    await expect(nav).toHaveCount(1);
    await expect(nav).toBeHidden();
    await expect(nav.getByRole('link', { name: ui.nav.about, includeHidden: true })).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toContainText(ui.nav.menuClose);
    await expect(nav).toBeVisible();
    for (const course of courses) {
      const link = nav.getByRole('link', { name: course.shortName, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', paths.course(course.slug));
    }
    await expect(nav.getByRole('link', { name: ui.nav.about, exact: true })).toHaveAttribute('href', paths.about);
    await expect(nav.getByRole('link', { name: ui.nav.contact, exact: true })).toHaveAttribute('href', paths.contact);
    await expect(nav.getByRole('link', { name: ui.nav.about, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: ui.nav.contact, exact: true })).toBeVisible();

    // The toggle closes it again.
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('following a course link navigates and closes the menu', async ({ page }) => {
    await page.goto(paths.about);
    await waitForPageHydration(page);
    const { button, nav } = menuParts(page);
    const course = courses[2];
    if (!course) throw new Error('need three courses');

    await button.click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: course.shortName, exact: true }).click();

    await expect(page).toHaveURL(urlOn(page, paths.course(course.slug)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(nav.getByRole('link', { name: course.shortName, includeHidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Escape closes the menu', async ({ page }) => {
    await page.goto(paths.contact);
    await waitForPageHydration(page);
    const { button, nav } = menuParts(page);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });
});

for (const width of [360, 390]) {
  test.describe(`header at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    for (const path of [paths.home, '/hi']) {
      test(`${path}: logo, language switch and menu button share one row`, async ({ page }) => {
        await page.goto(path);
        const header = page.getByRole('banner');
        const language = languageOfPath(path);
        const parts = [
          header.getByRole('link', { name: copy[language].site.logo.name }),
          header.getByRole('list', { name: copy[language].ui.nav.languages }).getByRole('link'),
          header.getByRole('button', { name: copy[language].ui.nav.menuLabel }),
        ];
        const boxes = await Promise.all(parts.map((part) => part.boundingBox()));
        const centres = boxes.map((box) => (box ? box.y + box.height / 2 : Number.NaN));
        expect(Math.max(...centres) - Math.min(...centres), `vertical centres ${centres.join(', ')}`).toBeLessThan(4);
      });
    }
  });
}

test.describe('pages that open with their text, at 412×823', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const path of [paths.privacy, localizedPath('hi', paths.refunds), '/this-page-does-not-exist']) {
    test(`${path}: the footer on the first screen stays where it was drawn`, async ({ page }) => {
      await page.goto(path);
      await waitForPageHydration(page, languageOfPath(path));
      // The shifts recorded since the page began (a buffered observer's records, read at once).
      const shifts = await page.evaluate(() => {
        const observer = new PerformanceObserver(() => undefined);
        observer.observe({ type: 'layout-shift', buffered: true });
        return observer.takeRecords().map((entry) => (entry as PerformanceEntry & { value: number }).value);
      });
      expect(shifts).toEqual([]);
    });
  }
});
