/**
 * Booking a seat at the scholarship test and the demo class (issue 27), as a family does it:
 * on a phone, in Hindi and in English, with and without JavaScript. The server is the events'
 * own (tests/support/events-server.ts), whose sessions are dated from today.
 */
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { EVENTS_DATABASE_FILE, EVENTS_PORT } from '../../playwright.config';
import { dayWithWeekday } from '../../desk/src/lib/format';
import { fill, formatDay, formatPhone } from '../../shared/format';
import { describeSession, serverWords } from '../../src/content/server-words';
import { type Language, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { courseSlugs } from '../../shared/courses';
import { classLevels } from '../../shared/schema/enquiry-fields';
import type { EventType } from '../../shared/schema/events';
import { E2E_SESSION, e2eSessions } from '../support/event-sessions';
import { scholarshipFor } from '../../shared/scholarship';
import { institute } from '../../src/content/institute';
import { expectNoAxeViolations } from './axe';
import { codeSentTo, copy, readyEnquiryForm, readyRegistrationForm, registrationForm, typeTheCode } from './support';
import { addStaff, enquiryRows, uniqueMobile } from './database';
import { choose, openDeskAs } from './desk-support';

const ORIGIN = `http://localhost:${EVENTS_PORT}`;
test.use({ baseURL: ORIGIN });

/** The events' words as the starting content has them (the booking's words included). */
const words = (language: Language) => serverWords[language].events;
const sessionOf = (id: string) => {
  const session = e2eSessions().find((each) => each.id === id);
  if (!session) throw new Error(`tests/support/event-sessions.ts: no session ${id}`);
  return session;
};
const dateOf = (id: string) => sessionOf(id).date;
/** A session as the family reads it (its option in the form, in full in a sentence, its day and time). */
const described = (id: string, language: Language) =>
  describeSession(sessionOf(id), language, serverWords[language].events, serverWords[language].address);

/** Whether an option's label fits its select (the width the phone shows it in), in the select's own font. */
const optionFits = (select: ReturnType<Page['locator']>, label: string) =>
  select.evaluate((element, text) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24; /* the arrow */
    return context.measureText(text).width <= room;
  }, label);
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

/** A seat booked through the API by a family that proved its number (the code read off the stand-in). */
async function bookedByApi(page: Page, studentName: string, language: Language) {
  const mobile = uniqueMobile();
  const asked = await page.request.post('/api/phone-codes', { data: { phone: mobile.typed, language } });
  expect(asked.status()).toBe(201);
  const { id: codeId } = (await asked.json()) as { id: string };
  const booked = await page.request.post('/api/registrations', {
    data: {
      studentName,
      phone: mobile.typed,
      classLevel: '12',
      course: 'jee',
      consent: true,
      language,
      sessionId: E2E_SESSION.demoLater,
      codeId,
      code: await codeSentTo(mobile.stored),
    },
  });
  expect(booked.status()).toBe(201);
  return { mobile, rollNumber: ((await booked.json()) as { rollNumber: string }).rollNumber };
}

