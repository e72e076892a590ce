/**
 * axe-core on the states a page reaches only by using it: the open menu, the form showing its
 * messages, a student under 18's questions, the details after sending. Every page as loaded, at
 * desktop and phone sizes, is checked in pages.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { copy, localizedPath, paths, readyEnquiryForm, ui, waitForPageHydration } from './support';
import { enquiryMessage } from '../../shared/schema/enquiry-messages';
import { uniqueMobile } from './database';

test.describe('interactive states', () => {
  test('the open mobile menu has no axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(paths.home);
    await waitForPageHydration(page);
    const button = page.getByRole('button', { name: ui.nav.menuLabel });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: ui.nav.label })).toBeVisible();
    await expectNoAxeViolations(page);
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
      await expectNoAxeViolations(page);
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
      await expectNoAxeViolations(page);
      await form.enquirer.selectOption('parent');
      await form.studentName.fill('Axe Check');
      await form.phone.fill(uniqueMobile().typed);
      await form.course.selectOption('jee');
      await form.consent.check();
      await form.submit.click();
      await expect(form.result.getByRole('heading', { name: words.sentHeading })).toBeVisible();
      await expect(form.details.region).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
