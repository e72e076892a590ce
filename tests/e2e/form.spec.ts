/** The enquiry form: labels, validation messages, preselected course, and the summary after a valid submission. */
import { expect, test, type Page } from '@playwright/test';
import {
  courses,
  enquiryForm,
  escapeRegExp,
  paths,
  readyEnquiryForm,
  routeFor,
  ui,
  urlOn,
  waitForHydration,
  waitForPageHydration,
} from './support';
import { enquiryRows, uniqueMobile } from './database';
import { copy } from '../../src/content/copy';
import { institute } from '../../src/content/institute';
import { fill } from '../../src/lib/format';
import type { EnquiryFieldName } from '../../src/schema/enquiry';
import { enquiryMessage } from '../../src/schema/enquiry-messages';

const words = copy.en.form;
const { thankYou } = copy.en;
const message = (field: EnquiryFieldName, code: 'required' | 'invalid') => enquiryMessage('en', words, field, code);
/** The English form's words, by what they are. */
const f = {
  studentName: words.fields.studentName.label,
  phone: words.fields.phone.label,
  email: words.fields.email.label,
  classLevel: words.fields.classLevel.label,
  course: words.fields.course.label,
  city: words.fields.city.label,
  studentUnder18: words.fields.studentUnder18.label,
  parentName: words.fields.parentName.label,
  parentPhone: words.fields.parentPhone.label,
  consent: words.fields.consent.label,
  consentRequired: message('consent', 'required'),
  consentParent: words.consentParent,
  classLevels: words.classLevels,
  enquirers: words.enquirers,
  choose: words.choose,
  sentHeading: words.sentHeading,
  errors: words.errors,
};
/** Our own messages (the rest are antd's defaults). */
const messages = {
  phone: message('phone', 'invalid'),
  parentName: message('parentName', 'required'),
  parentPhone: message('parentPhone', 'required'),
};
const classLevelLabels = Object.values(f.classLevels);

/** antd's default message for a required field (en_US locale). */
const required = (label: string) => `Please enter ${label}`;

const requiredFields = [f.studentName, f.phone, f.city, f.classLevel, f.course] as const;

/** The error text antd shows under a field, matched exactly inside the form. */
const errorText = (page: Page, text: string) => page.getByRole('main').getByText(text, { exact: true });

const jee = courses.find((course) => course.slug === 'jee');
if (!jee) throw new Error('no JEE course in the content');

