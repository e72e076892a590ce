/**
 * Shared helpers for the browser tests: the site's pages with what each one should show
 * (tests/support/site.ts, shared with the built-file tests), a collector for console
 * problems, and a wait for React to take over an element.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { copy, type Language } from '../support/site';
import { META_RECEIVER_PORT } from '../../playwright.config';
import { serverWords } from '../../src/content/server-words';

export * from '../support/site';

declare global {
  interface Window {
    /** Set by a test; still there after a navigation only if the document was not reloaded. */
    __noReload?: boolean;
    /** Every call the pixel stand-in received (pixel.spec.ts). */
    __pixelCalls?: unknown[][];
    /** `fbq.disablePushState` at the moment each 'init' call was processed (pixel.spec.ts). */
    __pixelInitDisablePushState?: unknown[];
  }
}

/** The URL of a path on the server the page is talking to. */
export const urlOn = (page: Page, path: string): string => new URL(path, page.url()).href;

/**
 * Records console errors and warnings and uncaught page errors from now on.
 * Returns the live list; assert `toEqual([])` on it at the end of a test.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning') {
      const { url, lineNumber } = message.location();
      problems.push(`console.${type}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.name}: ${error.message}`));
  return problems;
}

/**
 * Waits until React has hydrated the element (attached its props to the DOM
 * node). Before that, a click on a link is a full page load and a click on a
 * button does nothing (or submits the form natively).
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), {
      message: 'React has hydrated the element',
    })
    .toBe(true);
}

/** The page's header is interactive (the root layout has hydrated). */
export async function waitForPageHydration(page: Page, language: Language = 'en'): Promise<void> {
  await waitForHydration(page.getByRole('button', { name: copy[language].ui.nav.menuLabel, includeHidden: true }));
}

/**
 * The enquiry form's controls, found by their labels in the page's language. Its first
 * screen asks who is filling it in, the student's name, a mobile number, the course and
 * consent; `studentUnder18` and the parent's fields appear for a student under 18; the
 * optional details (class, city, email, message) are asked once the call-back is requested.
 */
export function enquiryForm(page: Page, language: Language = 'en') {
  const words = copy[language].form;
  const f = words.fields;
  const details = page.getByRole('region', { name: words.details.heading });
  return {
    enquirer: page.getByLabel(f.enquirer.label),
    studentUnder18: page.getByLabel(f.studentUnder18.label),
    studentName: page.getByLabel(f.studentName.label),
    phone: page.getByLabel(f.phone.label, { exact: true }),
    course: page.getByLabel(f.course.label),
    parentName: page.getByLabel(f.parentName.label),
    parentPhone: page.getByLabel(f.parentPhone.label),
    consent: page.getByLabel(f.consent.label),
    submit: page.getByRole('button', { name: words.submit }),
    result: page.getByRole('status'),
    /** The optional details, after the call-back is requested. */
    details: {
      region: details,
      classLevel: details.getByLabel(f.classLevel.label),
      city: details.getByLabel(f.city.label),
      email: details.getByLabel(f.email.label),
      message: details.getByLabel(f.message.label),
      submit: details.getByRole('button', { name: words.details.submit }),
    },
  };
}

/**
 * The form on an event's page, which books a seat: the enquiry form's first screen, the
 * session and the student's class, and its own button.
 */
export function registrationForm(page: Page, language: Language = 'en') {
  const events = copy[language].events;
  if (!events) throw new Error(`src/content/${language}/events.ts: no words for events`);
  return {
    ...enquiryForm(page, language),
    session: page.locator('form#enquiry-form').getByLabel(events.ui.sessionLabel, { exact: true }),
    classLevel: page.locator('form#enquiry-form').getByLabel(copy[language].form.fields.classLevel.label),
    email: page.locator('form#enquiry-form').getByLabel(copy[language].form.fields.email.label),
    submit: page.getByRole('button', { name: events.ui.submit }),
  };
}

/** The registration form, hydrated (as readyEnquiryForm). */
export async function readyRegistrationForm(page: Page, language: Language = 'en') {
  const form = registrationForm(page, language);
  await form.studentName.hover();
  await waitForHydration(form.submit);
  return form;
}

/** The roles a visitor fills in or chooses with (buttons are counted apart). */
const CONTROL_ROLES = [
  'textbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'spinbutton',
  'slider',
] as const;

/**
 * The controls of the enquiry form a visitor can see and use, found by role (the honeypot
 * is hidden from people and screen readers, so it is not among them), as `role: name`
 * sorted, and its buttons.
 */
export async function visibleFormControls(page: Page) {
  const form = page.locator('form#enquiry-form');
  const controls: string[] = [];
  for (const role of CONTROL_ROLES) {
    for (const control of await form.getByRole(role).all()) {
      if (await control.isVisible()) controls.push(`${role}: ${(await control.getAttribute('name')) ?? ''}`);
    }
  }
  const buttons: string[] = [];
  for (const button of await form.getByRole('button').all()) {
    if (await button.isVisible()) buttons.push((await button.textContent()) ?? '');
  }
  return { controls: controls.sort(), buttons };
}

/**
 * Scrolls to the form and points at it, as a visitor about to fill it in does (which
 * starts loading its code), then waits until React has hydrated it, so that the test's
 * typing and submitting go to antd's Form. What happens to input given any earlier is
 * covered by the "before the form's code has loaded" tests in form.spec.ts.
 */
export async function readyEnquiryForm(page: Page, language: Language = 'en') {
  const form = enquiryForm(page, language);
  await form.studentName.hover();
  await waitForHydration(form.submit);
  return form;
}

/**
 * The `nth` code (1: the first) the events server sent a number (+91…), as its phone received it
 * (tests/support/meta-receiver.ts): waited for until it has come.
 */
export async function codeSentTo(number: string, nth = 1): Promise<string> {
  const mobile = number.replace(/^\+/, '');
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://127.0.0.1:${META_RECEIVER_PORT}/received`);
      const received = (await response.json()) as { path: string; query?: Record<string, string> }[];
      code = received.filter((each) => each.path === '/msg91/otp' && each.query?.mobile === mobile)[nth - 1]?.query
        ?.otp;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The family types the `nth` code its phone received (with or without JavaScript) and confirms the booking. */
export async function typeTheCode(page: Page, number: string, language: Language = 'en', nth = 1) {
  const words = serverWords[language].events.verification;
  const code = await codeSentTo(number, nth);
  await page.getByLabel(words.codeLabel).fill(code);
  await page.getByRole('button', { name: words.confirm }).click();
}
