/**
 * The form stays on the page (issue 36, parts 1 and 2), whatever a family does before its code
 * has loaded: arriving from a link straight onto a page with a form, they tap the page's own
 * "Enquire now" / "Book a seat" (a same-page link), the skip link, or Back; or the signal drops
 * before they first touch the form. Each page is opened directly (the prerendered HTML, as from
 * WhatsApp or Google), on a phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { EVENTS_DATABASE_FILE, EVENTS_PORT } from '../../playwright.config';
import { localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { E2E_SESSION } from '../support/event-sessions';
import { enquiryRows, uniqueMobile } from './database';
import {
  allSiteRoutes,
  copy,
  enquiryForm,
  type Language,
  languages,
  registrationForm,
  typeTheCode,
  type SiteRoute,
  urlOn,
  waitForHydration,
  waitForPageHydration,
} from './support';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** The form's lazily loaded chunk, named after src/components/enquiry-form/enquiry-form.tsx. */
const FORM_CHUNK = /\/assets\/enquiry-form-[\w-]+\.js$/;

/** The page's own button to its form: the first link in the page's content with that name. */
const topButton = (page: Page, name: string) => page.getByRole('main').getByRole('link', { name }).first();

/**
 * Moves to the skip link with the keyboard (it is shown when focused) and follows it: the first
 * Tab on a page that has nothing focused yet, else straight to it as a screen reader would.
 */
async function followSkipLink(page: Page, language: Language) {
  const skip = page.getByRole('link', { name: copy[language].ui.skipToContent });
  if (await page.evaluate(() => document.activeElement === document.body)) await page.keyboard.press('Tab');
  else await skip.focus();
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
}

/** The form is on screen and takes typing, in the prerendered HTML or once its code has run. */
async function expectFormUsable(page: Page, language: Language, name: string) {
  const form = enquiryForm(page, language);
  await expect(form.studentName).toBeVisible();
  await expect(form.submit.or(registrationForm(page, language).submit)).toBeVisible();
  await form.studentName.fill(name);
  await expect(form.studentName).toHaveValue(name);
}

const formPages = allSiteRoutes.filter((route) => route.hasForm && route.kind !== 'event');

test.describe('the enquiry form after the page’s own buttons', () => {
  // One visit a page: the first tap is the one that met the form before its code (each alone
  // emptied the form's section): the top button on the English pages, the skip link on the Hindi.
  for (const route of formPages) {
    const first = route.language === 'en' ? 'the top button' : 'the skip link';
    test(`${route.path}: ${first}, then the other and Back leave the form there, filled in and sent`, async ({
      page,
    }) => {
      const { language } = route;
      const tapTopButton = async () => {
        await topButton(page, route.primaryCta ?? '').tap();
        await expect(page).toHaveURL(/#enquiry$/);
      };
      await page.goto(route.path);
      await waitForPageHydration(page, language);
      if (language === 'en') await tapTopButton();
      else await followSkipLink(page, language);
      await expectFormUsable(page, language, 'Kavya Nair');
      if (language === 'en') await followSkipLink(page, language);
      else await tapTopButton();
      await page.goBack();
      const form = enquiryForm(page, language);
      await expect(form.studentName).toHaveValue('Kavya Nair');
      // …and the form's code came: it is React's form now.
      await waitForHydration(form.submit);

      const phone = uniqueMobile();
      await form.phone.fill(phone.typed);
      if (route.kind === 'contact') await form.course.selectOption('jee');
      await form.consent.check();
      await form.submit.tap();
      await expect(form.result.getByRole('heading', { name: copy[language].form.sentHeading })).toBeVisible();
      expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
        { student_name: 'Kavya Nair', course: route.course?.slug ?? 'jee', language, source: 'json' },
      ]);
    });
  }
});

