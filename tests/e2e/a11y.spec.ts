/** axe-core on every page, at phone and desktop sizes, with every rule on. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  allSiteRoutes,
  copy,
  hindiNotFoundPaths,
  type Language,
  localizedPath,
  notFoundPaths,
  paths,
  readyEnquiryForm,
  ui,
  waitForPageHydration,
} from './support';
import { enquiryMessage } from '../../src/schema/enquiry-messages';
import { uniqueMobile } from './database';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per failing node: rule, impact, target, and what axe says to fix. */
function summarize(violations: AxeResults['violations']): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact ?? 'unknown'}] ${violation.id}: ${node.target.join(' ')}\n    ${violation.help} ` +
          `(${violation.helpUrl})\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
      ),
    )
    .join('\n');
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations, `axe violations on ${page.url()}:\n${summarize(results.violations)}`).toEqual([]);
  // The run really looked at the page.
  expect(results.passes.length).toBeGreaterThan(10);
}

const viewports = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const pagesToCheck: { path: string; status: number; language: Language }[] = [
  ...allSiteRoutes.map((route) => ({ path: route.path, status: 200, language: route.language })),
  { path: notFoundPaths[0], status: 404, language: 'en' },
  { path: hindiNotFoundPaths[0], status: 404, language: 'hi' },
];

for (const viewport of viewports) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, status, language } of pagesToCheck) {
      test(`${path} has no axe violations`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await waitForPageHydration(page, language);
        await expectNoViolations(page);
      });
    }
  });
}

test.describe('interactive states', () => {
  test('the open mobile menu has no axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(paths.home);
    await waitForPageHydration(page);
    const button = page.getByRole('button', { name: ui.nav.menuLabel });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: ui.nav.label })).toBeVisible();
    await expectNoViolations(page);
  });

  for (const language of ['en', 'hi'] as const) {
    test(`the contact form showing its error messages has no axe violations (${language})`, async ({ page }) => {
      const words = copy[language].form;
      await page.goto(localizedPath(language, paths.contact));
      const form = await readyEnquiryForm(page, language);
      await form.submit.click();
      const main = page.getByRole('main');
      await expect(
        main.getByText(enquiryMessage(language, words, 'consent', 'required'), { exact: true }),
      ).toBeVisible();
      await expect(
        main.getByText(enquiryMessage(language, words, 'studentName', 'required'), { exact: true }),
      ).toBeVisible();
      await expectNoViolations(page);
    });

    test(`a student under 18's questions and the optional details after sending have no axe violations (${language})`, async ({
      page,
    }) => {
      const words = copy[language].form;
      await page.goto(localizedPath(language, paths.contact));
      const form = await readyEnquiryForm(page, language);
      await form.enquirer.selectOption('student');
      await form.studentUnder18.check();
      await expect(form.parentName).toBeVisible();
      await expectNoViolations(page);
      await form.enquirer.selectOption('parent');
      await form.studentName.fill('Axe Check');
      await form.phone.fill(uniqueMobile().typed);
      await form.course.selectOption('jee');
      await form.consent.check();
      await form.submit.click();
      await expect(form.result.getByRole('heading', { name: words.sentHeading })).toBeVisible();
      await expect(form.details.region).toBeVisible();
      await expectNoViolations(page);
    });
  }
});
