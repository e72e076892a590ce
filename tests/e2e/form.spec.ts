/** The enquiry form: labels, validation messages, preselected course, and the summary after a valid submission. */
import { expect, test, type Page } from '@playwright/test';
import {
  allSiteRoutes,
  courses,
  enquiryForm,
  escapeRegExp,
  paths,
  readyEnquiryForm,
  routeFor,
  ui,
  urlOn,
  visibleFormControls,
  waitForHydration,
  waitForPageHydration,
} from './support';
import { enquiryRows, uniqueMobile } from './database';
import { copy } from '../../src/content/copy';
import { institute } from '../../src/content/institute';
import { fill } from '../../shared/format';
import type { EnquiryFieldName } from '../../shared/schema/enquiry';
import { detailFieldNames } from '../../shared/schema/enquiry-fields';
import { enquiryMessage } from '../../shared/schema/enquiry-messages';

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
  enquirer: words.fields.enquirer.label,
  optional: words.optional,
  classLevels: words.classLevels,
  enquirers: words.enquirers,
  choose: words.choose,
  sentHeading: words.sentHeading,
  errors: words.errors,
};
/** Our own messages (the rest are antd's defaults). */
const messages = {
  phone: message('phone', 'invalid'),
  email: message('email', 'invalid'),
  course: message('course', 'required'),
  parentName: message('parentName', 'required'),
  parentPhone: message('parentPhone', 'required'),
};
const classLevelLabels = Object.values(f.classLevels);

/** antd's default message for a required field (en_US locale): no field the family sees shows it. */
const antdRequired = (label: string) => `Please enter ${label}`;

/** The first screen's required text fields, with their own messages (en/form.ts), never antd's "Please enter Student name". */
const required = { studentName: message('studentName', 'required'), phone: message('phone', 'required') };
const requiredFields = [required.studentName, required.phone] as const;

/** The error text antd shows under a field, matched exactly inside the form. */
const errorText = (page: Page, text: string) => page.getByRole('main').getByText(text, { exact: true });

const jee = courses.find((course) => course.slug === 'jee');
if (!jee) throw new Error('no JEE course in the content');