test.describe('on /contact', () => {
  test('every field is reachable by its label', async ({ page }) => {
    await page.goto(paths.contact);
    const form = enquiryForm(page);
    for (const field of [form.studentName, form.phone, form.email, form.city, form.message]) {
      await expect(field).toHaveCount(1);
      await expect(field).toBeVisible();
      await expect(field).toBeEditable();
    }
    for (const select of [form.classLevel, form.course]) {
      await expect(select).toHaveCount(1);
      await expect(select).toBeVisible();
      await expect(select).toHaveRole('combobox');
    }
    await expect(form.consent).toHaveRole('checkbox');
    await expect(form.consent).not.toBeChecked();
    await expect(form.phone).toHaveAttribute('type', 'tel');
    await expect(form.email).toHaveAttribute('type', 'email');
    // The course select offers every course, with nothing chosen on the contact page.
    await expect(form.course).toHaveValue('');
    await expect(form.course.getByRole('option')).toHaveText([f.choose, ...courses.map((course) => course.name)]);
    await expect(form.classLevel.getByRole('option')).toHaveText([f.choose, ...classLevelLabels]);
  });

  test('submitting empty shows a message for every required field and the consent', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    await form.submit.click();

    for (const label of requiredFields) {
      await expect(errorText(page, required(label))).toBeVisible();
    }
    await expect(errorText(page, f.consentRequired)).toBeVisible();
    // Messages are tied to their fields for screen readers.
    await expect(form.studentName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.studentName).toHaveAccessibleDescription(new RegExp(escapeRegExp(required(f.studentName))));
    await expect(form.phone).toHaveAccessibleDescription(new RegExp(escapeRegExp(required(f.phone))));
    // Optional fields get no message, and nothing was "sent".
    await expect(form.email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('main').getByText(/^Please enter Email/)).toHaveCount(0);
    await expect(form.result).toHaveCount(0);
    await expect(page).toHaveURL(urlOn(page, paths.contact));
  });

  test('an invalid email and an invalid phone number are reported as they are typed', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);

    await form.email.fill('asha@');
    await expect(errorText(page, `${f.email} is not a valid email`)).toBeVisible();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await form.phone.fill('12345');
    await expect(errorText(page, messages.phone)).toBeVisible();
    await expect(form.phone).toHaveAccessibleDescription(new RegExp(escapeRegExp(messages.phone)));

    // Correcting a field clears its message.
    await form.phone.fill('98765 43210');
    await expect(errorText(page, messages.phone)).toHaveCount(0);
    await form.email.fill('asha@example.com');
    await expect(errorText(page, `${f.email} is not a valid email`)).toHaveCount(0);
    await expect(form.email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('typed values stay after a failed submit', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);

    await form.studentName.fill('Asha Meena');
    await form.phone.fill('12345');
    await form.email.fill('asha@example.com');
    await form.city.fill('Jaipur');
    await form.message.fill('Evening batches, please.');
    await form.submit.click();

    await expect(errorText(page, messages.phone)).toBeVisible();
    await expect(errorText(page, required(f.classLevel))).toBeVisible();
    await expect(errorText(page, required(f.course))).toBeVisible();
    await expect(errorText(page, f.consentRequired)).toBeVisible();
    await expect(errorText(page, required(f.studentName))).toHaveCount(0);
    await expect(errorText(page, required(f.city))).toHaveCount(0);
    await expect(form.result).toHaveCount(0);

    await expect(form.studentName).toHaveValue('Asha Meena');
    await expect(form.phone).toHaveValue('12345');
    await expect(form.email).toHaveValue('asha@example.com');
    await expect(form.city).toHaveValue('Jaipur');
    await expect(form.message).toHaveValue('Evening batches, please.');
    await expect(page).toHaveURL(urlOn(page, paths.contact));
  });

  // The browser's own check of <input type="email"> must not cut antd's validation short
  // (the form is `noValidate`): every problem is reported at once.
  test('submitting with an invalid email still reports every other problem', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    await form.email.fill('asha@');
    await expect(errorText(page, `${f.email} is not a valid email`)).toBeVisible();
    await form.submit.click();
    await expect(errorText(page, required(f.studentName))).toBeVisible({ timeout: 2_000 });
    await expect(errorText(page, f.consentRequired)).toBeVisible({ timeout: 2_000 });
  });

  test('a valid enquiry is stored and confirmed, with the number we will call', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();

    await form.studentName.fill('Asha Meena');
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption({ label: f.classLevels['12'] });
    await form.course.selectOption({ label: jee.name });
    await form.city.fill('Jaipur');
    await form.message.fill('<b>Evening</b> batches & weekend tests?');
    await form.consent.check();
    await expect(form.classLevel).toHaveValue('12');
    await expect(form.course).toHaveValue(jee.slug);
    await form.submit.click();

    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeFocused();
    await expect(form.result).toContainText(phone.display);
    await expect(page).toHaveURL(urlOn(page, paths.contact));

    const rows = await enquiryRows({ phone: phone.stored });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      student_name: 'Asha Meena',
      class_level: '12',
      course: jee.slug,
      city: 'Jaipur',
      message: '<b>Evening</b> batches & weekend tests?',
      source: 'json',
    });
    await expect(form.result).toContainText(String(rows[0]?.id).slice(0, 8));
  });

  test('when the server cannot store it, the form says so, keeps everything and offers a retry', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();
    // The database being down is the server's 503; the form's handling of it is what is tested here.
    let attempts = 0;
    await page.route('**/api/enquiries', async (route) => {
      attempts += 1;
      if (attempts === 1) {
        await route.fulfill({
          status: 503,
          headers: { 'retry-after': '30' },
          json: { error: fill(f.errors.unavailable, { phone: '+91 98765 00001' }) },
        });
      } else {
        await route.continue();
      }
    });
    await form.studentName.fill('Kabir Jain');
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption('11');
    await form.course.selectOption('foundation');
    await form.city.fill('Kota');
    await form.consent.check();
    await form.submit.click();

    await expect(page.getByRole('alert')).toContainText('could not save your enquiry');
    await expect(form.studentName).toHaveValue('Kabir Jain');
    await expect(form.phone).toHaveValue(phone.typed);
    const retry = page.getByRole('button', { name: f.errors.retry });
    await retry.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toHaveLength(1);
  });
});

