/**
 * Hindi alongside English: no redirect by browser language, fees and dates in Hindi, and the
 * Hindi form with the same words for the same mistake with JavaScript and without, ending in a
 * stored enquiry marked `hi`. The switcher on every page is followed in pages.spec.ts.
 */
import { expect, type Locator, test, type Page } from '@playwright/test';
import { fill, formatRupees } from '../../shared/format';
import type { EnquiryFieldName } from '../../shared/schema/enquiry';
import { enquiryMessage } from '../../shared/schema/enquiry-messages';
import { devanagariFonts } from '../../src/config/theme';
import { enquiryRows, uniqueMobile } from './database';
import { copy, enquiryForm, institute, localizedPath, paths, readyEnquiryForm, urlOn } from './support';

test('a shared URL shows the language it names, whatever the browser prefers', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'hi-IN',
    extraHTTPHeaders: { 'Accept-Language': 'hi-IN,hi;q=0.9' },
  });
  const page = await context.newPage();
  const response = await page.goto(paths.about);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(urlOn(page, paths.about));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.en.about.heading);
  await context.close();
});

test('Hindi course pages show fees in ₹ with Indian grouping and dates in Hindi', async ({ page }) => {
  await page.goto(localizedPath('hi', paths.course('neet-repeaters')));
  const main = page.getByRole('main');
  const facts = institute.courses.find((course) => course.slug === 'neet-repeaters');
  // The fee as the starting content states it (src/content/institute.ts), grouped the Indian way.
  await expect(main.getByText(formatRupees(facts?.fees.amount ?? 0, 'hi')).first()).toBeVisible();
  const starts = facts?.batches[0]?.starts ?? '';
  const hindiDate = new Intl.DateTimeFormat('hi-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${starts}T00:00:00Z`));
  expect(hindiDate).toMatch(/मई/);
  await expect(main.getByText(hindiDate).first()).toBeVisible();
});

test("Hindi pages name the Devanagari fonts first, for our text and for antd's fields and buttons", async ({
  page,
}) => {
  const fontOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontFamily);
  const firstFonts = devanagariFonts.join(', ').replaceAll("'", '"');
  for (const language of ['hi', 'en'] as const) {
    await page.goto(localizedPath(language, paths.contact));
    const form = enquiryForm(page, language);
    const fonts = await Promise.all(
      [page.getByRole('heading', { level: 1 }), form.studentName, form.submit].map(fontOf),
    );
    for (const font of fonts) {
      if (language === 'hi') expect(font.startsWith(`${firstFonts}, `)).toBe(true);
      else expect(font).not.toContain('Devanagari');
    }
  }
});

const hindi = copy.hi.form;
const hindiMessage = (field: EnquiryFieldName, code: 'required' | 'invalid') =>
  enquiryMessage('hi', hindi, field, code);

test.describe('the Hindi form', () => {
  const contact = localizedPath('hi', paths.contact);

  test('says what is missing or wrong in Hindi, with the same words with JavaScript and without', async ({
    browser,
  }) => {
    // With JavaScript: antd's Hindi messages and ours.
    const withJs = await browser.newPage();
    await withJs.goto(contact);
    const form = await readyEnquiryForm(withJs, 'hi');
    await form.phone.fill('12345');
    await form.submit.click();
    const shown = async (page: Page, text: string) =>
      expect(page.getByRole('main').getByText(text, { exact: true })).toBeVisible();
    const expected = [
      hindiMessage('studentName', 'required'),
      hindiMessage('phone', 'invalid'),
      hindiMessage('course', 'required'),
      hindiMessage('consent', 'required'),
    ];
    // A name is written ("…लिखें", the word parents use), a choice chosen ("…चुनें"); never "दर्ज करें".
    expect(expected[0]).toBe(hindi.fields.studentName.messages?.required);
    expect(expected[0]).toMatch(/लिखें$/);
    expect(expected[2]).toBe(hindi.fields.course.messages?.required);
    expect(expected[2]).toMatch(/चुनें$/);
    for (const text of expected) await shown(withJs, text);
    await expect(withJs.getByRole('main').getByText(/दर्ज करें/)).toHaveCount(0);
    await withJs.close();

    // Without JavaScript: the server's page, in Hindi, with the same sentences.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(contact);
    const plain = enquiryForm(noJs, 'hi');
    await plain.phone.fill('12345');
    await plain.submit.click();
    await expect(noJs.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(noJs.getByRole('heading', { level: 1 })).toHaveText(hindi.errors.pageTitle);
    for (const text of expected) {
      await expect(noJs.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
    }
    await expect(noJs.getByRole('listitem')).toHaveCount(expected.length);
    await expect(noJs.getByRole('link', { name: hindi.errors.pageHome })).toHaveAttribute('href', '/hi');
    await context.close();
  });

  test('a Hindi enquiry is stored with language hi and confirmed in Hindi', async ({ page }) => {
    await page.goto(contact);
    const form = await readyEnquiryForm(page, 'hi');
    const phone = uniqueMobile();
    await form.studentName.fill('आशा मीणा');
    await form.phone.fill(phone.typed);
    await form.course.selectOption({ label: copy.hi.courses.jee.name });
    await form.consent.check();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: hindi.sentHeading })).toBeVisible();
    await expect(form.result).toContainText(fill(hindi.sentBody, { phone: phone.display }));
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'आशा मीणा', course: 'jee', language: 'hi', class_level: '', city: '' },
    ]);

    // The optional details, in Hindi: "(ज़रूरी नहीं)", and the email's own Hindi message.
    const { details } = form;
    await expect(details.region.getByText(hindi.optional, { exact: true })).toHaveCount(4);
    await expect(details.region.getByText('(ऐच्छिक)')).toHaveCount(0);
    await details.classLevel.selectOption({ label: hindi.classLevels['11'] });
    await details.city.fill('जयपुर');
    await details.email.fill('asha@');
    await expect(page.getByRole('main').getByText(hindiMessage('email', 'invalid'), { exact: true })).toBeVisible();
    expect(hindiMessage('email', 'invalid')).not.toMatch(/email/);
    await details.email.fill('');
    await details.submit.click();
    await expect(details.region.getByText(hindi.details.saved)).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'आशा मीणा', class_level: '11', city: 'जयपुर', email: null },
    ]);
  });

  test('without JavaScript, a Hindi enquiry lands on the Hindi thank-you page and is stored as hi', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(localizedPath('hi', paths.course('foundation')));
    const form = enquiryForm(page, 'hi');
    const phone = uniqueMobile();
    await form.studentName.fill('Kabir Jain');
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.click();
    await expect(page).toHaveURL(urlOn(page, '/hi/thank-you'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.hi.thankYou.heading);
    const rows = await enquiryRows({ phone: phone.stored });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ course: 'foundation', language: 'hi', source: 'form' });
    await context.close();
  });
});