test.describe('on /contact', () => {
  test('the first screen asks who is filling it in, the name, the mobile, the course and consent, each by its label', async ({
    page,
  }) => {
    await page.goto(paths.contact);
    const form = enquiryForm(page);
    for (const field of [form.studentName, form.phone]) {
      await expect(field).toHaveCount(1);
      await expect(field).toBeVisible();
      await expect(field).toBeEditable();
    }
    for (const select of [form.enquirer, form.course]) {
      await expect(select).toHaveCount(1);
      await expect(select).toBeVisible();
      await expect(select).toHaveRole('combobox');
    }
    await expect(form.consent).toHaveRole('checkbox');
    await expect(form.consent).not.toBeChecked();
    await expect(form.phone).toHaveAttribute('type', 'tel');
    // A parent or guardian unless the visitor says otherwise (as an API client that does not say).
    await expect(form.enquirer).toHaveValue('parent');
    await expect(form.enquirer.getByRole('option')).toHaveText([f.enquirers.parent, f.enquirers.student]);
    // The course select offers every course, with nothing chosen on the contact page.
    await expect(form.course).toHaveValue('');
    await expect(form.course.getByRole('option')).toHaveText([f.choose, ...courses.map((course) => course.name)]);
    // The optional details are not on the first screen, and nothing on it is marked optional.
    for (const label of [f.email, f.classLevel, f.city, words.fields.message.label]) {
      await expect(page.getByLabel(label)).toHaveCount(0);
    }
    await expect(page.locator('form#enquiry-form').getByText(f.optional)).toHaveCount(0);
  });

  test('submitting empty shows a message for every required field and the consent', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    await form.submit.click();

    for (const text of requiredFields) {
      await expect(errorText(page, text)).toBeVisible();
    }
    for (const label of [f.studentName, f.phone]) {
      await expect(page.getByRole('main').getByText(antdRequired(label))).toHaveCount(0);
    }
    // A choice is chosen, not entered.
    await expect(errorText(page, messages.course)).toBeVisible();
    await expect(page.getByRole('main').getByText(antdRequired(f.course))).toHaveCount(0);
    await expect(errorText(page, f.consentRequired)).toBeVisible();
    // Messages are tied to their fields for screen readers.
    await expect(form.studentName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.studentName).toHaveAccessibleDescription(new RegExp(escapeRegExp(required.studentName)));
    await expect(form.phone).toHaveAccessibleDescription(new RegExp(escapeRegExp(required.phone)));
    await expect(form.course).toHaveAccessibleDescription(new RegExp(escapeRegExp(messages.course)));
    // Nothing was "sent".
    await expect(form.result).toHaveCount(0);
    await expect(page).toHaveURL(urlOn(page, paths.contact));
  });

  test('an invalid phone number is reported as it is typed', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    await form.phone.fill('12345');
    await expect(errorText(page, messages.phone)).toBeVisible();
    await expect(form.phone).toHaveAccessibleDescription(new RegExp(escapeRegExp(messages.phone)));
    await expect(form.phone).toHaveAttribute('aria-invalid', 'true');

    // Correcting a field clears its message.
    await form.phone.fill('98765 43210');
    await expect(errorText(page, messages.phone)).toHaveCount(0);
    await expect(form.phone).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('typed values stay after a failed submit', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);

    await form.studentName.fill('Asha Meena');
    await form.phone.fill('12345');
    await form.enquirer.selectOption('student');
    await form.submit.click();

    await expect(errorText(page, messages.phone)).toBeVisible();
    await expect(errorText(page, messages.course)).toBeVisible();
    await expect(errorText(page, f.consentRequired)).toBeVisible();
    await expect(errorText(page, required.studentName)).toHaveCount(0);
    await expect(form.result).toHaveCount(0);

    await expect(form.studentName).toHaveValue('Asha Meena');
    await expect(form.phone).toHaveValue('12345');
    await expect(form.enquirer).toHaveValue('student');
    await expect(page).toHaveURL(urlOn(page, paths.contact));
  });

  test('a parent’s enquiry with only the first screen is stored and confirmed, with the number we will call', async ({
    page,
  }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();

    await form.studentName.fill('Asha Meena');
    await form.phone.fill(phone.typed);
    await form.course.selectOption({ label: jee.name });
    await form.consent.check();
    await expect(form.course).toHaveValue(jee.slug);
    await form.submit.click();

    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeFocused();
    await expect(form.result).toContainText(phone.display);
    await expect(page).toHaveURL(urlOn(page, paths.contact));

    const rows = await enquiryRows({ phone: phone.stored });
    expect(rows).toHaveLength(1);
    // The same record as before, in the same columns: what was not asked is empty.
    expect(rows[0]).toMatchObject({
      enquirer: 'parent',
      student_name: 'Asha Meena',
      phone: phone.stored,
      course: jee.slug,
      consent: 1,
      consent_notice_version: institute.privacyNoticeVersion,
      student_under_18: null,
      parent_name: null,
      parent_phone: null,
      class_level: '',
      city: '',
      email: null,
      message: null,
      language: 'en',
      source: 'json',
    });
    await expect(form.result).toContainText(String(rows[0]?.id).slice(0, 8));
  });

  test('after the call-back is requested, the optional details are added to the same enquiry', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Asha Meena');
    await form.phone.fill(phone.typed);
    await form.course.selectOption({ label: jee.name });
    await form.consent.check();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();

    // Every detail is marked optional; the classes are chosen from the list.
    const { details } = form;
    await expect(details.region).toBeVisible();
    await expect(details.classLevel.getByRole('option')).toHaveText([f.choose, ...classLevelLabels]);
    await expect(details.region.getByText(f.optional, { exact: true })).toHaveCount(detailFieldNames.length);
    await details.classLevel.selectOption({ label: f.classLevels['12'] });
    await details.city.fill('Jaipur');
    await details.email.fill('asha@');
    await expect(errorText(page, messages.email)).toBeVisible();
    await expect(details.email).toHaveAttribute('aria-invalid', 'true');
    await details.email.fill('asha@example.com');
    await expect(errorText(page, messages.email)).toHaveCount(0);
    await details.message.fill('<b>Evening</b> batches & weekend tests?');
    await details.submit.click();
    await expect(details.region.getByText(words.details.saved)).toBeVisible();

    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      {
        student_name: 'Asha Meena',
        class_level: '12',
        city: 'Jaipur',
        email: 'asha@example.com',
        message: '<b>Evening</b> batches & weekend tests?',
      },
    ]);
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
    await form.course.selectOption('foundation');
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
    await form.consent.check();
    await form.submit.click();

    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    await expect(form.result).toContainText(phone.display);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeFor(paths.course(jee.slug)).heading);
    const rows = await enquiryRows({ phone: phone.stored });
    expect(rows).toMatchObject([{ student_name: 'Rohan Saini', course: jee.slug, source: 'json' }]);
  });

  test('a double click stores the enquiry once', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Meera Rao');
    await form.phone.fill(phone.typed);
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
    await form.enquirer.selectOption('student');
    await expect(form.studentName).toHaveValue('Asha Meena');

    release();
    await waitForHydration(form.submit);
    await expect(form.studentName).toHaveValue('Asha Meena');
    await expect(form.phone).toHaveValue(phone.typed);
    await expect(form.enquirer).toHaveValue('student');
    await expect(form.course).toHaveValue(jee.slug);

    // …and not only on screen: the form's own state has them, so they are what gets stored.
    await form.consent.check();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'Asha Meena', enquirer: 'student', student_under_18: 0, course: jee.slug },
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
    await expect(errorText(page, required.phone)).toBeVisible();
    await expect(errorText(page, f.consentRequired)).toBeVisible();
    await expect(errorText(page, required.studentName)).toHaveCount(0);
    await expect(form.studentName).toHaveValue('Asha Meena');
    await expect(form.result).toHaveCount(0);
  });
});