test.describe('the booking form after the page’s own buttons', () => {
  test.use({ baseURL: `http://localhost:${EVENTS_PORT}` });

  const eventPages = languages.flatMap((language) =>
    (['scholarship-test', 'demo-class'] as const).map((event) => ({
      language,
      event,
      path: localizedPath(language, paths.event(event)),
    })),
  );

  for (const { language, event, path } of eventPages) {
    test(`${path}: “Book a seat”, the skip link and Back leave the form there, and it books`, async ({ page }) => {
      const words = copy[language].events;
      if (!words) throw new Error(`src/content/${language}/events.ts: no words for events`);
      await page.goto(path);
      await waitForPageHydration(page, language);
      await followSkipLink(page, language);
      await expectFormUsable(page, language, 'Ritika Sen');
      await topButton(page, words.ui.registerHeading).tap();
      await expect(page).toHaveURL(/#register$/);
      await page.goBack();
      await expect(page).toHaveURL(/#main$/);

      const form = registrationForm(page, language);
      await expect(form.studentName).toHaveValue('Ritika Sen');
      const mobile = uniqueMobile();
      await form.session.selectOption(event === 'demo-class' ? E2E_SESSION.demoLater : E2E_SESSION.test);
      await form.phone.fill(mobile.typed);
      await form.classLevel.selectOption('11');
      await form.course.selectOption('neet-year-long');
      await form.consent.check();
      await form.submit.tap();
      // The number is proved by the code its phone receives, then the seat is booked.
      await typeTheCode(page, mobile.stored, language);
      await expect(page.getByRole('status').locator('strong')).toHaveText(/^(ST|DC)-[0-9A-Z]{8}$/);
      expect(await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE)).toMatchObject([
        { student_name: 'Ritika Sen', language },
      ]);
    });
  }
});

test.describe('when the signal drops before the first touch', () => {
  const route = allSiteRoutes.find((candidate) => candidate.language === 'hi' && candidate.kind === 'course');
  if (!route) throw new Error('no Hindi course page');
  const hi = copy.hi.form;

  /** The page, hydrated, then offline: the form's code has not been asked for yet. */
  async function offlineOn(page: Page, at: SiteRoute) {
    await page.goto(at.path);
    await waitForPageHydration(page, at.language);
    await page.context().setOffline(true);
    return enquiryForm(page, at.language);
  }

  test('the page and the form stay, what is typed stays, and the form’s code comes when the signal does', async ({
    page,
  }) => {
    const form = await offlineOn(page, route);
    const failed = page.waitForEvent('requestfailed', (request) => FORM_CHUNK.test(request.url()));
    await form.studentName.tap();
    await failed;
    await form.studentName.pressSequentially('अदिति शर्मा');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(form.studentName).toHaveValue('अदिति शर्मा');
    await expect(form.studentName).toBeFocused();

    await page.context().setOffline(false);
    await waitForHydration(form.submit);
    await expect(form.studentName).toHaveValue('अदिति शर्मा');
    const phone = uniqueMobile();
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.tap();
    await expect(form.result.getByRole('heading', { name: hi.sentHeading })).toBeVisible();
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'अदिति शर्मा', course: route.course?.slug, language: 'hi' },
    ]);
  });

  test('a submit made offline says why it waits, and is sent when the signal returns', async ({ page }) => {
    const form = await offlineOn(page, route);
    const phone = uniqueMobile();
    await form.studentName.fill('Farhan Ali');
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.tap();
    await expect(page.getByRole('alert')).toHaveText(hi.errors.network);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);

    await page.context().setOffline(false);
    await expect(form.result.getByRole('heading', { name: hi.sentHeading })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([{ student_name: 'Farhan Ali', language: 'hi' }]);
  });

  test('when the form’s code cannot be had at all, the browser sends the form itself', async ({ page }) => {
    await page.route(FORM_CHUNK, (request) => request.abort('connectionfailed'));
    const english = allSiteRoutes.find((candidate) => candidate.language === 'en' && candidate.kind === 'course');
    if (!english) throw new Error('no English course page');
    await page.goto(english.path);
    await waitForPageHydration(page);
    const form = enquiryForm(page);
    const phone = uniqueMobile();
    await form.studentName.fill('Neha Kapoor');
    await form.phone.fill(phone.typed);
    await form.consent.check();
    await form.submit.tap();
    await expect(page).toHaveURL(urlOn(page, paths.thankYou));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.en.thankYou.heading);
    expect(await enquiryRows({ phone: phone.stored })).toMatchObject([
      { student_name: 'Neha Kapoor', course: english.course?.slug, source: 'form' },
    ]);
  });
});