test.describe('on a course page', () => {
  test('the course is preselected, before and after the form loads', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = enquiryForm(page);
    await expect(form.course).toHaveValue(jee.slug);
    await expect(form.course.getByRole('option', { selected: true })).toHaveText(jee.name);
    await readyEnquiryForm(page);
    await expect(form.course).toHaveValue(jee.slug);
  });

  test('a valid enquiry from a course page is stored with that course', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Rohan Saini');
    await form.phone.fill(`+91 ${phone.typed}`);
    await form.classLevel.selectOption('11');
    await form.city.fill('Ajmer');
    await form.consent.check();
    await form.submit.click();

    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    await expect(form.result).toContainText(phone.display);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeFor(paths.course(jee.slug)).heading);
    const rows = await enquiryRows({ phone: phone.stored });
    expect(rows).toMatchObject([{ student_name: 'Rohan Saini', course: jee.slug, class_level: '11', source: 'json' }]);
  });

  test('a double click stores the enquiry once', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Meera Rao');
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption('12');
    await form.city.fill('Jaipur');
    await form.consent.check();
    await form.submit.dblclick();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toHaveLength(1);
  });
});

test.describe('before the form’s code has loaded', () => {
  /** The form's lazily loaded chunk, named after src/components/enquiry-form/enquiry-form.tsx. */
  const FORM_CHUNK = /\/assets\/enquiry-form-[\w-]+\.js$/;

  /** Holds back the form's lazily loaded chunk until `release()` is called. */
  async function holdFormChunk(page: Page) {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(FORM_CHUNK, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  // On /contact the form is near the top of the page: its code (the site's largest
  // chunk) still waits until the visitor reaches for the form, not the page load.
  test('the form’s code loads when the visitor reaches for the form, not with the page', async ({ page }) => {
    const formChunks: string[] = [];
    page.on('request', (request) => {
      if (FORM_CHUNK.test(request.url())) formChunks.push(request.url());
    });
    await page.goto(paths.contact);
    await waitForPageHydration(page);
    const form = enquiryForm(page);
    await form.submit.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(formChunks, 'the form’s code was not requested by the page load or by scrolling').toEqual([]);

    const chunkRequested = page.waitForRequest(FORM_CHUNK);
    await form.studentName.hover();
    await chunkRequested;
    await waitForHydration(form.submit);
  });

  // The form is on screen before its code loads, and focusing it is what starts the
  // download: on a slow phone the first characters are typed into the prerendered HTML.
  test('text typed while the code loads is kept', async ({ page }) => {
    const phone = uniqueMobile();
    const release = await holdFormChunk(page);
    await page.goto(paths.course(jee.slug));
    const form = enquiryForm(page);
    const chunkRequested = page.waitForRequest(FORM_CHUNK);
    await form.studentName.fill('Asha Meena');
    await chunkRequested; // focusing the field started the download
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption('10');
    await form.city.fill('Jaipur');
    await expect(form.studentName).toHaveValue('Asha Meena');

    release();
    await waitForHydration(form.submit);
    await expect(form.studentName).toHaveValue('Asha Meena');
    await expect(form.phone).toHaveValue(phone.typed);
    await expect(form.classLevel).toHaveValue('10');
    await expect(form.city).toHaveValue('Jaipur');
    await expect(form.course).toHaveValue(jee.slug);

    // …and not only on screen: the form's own state has them, so they are what gets stored.
    await form.consent.check();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'Asha Meena', class_level: '10', city: 'Jaipur', course: jee.slug },
    ]);
  });

  // Until React hydrates it, the submit button is a plain <button type="submit">: unless
  // the page holds the submit, the browser posts the form natively, skipping the
  // in-page validation messages.
  test('pressing submit shows the validation messages instead of reloading the page', async ({ page }) => {
    const release = await holdFormChunk(page);
    await page.goto(paths.contact);
    await waitForPageHydration(page);
    const form = enquiryForm(page);
    await form.submit.scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      window.__noReload = true;
    });
    const chunkRequested = page.waitForRequest(FORM_CHUNK);
    await form.studentName.fill('Asha Meena');
    await chunkRequested; // the visitor is in the form: its code is on the way
    await form.submit.click();

    release();
    await waitForHydration(form.submit);
    await expect(page).toHaveURL(urlOn(page, paths.contact));
    expect(await page.evaluate(() => window.__noReload), 'the page was not reloaded').toBe(true);
    await expect(errorText(page, required(f.phone))).toBeVisible();
    await expect(errorText(page, f.consentRequired)).toBeVisible();
    await expect(errorText(page, required(f.studentName))).toHaveCount(0);
    await expect(form.studentName).toHaveValue('Asha Meena');
    await expect(form.result).toHaveCount(0);
  });
});