/** "Find my booking" from an event's page, as a family that lost its link does it (the same with and without JavaScript). */
async function findMyBooking(page: Page, language: Language, seat: Awaited<ReturnType<typeof bookedByApi>>) {
  const find = words(language).findBooking;
  await page.goto(localizedPath(language, paths.event('demo-class')));
  await page.getByRole('link', { name: find.link }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(find.title);
  await page.getByLabel(find.phoneLabel).fill(seat.mobile.typed);
  await page.getByRole('button', { name: find.send }).click();
  // The code the number was sent (its second: the first proved the booking).
  await expect(page.getByRole('status')).toContainText(formatPhone(seat.mobile.stored));
  await page.getByLabel(words(language).verification.codeLabel).fill(await codeSentTo(seat.mobile.stored, 2));
  await page.getByRole('button', { name: find.confirm }).click();
  await expect(page.getByRole('status')).toHaveText(fill(find.found, { phone: formatPhone(seat.mobile.stored) }));
  await expect(page.getByText(seat.rollNumber)).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('an admin asks for a code before an enquiry; a parent on a Hindi course page types it and the enquiry goes', async ({
    page,
  }) => {
    const admin = await addStaff('admin', EVENTS_DATABASE_FILE);
    await openDeskAs(page, admin, { origin: ORIGIN });
    await page.goto(`${paths.staff}/leads`);
    const setting = page.getByLabel('Ask for a code before an enquiry is sent');
    await expect(setting).not.toBeChecked();
    await setting.click();
    await expect(page.getByText('The enquiry form now asks for a code.')).toBeVisible();
    try {
      const v = words('hi').verification;
      await page.goto(localizedPath('hi', paths.course('jee')));
      const form = await readyEnquiryForm(page, 'hi');
      const mobile = uniqueMobile();
      await form.studentName.fill('रिया गुप्ता');
      await form.phone.fill(mobile.typed);
      await form.consent.check();
      await form.submit.click();
      // The code goes to the number, and the step asks for it in Hindi; nothing is stored yet.
      await expect(page.locator('form#enquiry-form').getByRole('status')).toContainText(
        fill(v.sent, { phone: `+91 ••••• •${mobile.stored.slice(-4)}`, channel: v.channelSms, minutes: '10' }),
      );
      await expect(page.getByText(v.whyEnquiry)).toBeVisible();
      expect(await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE)).toEqual([]);
      await page.getByLabel(v.codeLabel).fill(await codeSentTo(mobile.stored));
      await page.getByRole('button', { name: v.confirmEnquiry }).click();
      await expect(page.getByRole('heading', { name: copy.hi.form.sentHeading })).toBeVisible();
      expect(await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE)).toEqual([
        expect.objectContaining({ student_name: 'रिया गुप्ता', number_proved_by: 'sms' }),
      ]);
    } finally {
      // The events server's other tests book seats, which need a code anyway; its enquiries go back to none.
      await page.goto(`${paths.staff}/leads`);
      await page.getByLabel('Ask for a code before an enquiry is sent').click();
      await expect(page.getByText('The enquiry form no longer asks for a code.')).toBeVisible();
    }
  });

  test('a parent who lost the link finds the booking in Hindi by a code to the number, and opens it', async ({
    page,
  }) => {
    const seat = await bookedByApi(page, 'कबीर वर्मा', 'hi');
    await findMyBooking(page, 'hi', seat);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: fill(words('hi').findBooking.open, { student: 'कबीर वर्मा' }) }).click();
    await expect(page.locator('.roll').first()).toHaveText(seat.rollNumber);
  });

  test('a parent books the scholarship test in Hindi, reads the Hindi admit card and moves the date once', async ({
    page,
  }) => {
    const hi = words('hi');
    await page.goto(localizedPath('hi', paths.event('scholarship-test')));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi.types['scholarship-test'].heading);
    // The dates, with the seats still open (asked of the server once the page runs).
    const first = page.getByRole('listitem').filter({ hasText: formatDay(dateOf(E2E_SESSION.test), 'hi') });
    await expect(first).toContainText(/बाक़ी सीटें: \d+/);

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
    await expect(form.session.locator('option:checked')).toHaveText(described(E2E_SESSION.test, 'hi').option);
    await form.studentName.fill('अदिति शर्मा');
    await form.phone.fill(mobile.typed);
    await form.classLevel.selectOption('12');
    await form.course.selectOption('neet-year-long');
    await form.consent.check();
    await form.submit.click();
    // Nothing is booked until the number is proved: the code, sent to it by SMS, said so in Hindi.
    await expect(page.locator('form#enquiry-form').getByRole('status')).toHaveText(
      fill(words('hi').verification.sent, {
        phone: `+91 ••••• •${mobile.stored.slice(-4)}`,
        channel: words('hi').verification.channelSms,
        minutes: '10',
      }),
    );
    await expect(page.getByLabel(words('hi').verification.codeLabel)).toBeFocused();
    await expectNoAxeViolations(page);
    expect(await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE)).toEqual([]);
    // A thumb that slips: a wrong code says how many tries are left, and keeps the step.
    const code = await codeSentTo(mobile.stored);
    await page.getByLabel(words('hi').verification.codeLabel).fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: words('hi').verification.confirm }).click();
    await expect(page.getByText(fill(words('hi').verification.wrong, { tries: '4' }))).toBeVisible();
    await typeTheCode(page, mobile.stored, 'hi');

    const answer = page.getByRole('status');
    await expect(answer).toContainText('आपकी सीट बुक हो गई है');
    const roll = (await answer.locator('strong').textContent()) ?? '';
    expect(roll).toMatch(/^ST-[0-9A-Z]{8}$/);
    // The confirmation says when and where: the day, the time, when to arrive, the centre's address.
    const test = described(E2E_SESSION.test, 'hi');
    await expect(answer.getByRole('definition')).toHaveText([
      roll,
      `${test.day}, ${test.time}`,
      test.arriveAt,
      test.venue,
    ]);
    // The roll number once, on one line.
    await expect(answer.getByText(roll)).toHaveCount(1);
    await expect(answer.locator('strong')).toHaveCSS('white-space', 'nowrap');

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
    await openDeskAs(page, counsellor, { origin: ORIGIN });
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    const day = dayWithWeekday(dateOf(E2E_SESSION.testLater));
    await page
      .getByRole('link', { name: new RegExp(`^${copy.en.events?.types['scholarship-test'].name} · ${day} `) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(day);
    // She has no email: the reminder goes by WhatsApp, in Hindi, to her number.
    const entry = page.getByRole('listitem').filter({ hasText: roll });
    const reminder = entry.getByRole('link', { name: 'No email: send the reminder by WhatsApp' });
    const reminderUrl = new URL((await reminder.getAttribute('href')) ?? '');
    expect(reminderUrl.pathname).toBe(`/${mobile.stored.slice(1)}`);
    expect(reminderUrl.searchParams.get('text')).toContain(`रोल नंबर ${roll}`);
    await expectNoAxeViolations(page);

    // Weeks before its day, the page says so above the door.
    await expect(page.getByRole('status').filter({ hasText: 'mark students present on its day' })).toHaveText(
      /^This session is (tomorrow|in \d+ days): mark students present on its day\.$/,
    );
    const toRemind = page
      .getByRole('navigation', { name: 'Who to show' })
      .getByRole('link', { name: /^To remind by phone/ });
    const remindCount = async () => Number(/\((\d+)\)/.exec((await toRemind.textContent()) ?? '')?.[1]);
    const before = await remindCount();

    // The roll number as a person types it from the card: lower case, no hyphen.
    await page.getByLabel('Roll number').fill(roll.toLowerCase().replace('-', ''));
    await page.getByRole('button', { name: 'Mark present', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Present:' })).toHaveText(`Present: अदिति शर्मा (${roll}).`);
    await expect(entry).toContainText('Present');
    // Here now: no longer among those to remind by phone.
    await expect.poll(remindCount).toBe(before - 1);
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

/**
 * The one-seat demo class taken by another family (once per run: the server starts with every
 * seat free), as happens while a family is filling in the form.
 */
async function takeTheOneSeat(page: Page) {
  // That family proves its number first, as every booking does.
  const mobile = uniqueMobile();
  const asked = await page.request.post(paths.api.phoneCodes, { data: { phone: mobile.typed } });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  const other = await page.request.post(paths.api.registrations, {
    data: {
      codeId: id,
      code: await codeSentTo(mobile.stored),
      enquirer: 'parent',
      studentName: 'Another Student',
      phone: mobile.typed,
      classLevel: '12',
      course: 'jee',
      consent: true,
      language: 'en',
      sessionId: E2E_SESSION.demoOneSeat,
    },
  });
  // 201: taken now; 409: another test of this run took it first.
  expect([201, 409]).toContain(other.status());
}

test.describe('on a phone, a session that fills while the form is open', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the answer names the next date in full (online), does not choose it for a family who chose the centre, and the booking says when and where', async ({
    page,
  }) => {
    const en = words('en');
    await page.goto(paths.event('demo-class'));
    const form = await readyRegistrationForm(page, 'en');
    // The dates' labels fit the phone, the kind first.
    const online = described(E2E_SESSION.demoOnline, 'en');
    await expect(form.session.locator(`option[value="${E2E_SESSION.demoOnline}"]`)).toHaveText(online.option);
    expect(online.option).toMatch(/^Online · /);
    for (const id of [E2E_SESSION.demoOneSeat, E2E_SESSION.demoOnline, E2E_SESSION.demoLater])
      expect(await optionFits(form.session, described(id, 'en').option), id).toBe(true);

    const mobile = uniqueMobile();
    await form.session.selectOption(E2E_SESSION.demoOneSeat);
    await form.studentName.fill('Kavya Joshi');
    await form.phone.fill(mobile.typed);
    await form.classLevel.selectOption('11');
    await form.email.fill('kavya.parent@example.com');
    await form.course.selectOption('neet-year-long');
    await form.consent.check();
    // Meanwhile another family takes the only seat.
    await takeTheOneSeat(page);
    await form.submit.click();
    await typeTheCode(page, mobile.stored, 'en');

    // Named in full, online; not chosen for her: she chose the centre.
    await expect(page.getByRole('alert')).toHaveText(fill(en.booking.fullOtherKind, { session: online.inFull }));
    await expect(page.getByRole('alert')).toContainText(`online, ${formatDay(dateOf(E2E_SESSION.demoOnline), 'en')}`);
    await expect(form.session).toHaveValue('');
    await expect(form.session.locator(`option[value="${E2E_SESSION.demoOneSeat}"]`)).toBeDisabled();
    await expect(form.session.locator(`option[value="${E2E_SESSION.demoOneSeat}"]`)).toHaveText(
      fill(en.booking.optionFull, { option: described(E2E_SESSION.demoOneSeat, 'en').option }),
    );
    await expect(form.studentName).toHaveValue('Kavya Joshi');
    await expect(form.phone).toHaveValue(mobile.typed);
    await expect(form.classLevel).toHaveValue('11');
    await expect(form.email).toHaveValue('kavya.parent@example.com');

    // She chooses the later date at the centre herself.
    await form.session.selectOption(E2E_SESSION.demoLater);
    await page.getByRole('button', { name: copy.en.form.errors.retry }).click();
    const answer = page.getByRole('status');
    await expect(answer).toContainText(en.answers.booked);
    const later = described(E2E_SESSION.demoLater, 'en');
    await expect(answer.getByRole('definition').nth(1)).toHaveText(`${later.day}, ${later.time}`);
    await expect(answer.getByRole('definition').nth(3)).toHaveText(later.venue);
    // Stored with the booking: the admit card and the reminder go to it (this server sends no email).
    expect((await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE)).map((row) => row.email)).toEqual([
      'kavya.parent@example.com',
    ]);
  });

  test('the Hindi dates fit the phone too, the kind first', async ({ page }) => {
    await page.goto(localizedPath('hi', paths.event('demo-class')));
    const form = await readyRegistrationForm(page, 'hi');
    for (const id of [E2E_SESSION.demoOneSeat, E2E_SESSION.demoOnline, E2E_SESSION.demoLater]) {
      const option = described(id, 'hi').option;
      await expect(form.session.locator(`option[value="${id}"]`)).toHaveText(
        new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      expect(await optionFits(form.session, option), id).toBe(true);
    }
    expect(described(E2E_SESSION.demoOnline, 'hi').option).toMatch(/^ऑनलाइन · /);
  });

  test('booking again in Hindi: the answer names the seat booked (date, time, place) and how to change it, not its link', async ({
    page,
  }) => {
    const hi = words('hi');
    const mobile = uniqueMobile();
    const book = async (sessionId: string) => {
      await page.goto(localizedPath('hi', paths.event('scholarship-test')));
      const form = await readyRegistrationForm(page, 'hi');
      await form.session.selectOption(sessionId);
      await form.studentName.fill('मीरा गुप्ता');
      await form.phone.fill(mobile.typed);
      await form.classLevel.selectOption('11');
      await form.course.selectOption('jee');
      await form.consent.check();
      await form.submit.click();
      return page.getByRole('status');
    };
    const first = await book(E2E_SESSION.test);
    // The first time, the number is proved by a code; this browser then keeps its proof a while.
    await typeTheCode(page, mobile.stored, 'hi');
    await expect(first).toContainText(hi.answers.booked);
    const roll = (await first.locator('strong').textContent()) ?? '';

    // The tab closed, the link lost: she books again, choosing the later date this time.
    const again = await book(E2E_SESSION.testLater);
    const booked = described(E2E_SESSION.test, 'hi');
    await expect(again.getByRole('heading')).toHaveText(
      `${fill(hi.booking.alreadyAt, { session: booked.inFull, roll })} ${fill(hi.booking.alreadyCall, { phone: formatPhone(institute.phone) })}`,
    );
    await expect(again).toContainText(formatDay(dateOf(E2E_SESSION.test), 'hi'));
    await expect(again).not.toContainText(formatDay(dateOf(E2E_SESSION.testLater), 'hi'));
    // No link to the booking for whoever knows a name and a number.
    await expect(again.getByRole('link', { name: hi.registrant.title })).toHaveCount(0);
    await expect(again.getByRole('link', { name: hi.registrant.admitCard })).toHaveCount(0);
    // No seat's link (the "find my booking" page, /r/find, is everyone's).
    expect(await page.locator('a[href^="/r/"]:not([href^="/r/find"]), a[href*="/api/registrations/"]').count()).toBe(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a student who lost the link finds the booking by a code to the number', async ({ page }) => {
    const seat = await bookedByApi(page, 'Irfan Khan', 'en');
    await findMyBooking(page, 'en', seat);
    await page.getByRole('link', { name: fill(words('en').findBooking.open, { student: 'Irfan Khan' }) }).click();
    await expect(page.locator('.roll').first()).toHaveText(seat.rollNumber);
  });

  test('a student books the demo class in English, lands on their page that says so, adds it to a calendar, and cancels after being asked once', async ({
    page,
  }) => {
    const en = words('en');
    await page.goto(paths.event('demo-class'));
    const form = registrationForm(page, 'en');
    await form.enquirer.selectOption('student');
    await form.session.selectOption(E2E_SESSION.demoLater);
    const mobile = uniqueMobile();
    await form.studentName.fill('Rohan Mehta');
    await form.phone.fill(mobile.typed);
    await form.classLevel.selectOption('12');
    await form.course.selectOption('jee');
    await form.consent.check();
    await form.submit.click();
    // Without JavaScript too: a page asks for the code sent to the number, and books once it is typed.
    await expect(page).toHaveTitle(`${en.verification.title} | ${serverWords.en.siteName}`);
    await typeTheCode(page, mobile.stored, 'en');

    await expect(page).toHaveURL(/\/r\/[0-9a-f-]{36}\.[\w-]{22}\?said=booked$/);
    await expect(page.getByRole('status')).toHaveText(en.answers.booked);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${en.registrant.title}: Rohan Mehta`);
    // The institute's name (and mark) at the top, linking home.
    await expect(page.getByRole('banner').getByRole('link', { name: serverWords.en.siteName })).toHaveAttribute(
      'href',
      '/',
    );
    const roll = (await page.getByRole('definition').first().textContent()) ?? '';
    expect(roll).toMatch(/^DC-[0-9A-Z]{8}$/);
    await expect(page.getByRole('definition').first()).toHaveCSS('white-space', 'nowrap');
    const later = described(E2E_SESSION.demoLater, 'en');
    await expect(page.getByRole('definition')).toContainText([`${later.day}, ${later.time}`, later.venue]);
    const card = await admitCardText(
      page,
      (await page.getByRole('link', { name: en.registrant.admitCard }).getAttribute('href')) ?? '',
    );
    expect(card).toContain(roll);
    expect(card).toContain(formatDay(dateOf(E2E_SESSION.demoLater), 'en'));

    // The calendar file: where, the seat's page, a reminder the day before.
    const seatPage = new URL(page.url());
    const ics = await page.request.get(
      (await page.getByRole('link', { name: en.registrant.calendar }).getAttribute('href')) ?? '',
    );
    const calendar = (await ics.text()).replace(/\r\n[ \t]/g, '');
    expect(calendar).toContain(`LOCATION:${serverWords.en.address.replaceAll(',', '\\,')}`);
    expect(calendar).toContain(`URL:${institute.origin}${seatPage.pathname}`);
    expect(calendar).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:[^\r]+\r\nTRIGGER:-PT24H\r\nEND:VALARM/);
    // Beside it, Google Calendar (Android opens no downloaded .ics), and the page's link to her own WhatsApp.
    const google = new URL(
      (await page.getByRole('link', { name: en.booking.googleCalendar }).getAttribute('href')) ?? '',
    );
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('location')).toBe(serverWords.en.address);
    // Both are a thumb's size (44 px tall), not a line of text's.
    for (const name of [en.registrant.calendar, en.booking.googleCalendar, en.registrant.mapLink]) {
      const box = await page.getByRole('link', { name }).boundingBox();
      expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    const whatsApp = new URL((await page.getByRole('link', { name: en.booking.whatsApp }).getAttribute('href')) ?? '');
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.searchParams.get('text')).toContain(`${institute.origin}${seatPage.pathname}`);

    // Booking again from the form: which seat, and no link.
    await page.goto(paths.event('demo-class'));
    await form.enquirer.selectOption('student');
    await form.session.selectOption(E2E_SESSION.demoOnline);
    await form.studentName.fill('Rohan Mehta');
    await form.phone.fill(mobile.typed);
    await form.classLevel.selectOption('12');
    await form.course.selectOption('jee');
    await form.consent.check();
    await form.submit.click();
    await typeTheCode(page, mobile.stored, 'en', 2);
    await expect(page).toHaveTitle(`${en.booking.alreadyTitle} | ${serverWords.en.siteName}`);
    await expect(page.getByRole('alert')).toContainText(`${later.inFull}. Roll number: ${roll}.`);
    // No seat's link (the "find my booking" page, /r/find, is everyone's).
    expect(await page.locator('a[href^="/r/"]:not([href^="/r/find"]), a[href*="/api/registrations/"]').count()).toBe(0);

    // Cancel: asked once, naming the student and the date; only "yes" cancels.
    await page.goto(seatPage.pathname);
    await page.getByRole('link', { name: en.registrant.cancelSubmit }).click();
    const question = fill(en.booking.cancelQuestion, { student: 'Rohan Mehta', day: later.day });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
    await page.getByRole('link', { name: en.booking.cancelKeep }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${en.registrant.title}: Rohan Mehta`);
    await page.getByRole('link', { name: en.registrant.cancelSubmit }).click();
    await page.getByRole('button', { name: en.booking.cancelYes }).click();
    await expect(page.getByRole('status')).toHaveText(en.answers.cancelled);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.registrant.cancelledHeading);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

    test('a full date, in Hindi: the titled page names the next date, online, and its one button books it with everything that was posted', async ({
      page,
    }) => {
      const hi = words('hi');
      await takeTheOneSeat(page);
      await page.goto(localizedPath('hi', paths.event('demo-class')));
      const form = registrationForm(page, 'hi');
      // A student under 18, with a parent's details, who ticks the consent.
      await form.enquirer.selectOption('student');
      await page.getByLabel(copy.hi.form.fields.studentUnder18.label).check();
      await form.session.selectOption(E2E_SESSION.demoOneSeat);
      await form.studentName.fill('तनु वर्मा');
      const mobile = uniqueMobile();
      await form.phone.fill(mobile.typed);
      await form.classLevel.selectOption('10');
      await form.course.selectOption('foundation');
      await page.getByLabel(copy.hi.form.fields.parentName.label).fill('सीमा वर्मा');
      const parent = uniqueMobile();
      await page.getByLabel(copy.hi.form.fields.parentPhone.label).fill(parent.typed);
      await form.consent.check();
      await form.submit.click();
      // The parent's number is the one proved.
      await typeTheCode(page, parent.stored, 'hi');

      const online = described(E2E_SESSION.demoOnline, 'hi');
      await expect(page).toHaveTitle(`${hi.booking.fullTitle} | ${serverWords.hi.siteName}`);
      await expect(page.getByRole('alert')).toHaveText(fill(hi.booking.fullOtherKind, { session: online.inFull }));
      const book = page.getByRole('button', { name: fill(hi.booking.bookOffered, { session: online.inFull }) });
      await expect(book).toContainText('ऑनलाइन');
      await book.click();

      // Booked, online: the page says so, and how the joining link comes.
      await expect(page).toHaveURL(/\/r\/[0-9a-f-]{36}\.[\w-]{22}\?said=booked$/);
      await expect(page.getByRole('status')).toHaveText(hi.answers.booked);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${hi.registrant.title}: तनु वर्मा`);
      await expect(page.getByRole('definition')).toContainText([
        `${online.day}, ${online.time}`,
        online.arriveAt,
        // Online: the row below says how the joining link comes, once.
        hi.ui.onlineShort,
        hi.booking.joinLinkLater,
      ]);
      await expect(page.getByRole('term')).toContainText([hi.booking.joinByLabel]);
      const [stored] = await enquiryRows({ phone: mobile.stored }, EVENTS_DATABASE_FILE);
      expect(stored).toMatchObject({ student_name: 'तनु वर्मा', parent_name: 'सीमा वर्मा' });
      expect(stored?.consent_at).not.toBeNull();
    });
  });
});

test('the seats left come after the page without moving the sessions under the thumb', async ({ page }) => {
  // The seats are asked for once the page runs (src/lib/event-seats.ts): held until the cards are measured.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**${paths.api.eventSessions}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(paths.event('scholarship-test'));
  const sessions = page.getByRole('region', { name: copy.en.events?.ui.sessionsHeading }).getByRole('listitem');
  await expect(sessions.first()).toBeVisible();
  const boxes = () => sessions.evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()));
  const before = await boxes();
  const arrived = page.waitForResponse(`**${paths.api.eventSessions}`);
  answer();
  await arrived;
  await expect(sessions.getByText(/^Seats left: \d+$/).first()).toBeVisible();
  expect(await boxes()).toEqual(before);
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

test.describe('at the door, on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('a student who did not book is added on the session’s day: a slip, a lost signal, then present', async ({
    page,
    context,
  }) => {
    const counsellor = await addStaff('counsellor', EVENTS_DATABASE_FILE);
    await openDeskAs(page, counsellor, { origin: ORIGIN });
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Events' }).tap();
    const day = dayWithWeekday(dateOf(E2E_SESSION.demoToday));
    await page.getByRole('link', { name: new RegExp(`^${copy.en.events?.types['demo-class'].name} · ${day} `) }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(day);

    await page.getByRole('button', { name: 'A student who did not book' }).tap();
    const mobile = uniqueMobile();
    const student = `Tanvi ${mobile.stored.slice(-4)}`;
    await page.getByLabel('Student', { exact: true }).fill(student);
    await page.getByLabel("A parent's mobile number").fill(mobile.typed);
    await choose(page, 'Course', copy.en.courses.jee.name);
    // A slip: added before the parent was asked. Refused, in words; nothing typed is lost.
    const add = page.getByRole('button', { name: 'Add and mark present' });
    await add.tap();
    await expect(page.getByText('Ask them first: without their agreement nobody may call them.')).toBeVisible();
    await page.getByRole('checkbox', { name: /I asked, and the parent agrees/ }).tap();
    // The signal drops as the counsellor taps: said, and what was typed stays.
    await context.setOffline(true);
    await add.tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not add' })).toBeVisible();
    await expect(page.getByLabel('Student', { exact: true })).toHaveValue(student);
    await context.setOffline(false);
    await add.tap();
    await expect(page.getByRole('status').filter({ hasText: /^Added and present: / })).toContainText(student);
    // In the session's list, present, with a roll number of the demo class's.
    const entry = page.getByRole('listitem').filter({ hasText: student });
    await expect(entry).toContainText('Present');
    await expectNoAxeViolations(page);
  });
});
