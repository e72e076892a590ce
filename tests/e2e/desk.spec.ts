/**
 * The enquiry desk (/staff) as staff use it, in Chromium against the production server:
 * an enquiry sent from the public form is found, worked and kept; an admin manages
 * accounts; axe finds nothing on any desk page; public pages load none of its code.
 */
import { expect, test } from '@playwright/test';
import { deskPages, menuPages } from '../../shared/desk-pages';
import { addStaff, uniqueMobile } from './database';
import { choose, openDeskAs, selectShown, sendEnquiry, showEveryone, signIn } from './desk-support';
import { expectNoAxeViolations } from './axe';
import { collectProblems, courses, form as words, paths, readyEnquiryForm } from './support';

test.describe('the enquiry desk', () => {
  test('a counsellor finds an enquiry sent from the public form, works it, and sees the work after a reload', async ({
    page,
  }) => {
    const phone = uniqueMobile();
    const student = `Desk Student ${phone.stored.slice(-4)}`;
    const jee = courses.find((course) => course.slug === 'jee');
    if (!jee) throw new Error('no JEE course');

    await page.goto(paths.contact);
    const form = await readyEnquiryForm(page);
    await form.studentName.fill(student);
    await form.phone.fill(phone.typed);
    await form.course.selectOption({ label: jee.name });
    await form.consent.check();
    await form.submit.click();
    await expect(form.result.getByRole('heading', { name: words.sentHeading })).toBeVisible();

    // From the desk's first page on, nothing may go wrong.
    await openDeskAs(page, await addStaff('counsellor'));
    const problems = collectProblems(page);
    await page.getByRole('link', { name: 'Enquiries' }).click();
    // The number as a parent would read it out, not as it was typed into the form.
    await page
      .getByLabel('Search by name, phone, city or email')
      .fill(`0${phone.stored.slice(3, 8)}-${phone.stored.slice(8)}`);
    await page.getByLabel('Search by name, phone, city or email').press('Enter');
    await page.getByRole('link', { name: student, exact: true }).click();

    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: `Call ${student} on ${phone.display}` })).toHaveAttribute(
      'href',
      `tel:${phone.stored}`,
    );
    await choose(page, 'Status', 'Contacted');
    await page.getByLabel('Next follow-up').fill('2026-12-01T18:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await page.getByLabel('Note', { exact: true }).fill('Father will visit on Saturday at 11.');
    await page.getByRole('button', { name: 'Add note' }).click();
    // Stored: the box is empty again (until then the text found below could be the box's own,
    // and a reload would keep it as a draft).
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
    await expect(page.getByText('Father will visit on Saturday at 11.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(selectShown(page, 'Status')).toContainText('Contacted');
    await expect(page.getByLabel('Next follow-up')).toHaveValue('2026-12-01T18:00');
    await expect(page.getByText('Father will visit on Saturday at 11.')).toBeVisible();
    await expect(page.getByText(/Status New → Contacted/)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an admin adds a counsellor and disables them; their open session then fails', async ({ page, browser }) => {
    const admin = await addStaff('admin');
    await openDeskAs(page, admin);
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    const tag = Math.random().toString(36).slice(2, 8);
    const newcomer = {
      email: `new-${tag}@example.com`,
      name: `Newcomer ${tag}`,
      password: 'a long enough password',
      role: 'counsellor' as const,
    };
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Name').fill(newcomer.name);
    await page.getByLabel('Password').fill(newcomer.password);
    // A counsellor who calls in Hindi only, said where the account is made.
    const callsIn = page.getByRole('group', { name: 'Calls in' });
    await callsIn.getByRole('checkbox', { name: 'All languages' }).uncheck();
    await callsIn.getByRole('checkbox', { name: 'हिन्दी' }).check();
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByRole('cell', { name: newcomer.email, exact: true })).toBeVisible();
    // Leads, where the work is shared, has it.
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Leads' }).click();
    const theirWork = page.getByRole('region', { name: newcomer.name }).getByRole('group', { name: 'Calls in' });
    await expect(theirWork.getByRole('checkbox', { name: 'All languages' })).not.toBeChecked();
    await expect(theirWork.getByRole('checkbox', { name: 'हिन्दी' })).toBeChecked();
    await expect(theirWork.getByRole('checkbox', { name: 'English' })).not.toBeChecked();
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Staff accounts' }).click();

    const other = await browser.newContext();
    const theirPage = await other.newPage();
    await signIn(theirPage, newcomer);

    await page.getByRole('button', { name: `Disable ${newcomer.name}` }).click();
    await expect(page.getByText(`${newcomer.name} is disabled and signed out.`)).toBeVisible();

    await theirPage.getByRole('link', { name: 'Enquiries' }).click();
    await expect(theirPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const response = await theirPage.request.get('/api/staff/me');
    expect(response.status()).toBe(401);
    await other.close();

    // What the admin did is listed under Activity, newest first.
    // (This admin's rows: other tests' admins work on the same server meanwhile.)
    const activity = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'What' }) })
      .getByRole('row')
      .filter({ hasText: admin.name });
    await expect(activity.nth(0)).toContainText(`${admin.name}disabled ${newcomer.email} and ended their sessions`);
    await expect(activity.nth(1)).toContainText(`added the account ${newcomer.email}`);
  });

  test('a counsellor cannot open the admin pages, and the server refuses their API too', async ({ page }) => {
    await openDeskAs(page, await addStaff('counsellor'));
    await expect(page.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
    expect((await page.request.get('/api/staff/accounts')).status()).toBe(403);
  });

  test('axe finds no violations on any desk page', async ({ page }) => {
    // Seven pages, each scanned whole by axe: more than a minute on a busy machine.
    test.slow();
    await page.goto(`${paths.staff}${deskPages.signIn.path}`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page, await addStaff('admin'));
    await expectNoAxeViolations(page);
    // Every page in the menu after Today (where signing in lands); each heading is its menu label.
    for (const [link, heading] of menuPages.slice(1).map((menuPage) => [menuPage.menu, menuPage.menu] as const)) {
      await page.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
    // An enquiry with a note, so that its page shows every part.
    const { phone, student } = await sendEnquiry(page, 'Axe Check');
    await page.getByRole('link', { name: 'Enquiries' }).click();
    await page.getByLabel('Search by name, phone, city or email').fill(phone.typed);
    await page.getByLabel('Search by name, phone, city or email').press('Enter');
    // The search's answer replaces the list: wait for it before choosing.
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: student, exact: true }).click();
    await page.getByLabel('Note', { exact: true }).fill('Asked about the hostel.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
    await expect(page.getByText('Asked about the hostel.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the dashboard counts an enrolment in its funnel, and plots the day by course', async ({ page }) => {
    const jee = courses.find((course) => course.slug === 'jee');
    if (!jee) throw new Error('no JEE course');
    const { phone, student } = await sendEnquiry(page, 'Funnel Check');
    await openDeskAs(page, await addStaff('counsellor'));
    const desk = page.getByRole('navigation', { name: 'Desk' });
    // Each plot is a figure named by its caption; the bar for a status has its count written beside it.
    const funnel = page.getByRole('figure', { name: /Where this period's enquiries stand now/ });
    const enrolledCount = funnel.getByTitle(/^Enrolled: \d+$/).getByText(/^\d+$/);

    await desk.getByRole('link', { name: 'Dashboard' }).click();
    await expect(enrolledCount).toBeVisible();
    const before = Number(await enrolledCount.textContent());

    await desk.getByRole('link', { name: 'Enquiries' }).click();
    await page.getByLabel('Search by name, phone, city or email').fill(phone.typed);
    await page.getByLabel('Search by name, phone, city or email').press('Enter');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: student, exact: true }).click();
    await choose(page, 'Status', 'Enrolled');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();

    await desk.getByRole('link', { name: 'Dashboard' }).click();
    await expect(enrolledCount).toHaveText(String(before + 1));
    // The table beside it says the same to a screen reader.
    await expect(page.getByRole('row', { name: new RegExp(`^Enrolled ${before + 1} `) })).toBeVisible();
    // The daily plot names the enquiry's course in its legend, and today's column has a segment for it.
    const daily = page.getByRole('figure', { name: /Enquiries received each day, stacked by course/ });
    await expect(daily.getByText(jee.name, { exact: true })).toBeVisible();
    const today = new Intl.DateTimeFormat('en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Kolkata',
    }).format(new Date());
    await expect(daily.getByTitle(`${today} · ${jee.name}: `)).toBeVisible();

    // Today's families, in speed to lead and in visits and enrolments; then chosen dates, in the URL.
    const speed = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Called in time' }) });
    // "Called in time" says of how many decided so far ("1 of 1 (100%)"), not of all the enquiries.
    await expect(speed.first().getByRole('row', { name: /^Today [1-9]\d* \d+ of \d+ \((\d+%|—)\)/ })).toBeVisible();
    const outcomes = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Visits' }) });
    await expect(outcomes.getByRole('row', { name: /^Today [1-9]\d* \d+ [1-9]\d*$/ })).toBeVisible();
    const isoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(isoToday);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(isoToday);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${isoToday}&to=${isoToday}$`));
    await expect(page.getByText(`Families by their first enquiry, from ${isoToday} to ${isoToday}`)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Dates' })).toBeChecked();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test('a counsellor works the day from a 360 px screen: nothing wider than the screen, axe finds nothing', async ({
      page,
    }) => {
      const { phone, student } = await sendEnquiry(page, 'Phone Check');
      /** The page fits the screen (wide tables scroll inside themselves), and axe finds nothing. */
      const fitsAndPasses = async () => {
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await expectNoAxeViolations(page);
      };

      await openDeskAs(page, await addStaff('counsellor'));
      await fitsAndPasses();
      await showEveryone(page);
      // Today lists the new enquiry, not yet contacted; its name opens it.
      await page.getByRole('link', { name: student, exact: true }).tap();
      await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: `Call ${student} on ${phone.display}` })).toBeVisible();
      await fitsAndPasses();
      await choose(page, 'Status', 'Contacted');
      await page.getByRole('button', { name: 'Save changes' }).tap();
      await expect(page.getByText('Saved.').first()).toBeVisible();

      for (const heading of ['Enquiries', 'Dashboard']) {
        await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: heading }).tap();
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await fitsAndPasses();
      }
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    });

    test("an admin's five pages fit the screen too, each one tap away", async ({ page }) => {
      await openDeskAs(page, await addStaff('admin'));
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Staff accounts' }).tap();
      await expect(page.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
    });
  });

  test('is not indexed, and no public page loads its code', async ({ page, request }) => {
    const desk = await request.get(paths.staff);
    expect(desk.headers()['x-robots-tag']).toContain('noindex');
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Disallow: \/staff$/m);
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto(paths.contact);
    await readyEnquiryForm(page);
    expect(loaded.filter((url) => url.includes('/staff'))).toEqual([]);
  });
});