test.describe('a student under 18', () => {
  test('is asked for a parent’s name and number, and the consent becomes the parent’s', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = await readyEnquiryForm(page);
    const under18 = page.getByLabel(f.studentUnder18);
    const parentName = page.getByLabel(f.parentName);
    const parentPhone = page.getByLabel(f.parentPhone);
    await expect(under18).toBeHidden();
    await expect(parentName).toBeHidden();

    await page.getByRole('radio', { name: f.enquirers.student }).check();
    await expect(under18).toBeVisible();
    await expect(parentName).toBeHidden();
    await under18.check();
    await expect(parentName).toBeVisible();
    await expect(parentPhone).toBeVisible();
    await expect(page.getByText(f.consentParent)).toBeVisible();
    await expect(page.getByText(f.consent, { exact: true })).toBeHidden();

    const phone = uniqueMobile();
    const parent = uniqueMobile();
    await form.studentName.fill('Tanvi Joshi');
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption('11');
    await form.city.fill('Jaipur');
    await form.consent.check();
    await form.submit.click();
    await expect(errorText(page, messages.parentName)).toBeVisible();
    await expect(errorText(page, messages.parentPhone)).toBeVisible();

    await parentName.fill('Rekha Joshi');
    await parentPhone.fill(parent.typed);
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { enquirer: 'student', student_under_18: 1, parent_name: 'Rekha Joshi', parent_phone: parent.stored },
    ]);
  });

  test('a parent enquiring is not asked for a parent’s details', async ({ page }) => {
    await page.goto(paths.contact);
    await readyEnquiryForm(page);
    await expect(page.getByRole('radio', { name: f.enquirers.parent })).toBeChecked();
    await expect(page.getByLabel(f.studentUnder18)).toBeHidden();
    await expect(page.getByLabel(f.parentName)).toBeHidden();
    await expect(page.getByRole('link', { name: ui.privacy.link }).first()).toHaveAttribute('href', paths.privacy);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a course page’s form posts to the server and lands on the thank-you page', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Ishaan Gupta');
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption('12-pass');
    await expect(form.course).toHaveValue(jee.slug);
    await form.city.fill('Sikar');
    await form.consent.check();
    await form.submit.click();

    await expect(page).toHaveURL(urlOn(page, paths.thankYou));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(thankYou.heading);
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'Ishaan Gupta', class_level: '12-pass', course: jee.slug, city: 'Sikar', source: 'form' },
    ]);
  });

  test('a student under 18 gives a parent’s details, shown and posted without JavaScript', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    const parent = uniqueMobile();
    await page.getByRole('radio', { name: f.enquirers.student }).check();
    await page.getByLabel(f.studentUnder18).check();
    await page.getByLabel(f.parentName).fill('Rekha Joshi');
    await page.getByLabel(f.parentPhone).fill(parent.typed);
    await form.studentName.fill('Tanvi Joshi');
    await form.phone.fill(phone.typed);
    await form.classLevel.selectOption('10');
    await form.city.fill('Jaipur');
    await form.consent.check();
    await form.submit.click();
    await expect(page).toHaveURL(urlOn(page, paths.thankYou));
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      {
        enquirer: 'student',
        student_under_18: 1,
        parent_phone: parent.stored,
        source: 'form',
        consent_notice_version: institute.privacyNoticeVersion,
      },
    ]);
  });

  test('a form with mistakes gets a page saying what to fix, and stores nothing', async ({ page }) => {
    await page.goto(paths.contact);
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Ishaan Gupta');
    await form.phone.fill(phone.typed);
    await form.city.fill('Sikar');
    await form.submit.click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(f.errors.pageTitle);
    // The same words as the form shows with JavaScript.
    await expect(page.getByText(required(f.classLevel))).toBeVisible();
    await expect(page.getByText(required(f.course))).toBeVisible();
    await expect(page.getByText(f.consentRequired)).toBeVisible();
    await page.goBack();
    // The browser brings back the form as it was typed.
    await expect(form.studentName).toHaveValue('Ishaan Gupta');
    expect(await enquiryRows({ phone: phone.stored })).toHaveLength(0);
  });
});
