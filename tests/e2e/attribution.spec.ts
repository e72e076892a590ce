/**
 * Where an enquiry came from (issue 12): the first page's campaign parameters and click
 * ids travel with the visit and are stored with the enquiry, with JavaScript and without.
 */
import { expect, test } from '@playwright/test';
import { enquiryRows, uniqueMobile } from './database';
import { courses, enquiryForm, form as words, paths, readyEnquiryForm, ui, waitForPageHydration } from './support';

const jee = courses.find((course) => course.slug === 'jee');
if (!jee) throw new Error('no JEE course');

test('the first page’s campaign is kept through client-side navigation and stored with the enquiry', async ({
  page,
}) => {
  const landing = paths.course('neet-repeaters');
  await page.goto(`${landing}?utm_source=facebook&utm_medium=paid&utm_campaign=neet-2027-jaipur&fbclid=IwAR0abc`);
  await waitForPageHydration(page);
  // Navigate within the site: the next page's URL carries no campaign; the same document stays.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('banner').getByRole('link', { name: ui.nav.contact }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.contact}$`));
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

  const form = await readyEnquiryForm(page);
  const phone = uniqueMobile();
  await form.studentName.fill('Kabir Sethi');
  await form.phone.fill(phone.typed);
  await form.course.selectOption(jee.slug);
  await form.consent.check();
  await form.submit.click();
  // Acknowledged means stored: the row is there as soon as the form says so.
  await expect(form.result.getByRole('heading', { name: words.sentHeading })).toBeVisible();
  expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
    {
      source: 'json',
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'neet-2027-jaipur',
      fbclid: 'IwAR0abc',
      gclid: null,
      referrer_host: null,
      landing_page: landing,
    },
  ]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form takes the campaign from the URL of the page it was posted from', async ({ page }) => {
    await page.goto(`${paths.course(jee.slug)}?utm_source=google&utm_medium=cpc&utm_campaign=jee-2027&gclid=Cj0KCQ`);
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Meera Iyer');
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.click();
    await expect(page).toHaveURL(new RegExp(`${paths.thankYou}$`));
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      {
        source: 'form',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'jee-2027',
        gclid: 'Cj0KCQ',
        landing_page: paths.course(jee.slug),
      },
    ]);
  });
});