test.describe('a student under 18', () => {
  test('is asked for a parent’s name and number, marked required, and the consent becomes the parent’s', async ({
    page,
  }) => {
    await page.goto(paths.course(jee.slug));
    const form = await readyEnquiryForm(page);
    await expect(form.studentUnder18).toBeHidden();
    await expect(form.parentName).toBeHidden();

    await form.enquirer.selectOption({ label: f.enquirers.student });
    await expect(form.studentUnder18).toBeVisible();
    await expect(form.parentName).toBeHidden();
    await form.studentUnder18.check();
    await expect(form.parentName).toBeVisible();
    await expect(form.parentPhone).toBeVisible();
    await expect(page.getByText(f.consentParent)).toBeVisible();
    await expect(page.getByText(f.consent, { exact: true })).toBeHidden();
    // Required when shown, so not marked optional.
    await expect(page.locator('form#enquiry-form').getByText(f.optional)).toHaveCount(0);

    const phone = uniqueMobile();
    const parent = uniqueMobile();
    await form.studentName.fill('Tanvi Joshi');
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.click();
    await expect(errorText(page, messages.parentName)).toBeVisible();
    await expect(errorText(page, messages.parentPhone)).toBeVisible();
    await expect(form.result).toHaveCount(0);

    await form.parentName.fill('Rekha Joshi');
    await form.parentPhone.fill(parent.typed);
    // The two messages fold away as the fields are put right, and the button rises with them: a
    // click while they fold lands where it was (a clean-clone run lost it so).
    await expect(errorText(page, messages.parentName)).toBeHidden();
    await expect(errorText(page, messages.parentPhone)).toBeHidden();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { enquirer: 'student', student_under_18: 1, parent_name: 'Rekha Joshi', parent_phone: parent.stored },
    ]);
  });

  test('a parent’s details typed and then no longer asked for (the answer changed) do not stop the enquiry', async ({
    page,
  }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    const phone = uniqueMobile();
    await form.enquirer.selectOption('student');
    await form.studentUnder18.check();
    await form.parentName.fill('Rekha Joshi');
    await form.parentPhone.fill('12345');
    await expect(errorText(page, message('parentPhone', 'invalid'))).toBeVisible();
    await form.enquirer.selectOption('parent');
    await expect(form.parentPhone).toBeHidden();
    await form.studentName.fill('Tanvi Joshi');
    await form.phone.fill(phone.typed);
    await form.course.selectOption('jee');
    await form.consent.check();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: f.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { enquirer: 'parent', student_under_18: null, parent_name: null, parent_phone: null },
    ]);
  });

  test('a parent enquiring is not asked for a parent’s details', async ({ page }) => {
    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    await expect(form.enquirer).toHaveValue('parent');
    await expect(form.studentUnder18).toBeHidden();
    await expect(form.parentName).toBeHidden();
    await expect(page.getByRole('link', { name: ui.privacy.link }).first()).toHaveAttribute('href', paths.privacy);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a course page’s form posts only its first screen and lands on the thank-you page', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Ishaan Gupta');
    await form.phone.fill(phone.typed);
    await expect(form.course).toHaveValue(jee.slug);
    await form.consent.check();
    await form.submit.click();

    await expect(page).toHaveURL(urlOn(page, paths.thankYou));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(thankYou.heading);
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      {
        enquirer: 'parent',
        student_name: 'Ishaan Gupta',
        course: jee.slug,
        class_level: '',
        city: '',
        email: null,
        student_under_18: null,
        source: 'form',
      },
    ]);
  });

  test('a student under 18 is shown the parent’s fields, and cannot send without them', async ({ page }) => {
    await page.goto(paths.course(jee.slug));
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    const parent = uniqueMobile();
    await expect(form.studentUnder18).toBeHidden();
    await form.enquirer.selectOption({ label: f.enquirers.student });
    await expect(form.studentUnder18).toBeVisible();
    await expect(form.parentName).toBeHidden();
    await form.studentUnder18.check();
    await expect(form.parentName).toBeVisible();
    await expect(form.parentPhone).toBeVisible();
    await form.studentName.fill('Tanvi Joshi');
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.click();
    // The server's page says what is missing, in the same words; nothing is stored.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(f.errors.pageTitle);
    await expect(page.getByText(messages.parentName)).toBeVisible();
    await expect(page.getByText(messages.parentPhone)).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toHaveLength(0);

    await page.goBack();
    await form.parentName.fill('Rekha Joshi');
    await form.parentPhone.fill(parent.typed);
    await form.submit.click();
    await expect(page).toHaveURL(urlOn(page, paths.thankYou));
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      {
        enquirer: 'student',
        student_under_18: 1,
        parent_name: 'Rekha Joshi',
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
    await form.submit.click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(f.errors.pageTitle);
    // The same words as the form shows with JavaScript; nothing about fields it did not show.
    await expect(page.getByText(messages.course)).toBeVisible();
    await expect(page.getByText(f.consentRequired)).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(2);
    await page.goBack();
    // The browser brings back the form as it was typed.
    await expect(form.studentName).toHaveValue('Ishaan Gupta');
    expect(await enquiryRows({ phone: phone.stored })).toHaveLength(0);
  });
});

