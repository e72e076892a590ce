/** What the desk's browser tests share: signing in, choosing in an antd Select, an enquiry to work on, axe. */
import { expect, type Page } from '@playwright/test';
import { deskPages } from '../../shared/desk-pages';
import { addStaff, uniqueMobile } from './database';
import { paths } from './support';
import { PORT } from '../../playwright.config';

export type Account = Awaited<ReturnType<typeof addStaff>>;

/** Fills and sends the sign-in form (on the sign-in page already open, or on a fresh one). */
export async function fillSignIn(page: Page, account: Account) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The desk page signing in lands on: an editor's Site content, anyone else's Today. */
const landingOf = (account: Account) => (account.role === 'editor' ? deskPages.content : deskPages.today);

/** Signs in and waits for the page signing in lands on. */
export async function signIn(page: Page, account: Account, { origin = '' } = {}) {
  await page.goto(`${origin}${paths.staff}${deskPages.signIn.path}`);
  await fillSignIn(page, account);
  // A busy machine can take seconds to answer (the test server hashes at the tests' cheap cost).
  await expect(page.getByRole('heading', { name: landingOf(account).menu, level: 1 })).toBeVisible({
    timeout: 60_000,
  });
}

/**
 * Opens the desk signed in, for a test whose subject is not signing in: the session as the sign-in
 * form gets it (POST /api/staff/session, into this browser's cookies), then the page signing in
 * lands on, loaded and waited for as `signIn` waits. It skips the sign-in page, which cost about a
 * second of the browser's processor a test (the tests of the form itself use `signIn`).
 */
export async function openDeskAs(page: Page, account: Account, { origin = `http://localhost:${PORT}` } = {}) {
  const session = await page.request.post(`${origin}/api/staff/session`, {
    headers: { origin },
    data: { email: account.email, password: account.password },
  });
  expect(session.status(), await session.text()).toBe(200);
  const landing = landingOf(account);
  await page.goto(`${origin}${paths.staff}${landing.path}`);
  await expect(page.getByRole('heading', { name: landing.menu, level: 1 })).toBeVisible({ timeout: 60_000 });
}

/**
 * Today shows everyone's work (it opens on the member's own: a new enquiry goes to whichever
 * counsellor's turn it is, among every counsellor the other tests added).
 */
export async function showEveryone(page: Page) {
  await page.getByRole('navigation', { name: 'Whose work' }).getByRole('link', { name: 'Everyone' }).click();
  await expect(page).toHaveURL(/[?&]who=all/);
}

/**
 * Chooses an option of an antd Select found by its label. antd keeps a hidden listbox
 * for screen readers and shows each option as an item titled with its label; it draws only
 * the options in view (a long team's names are not all there), so where the Select takes
 * typing (the team's: searchByName), the option is typed first, as a person would.
 */
export async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  if (await select.isEditable()) await select.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** What an antd Select shows as chosen, found by its label. */
export const selectShown = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');

/** An enquiry through the public API (as the form sends it), for a student named `name` and a number's last digits. */
export async function sendEnquiry(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const phone = uniqueMobile();
  const student = `${name} ${phone.stored.slice(-4)}`;
  const sent = await page.request.post('/api/enquiries', {
    data: {
      studentName: student,
      phone: phone.typed,
      classLevel: '12',
      course: 'jee',
      city: 'Jaipur',
      consent: true,
      ...extra,
    },
  });
  expect(sent.status()).toBe(201);
  return { phone, student, id: ((await sent.json()) as { id: string }).id };
}

/** A family's enquiry, sent as the form sends it, opened by a new admin from its link (as a push or a message takes them there). */
export async function openNewFamilyAsAdmin(page: Page, name: string) {
  await openDeskAs(page, await addStaff('admin'));
  const family = await sendEnquiry(page, name);
  await page.goto(`${paths.staff}/enquiries/${family.id}`);
  await expect(page.getByRole('heading', { name: family.student, level: 1 })).toBeVisible();
  return family;
}

/**
 * A weak signal: the first `method` request to `url` reaches the server and is stored, and its
 * answer is lost on the way back (the connection resets). Every other request goes through.
 */
export async function loseTheAnswerOnce(page: Page, url: string, method: 'POST' | 'PATCH') {
  let lost = false;
  await page.route(url, async (route) => {
    if (lost || route.request().method() !== method) return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}
