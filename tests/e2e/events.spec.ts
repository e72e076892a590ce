/**
 * Booking a seat at the scholarship test and the demo class (issue 27), as a family does it:
 * on a phone, in Hindi and in English, with and without JavaScript. The server is the events'
 * own (tests/support/events-server.ts), whose sessions are dated from today.
 */
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { EVENTS_DATABASE_FILE, EVENTS_PORT } from '../../playwright.config';
import { dayWithWeekday } from '../../desk/src/format';
import { formatDay } from '../../shared/format';
import { type Language, localizedPath } from '../../shared/languages';
import { courseSlugs, paths } from '../../shared/paths';
import { classLevels } from '../../shared/schema/enquiry-fields';
import type { EventType } from '../../shared/schema/events';
import { E2E_SESSION, e2eSessions } from '../support/event-sessions';
import { scholarshipFor } from '../../shared/scholarship';
import { institute } from '../../src/content/institute';
import { expectNoAxeViolations } from './axe';
import { copy, readyRegistrationForm, registrationForm } from './support';
import { addStaff, enquiryRows, uniqueMobile } from './database';
import { signIn } from './desk-support';

test.use({ baseURL: `http://localhost:${EVENTS_PORT}` });

const words = (language: Language) => {
  const events = copy[language].events;
  if (!events) throw new Error(`src/content/${language}/events.ts: no words for events`);
  return events;
};
const dateOf = (id: string) => e2eSessions().find((session) => session.id === id)?.date ?? '';
/** The session's choice in the form: its day, then the time. */
const optionOf = (id: string, language: Language) => new RegExp(`^${formatDay(dateOf(id), language)},`);
/** The starting content's scholarship (what the e2e server's content publishes), and what 82 marks earn by it. */
const scholarship = institute.scholarship ?? { maxMarks: 0, bands: [], classes: [], courses: [] };
const earned = scholarshipFor(82, scholarship);

/** The admit card's text, as a phone's PDF viewer copies it (pdftotext honours each line's ActualText). */
async function admitCardText(page: Page, href: string): Promise<string> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  return execFileSync('pdftotext', ['-', '-'], { input: await response.body() }).toString('utf8');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('a parent books the scholarship test in Hindi, reads the Hindi admit card and moves the date once', async ({
    page,
  }) => {
    const hi = words('hi');
    await page.goto(localizedPath('hi', paths.event('scholarship-test')));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi.types['scholarship-test'].heading);
    // The dates, with the seats still open (asked of the server once the page runs).
    const first = page.getByRole('listitem').filter({ hasText: formatDay(dateOf(E2E_SESSION.test), 'hi') });
    await expect(first).toContainText(/\d+ सीटें बाक़ी/);

    // The scholarship's band table, and who may sit: a Class 8 or 9 (Foundation) family is not offered the test.
    await expect(page.getByRole('table', { name: copy.hi.scholarship?.bandsHeading })).toBeVisible();
    const form = await readyRegistrationForm(page, 'hi');
    await expectNoAxeViolations(page);
    for (const level of classLevels)
      await expect(form.classLevel.locator(`option[value="${level}"]`), level).toHaveCount(
        scholarship.classes.includes(level) ? 1 : 0,
      );
    for (const slug of courseSlugs)
      await expect(form.course.locator(`option[value="${slug}"]`), slug).toHaveCount(
        scholarship.courses.includes(slug) ? 1 : 0,
      );
    const mobile = uniqueMobile();
    // The options are the sessions' days in Hindi: choose the first by its label.
    await form.session.selectOption(E2E_SESSION.test);
    await expect(form.session.locator('option:checked')).toHaveText(optionOf(E2E_SESSION.test, 'hi'));
    await form.studentName.fill('अदिति शर्मा');
    await form.phone.fill(mobile.typed);
    await form.classLevel.selectOption('12');
    await form.course.selectOption('neet-year-long');
    await form.consent.check();
    await form.submit.click();

    const answer = page.getByRole('status');
    await expect(answer).toContainText('आपकी सीट बुक हो गई है');
    const roll = (await answer.locator('strong').textContent()) ?? '';
    expect(roll).toMatch(/^ST-[0-9A-Z]{8}$/);

    const card = await admitCardText(
      page,
      (await page.getByRole('link', { name: hi.registrant.admitCard }).getAttribute('href')) ?? '',
    );
    for (const expected of [
      roll,
      'अदिति शर्मा',
      hi.registrant.cardTitle,
      hi.types['scholarship-test'].name,
      formatDay(dateOf(E2E_SESSION.test), 'hi'),
      hi.types['scholarship-test'].bring[1] ?? '',
    ])
      expect(card).toContain(expected);

    // The registrant's page, from the link that is theirs: move to the later date.
    await page.getByRole('link', { name: hi.registrant.title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${hi.registrant.title}: अदिति शर्मा`);
    await page.getByLabel(hi.registrant.rescheduleLabel).selectOption(E2E_SESSION.testLater);
    await page.getByRole('button', { name: hi.registrant.rescheduleSubmit }).click();
    const later = formatDay(dateOf(E2E_SESSION.testLater), 'hi');
    await expect(page.getByRole('status')).toHaveText(hi.answers.moved.replace('{date}', later));
    await expect(page.getByRole('definition').first()).toHaveText(roll);
    await expect(page.getByText(later).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The day of the test: a counsellor at the door, on a phone, finds the session and marks her present.
    const counsellor = await addStaff('counsellor', EVENTS_DATABASE_FILE);
    await signIn(page, counsellor);
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    const day = dayWithWeekday(dateOf(E2E_SESSION.testLater));
    await page.getByRole('link', { name: new RegExp(`^Scholarship and admission test · ${day} `) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(day);
    // She has no email: the reminder goes by WhatsApp, in Hindi, to her number.
    const entry = page.getByRole('listitem').filter({ hasText: roll });
    const reminder = entry.getByRole('link', { name: 'No email: send the reminder by WhatsApp' });
    const reminderUrl = new URL((await reminder.getAttribute('href')) ?? '');
    expect(reminderUrl.pathname).toBe(`/${mobile.stored.slice(1)}`);
    expect(reminderUrl.searchParams.get('text')).toContain(`रोल नंबर: ${roll}`);
    await expectNoAxeViolations(page);

    // The roll number as a person types it from the card: lower case, no hyphen.
    await page.getByLabel('Roll number').fill(roll.toLowerCase().replace('-', ''));
    await page.getByRole('button', { name: 'Mark present', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Present:' })).toHaveText(`Present: अदिति शर्मा (${roll}).`);
    await expect(entry).toContainText('Present');
    await expect(page.getByLabel('Roll number')).toHaveValue('');

    // Her marks, and the scholarship they earn by the bands the site promises from (institute.scholarship).
    await entry.getByLabel(`Marks (out of ${scholarship.maxMarks})`).fill('82');
    await expect(entry).toContainText(`Would earn ${earned}% off`);
    // Leaving before saving asks first; staying keeps the marks typed.
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Events' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay on this session' }).click();
    await expect(leave).toBeHidden();
    await expect(entry.getByLabel(`Marks (out of ${scholarship.maxMarks})`)).toHaveValue('82');
    await entry.getByRole('button', { name: 'Save marks for अदिति शर्मा' }).click();
    await expect(entry).toContainText(`Scholarship: ${earned}% off the fee`);

    // On the family's record.
    await entry.getByRole('link', { name: 'अदिति शर्मा', exact: true }).click();
    const seats = page.getByRole('region', { name: 'Seats booked' });
    await expect(seats).toContainText(roll);
    await expect(seats).toContainText(`Marks 82: scholarship ${earned}% off the fee`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a student books the demo class in English, lands on their page with the admit card, and cancels', async ({
    page,
  }) => {
    const en = words('en');
    await page.goto(paths.event('demo-class'));
    const form = registrationForm(page, 'en');
    await form.enquirer.selectOption('student');
    await form.session.selectOption(E2E_SESSION.demoLater);
    await form.studentName.fill('Rohan Mehta');
    await form.phone.fill(uniqueMobile().typed);
    await form.classLevel.selectOption('12');
    await form.course.selectOption('jee');
    await form.consent.check();
    await form.submit.click();

    await expect(page).toHaveURL(/\/r\/[0-9a-f-]{36}\.[\w-]{22}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${en.registrant.title}: Rohan Mehta`);
    const roll = (await page.getByRole('definition').first().textContent()) ?? '';
    expect(roll).toMatch(/^DC-[0-9A-Z]{8}$/);
    const card = await admitCardText(
      page,
      (await page.getByRole('link', { name: en.registrant.admitCard }).getAttribute('href')) ?? '',
    );
    expect(card).toContain(roll);
    expect(card).toContain(formatDay(dateOf(E2E_SESSION.demoLater), 'en'));

    await page.getByRole('button', { name: en.registrant.cancelSubmit }).click();
    await expect(page.getByRole('status')).toHaveText(en.answers.cancelled);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.registrant.cancelledHeading);
  });
});