// Issue 21: at most five controls on the form's first screen, the consent included, wherever
// the form is, in both languages, with and without JavaScript. A student under 18 sees more,
// because more applies to them; nothing else appears until the call-back is requested.
test.describe('the first screen asks five things at most', () => {
  // The enquiry form (an event's page books a seat with its own fields: tests/e2e/events.spec.ts).
  const formPages = allSiteRoutes.filter((route) => route.hasForm && route.kind !== 'event');

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test('on every page with the form, in English and Hindi', async ({ page }) => {
        const counts: Record<string, number> = {};
        for (const route of formPages) {
          await page.goto(route.path);
          if (javaScriptEnabled) await readyEnquiryForm(page, route.language);
          const { controls, buttons } = await visibleFormControls(page);
          counts[route.path] = controls.length;
          expect(controls, route.path).toEqual([
            'checkbox: consent',
            'combobox: course',
            'combobox: enquirer',
            'textbox: phone',
            'textbox: studentName',
          ]);
          expect(buttons, route.path).toEqual([copy[route.language].form.submit]);
        }
        expect(Object.keys(counts)).toHaveLength(14);
      });

      test('a student under 18 is asked two more things, and a parent none', async ({ page }) => {
        await page.goto(paths.contact);
        const form = javaScriptEnabled ? await readyEnquiryForm(page) : enquiryForm(page);
        await form.enquirer.selectOption('student');
        expect((await visibleFormControls(page)).controls).toHaveLength(6);
        await form.studentUnder18.check();
        expect((await visibleFormControls(page)).controls).toEqual([
          'checkbox: consent',
          'checkbox: studentUnder18',
          'combobox: course',
          'combobox: enquirer',
          'textbox: parentName',
          'textbox: parentPhone',
          'textbox: phone',
          'textbox: studentName',
        ]);
        await form.enquirer.selectOption('parent');
        expect((await visibleFormControls(page)).controls).toHaveLength(5);
      });
    });
  }
});