test('a session that fills while the form is open: the answer offers the next date and keeps what was typed', async ({
  page,
}) => {
  const en = words('en');
  await page.goto(paths.event('demo-class'));
  const form = await readyRegistrationForm(page, 'en');
  const mobile = uniqueMobile();
  await form.session.selectOption(E2E_SESSION.demoOneSeat);
  await form.studentName.fill('Kavya Joshi');
  await form.phone.fill(mobile.typed);
  await form.classLevel.selectOption('11');
  await form.email.fill('kavya.parent@example.com');
  await form.course.selectOption('neet-year-long');
  await form.consent.check();

  // Meanwhile another family takes the only seat.
  const other = await page.request.post(paths.api.registrations, {
    data: {
      enquirer: 'parent',
      studentName: 'Another Student',
      phone: uniqueMobile().typed,
      classLevel: '12',
      course: 'jee',
      consent: true,
      language: 'en',
      sessionId: E2E_SESSION.demoOneSeat,
    },
  });
  expect(other.status()).toBe(201);

  await form.submit.click();
  const next = formatDay(dateOf(E2E_SESSION.demoLater), 'en');
  await expect(page.getByRole('alert')).toHaveText(en.answers.full.replace('{date}', next));
  await expect(form.session).toHaveValue(E2E_SESSION.demoLater);
  await expect(form.session.locator(`option[value="${E2E_SESSION.demoOneSeat}"]`)).toBeDisabled();
  await expect(form.studentName).toHaveValue('Kavya Joshi');
  await expect(form.phone).toHaveValue(mobile.typed);
  await expect(form.classLevel).toHaveValue('11');
  await expect(form.email).toHaveValue('kavya.parent@example.com');

  await page.getByRole('button', { name: copy.en.form.errors.retry }).click();
  await expect(page.getByRole('status')).toContainText('Your seat is booked');
  // Stored with the booking: the admit card and the reminder go to it (this server sends no email).
  expect((await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE)).map((row) => row.email)).toEqual([
    'kavya.parent@example.com',
  ]);
});

test('the home page and a course page lead to both events', async ({ page }) => {
  for (const path of [paths.home, paths.course('jee')]) {
    await page.goto(path);
    for (const type of ['scholarship-test', 'demo-class'] as EventType[]) {
      const card = page.getByRole('link', { name: words('en').types[type].name });
      await expect(card).toHaveAttribute('href', paths.event(type));
    }
  }
});
