/**
 * A counsellor's day on a phone, on a server of its own (LEADS_PORT) where the test's counsellor
 * is the only one at work, so every new enquiry is theirs: the desk tells them of a new lead by itself,
 * they open it, send the Hindi WhatsApp message and record an unanswered call in one tap; an
 * admin sees the lead nobody called in time.
 */
import { expect, type Page, test } from '@playwright/test';
import { LEADS_DATABASE_FILE, LEADS_PORT } from '../../playwright.config';
import { addStaff, uniqueMobile } from './database';
import { openDeskAs } from './desk-support';
import { expectNoAxeViolations } from './axe';
import { type Subscription, startPushService } from '../support/push-service';

const ORIGIN = `http://localhost:${LEADS_PORT}`;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** Every other counsellor on this server is away (a run before this one may have added some): new leads are `email`'s. */
async function onlyActiveCounsellor(email: string) {
  const { openDatabase } = await import('../../server/db/database');
  const database = await openDatabase(`file:${LEADS_DATABASE_FILE}`);
  try {
    await database.db
      .updateTable('staff')
      .set({ away_since: new Date().toISOString() })
      .where('role', '=', 'counsellor')
      .where('email', '!=', email)
      .execute();
  } finally {
    await database.close();
  }
}

/** A new counsellor, signed in on this page, the only one at work: every new enquiry is theirs. */
async function signInAsOnlyCounsellor(page: Page) {
  const counsellor = await addStaff('counsellor', LEADS_DATABASE_FILE);
  await onlyActiveCounsellor(counsellor.email);
  await openDeskAs(page, counsellor, { origin: ORIGIN });
}

/** An enquiry received long ago (five days) and never called: stored as the server stores one, with its owner. */
async function seedOldEnquiry(student: string) {
  const { openDatabase } = await import('../../server/db/database');
  const { createEnquiryRepository } = await import('../../server/db/enquiry-repository');
  const { enquirySchema } = await import('../../shared/schema/enquiry');
  const database = await openDatabase(`file:${LEADS_DATABASE_FILE}`);
  try {
    await createEnquiryRepository(database).save(
      enquirySchema.parse({
        studentName: student,
        phone: uniqueMobile().typed,
        classLevel: '12',
        course: 'neet-repeaters',
        city: 'Patna',
        consent: true,
      }),
      { source: 'json', now: new Date(Date.now() - 5 * 86_400_000) },
    );
  } finally {
    await database.close();
  }
}

test('a counsellor is told of a new lead, opens it, sends the Hindi message and records "No answer" in one tap', async ({
  page,
}) => {
  await signInAsOnlyCounsellor(page);
  const desk = page.getByRole('navigation', { name: 'Desk' });
  await expect(desk.getByRole('link', { name: 'Today' })).toBeVisible();

  // A family writes in Hindi while the desk is open.
  const phone = uniqueMobile();
  const student = `आरव शर्मा ${phone.stored.slice(-4)}`;
  const sent = await page.request.post(`${ORIGIN}/api/enquiries`, {
    data: {
      studentName: student,
      phone: phone.typed,
      classLevel: '11',
      course: 'jee',
      city: 'कोटा',
      consent: true,
      language: 'hi',
    },
  });
  expect(sent.status()).toBe(201);

  // Without a reload: the menu counts it, and Today lists it for them, to call in Hindi.
  await expect(desk.getByRole('status', { name: '1 new for you' })).toBeVisible({ timeout: 60_000 });
  // The tab counts it too, seen from another tab or app.
  await expect(page).toHaveTitle('(1) Today · Enquiry desk');
  const fresh = page.getByRole('region', { name: /New, not reached yet/ });
  const entry = fresh.getByRole('listitem').filter({ has: page.getByRole('link', { name: student, exact: true }) });
  await expect(entry.getByText('Call in Hindi (हिन्दी)')).toBeVisible();
  // Told once, on its row in the list: not again in a list of its own above the work.
  await expect(entry.getByText('New lead for you')).toBeVisible();
  await expect(page.getByText('1 lead new for you, marked in the lists below.')).toBeVisible();
  await expect(page.getByRole('region', { name: /For you/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await entry.getByRole('link', { name: student, exact: true }).tap();
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
  // The first screen: the name, the call link and what the call came to, without scrolling.
  const callLink = page.getByRole('link', { name: `Call ${student} on ${phone.display}` }).first();
  await expect(callLink).toBeInViewport();
  await expect(page.getByRole('button', { name: 'No answer' })).toBeInViewport();
  await expect(desk.getByRole('status', { name: /new for you/ })).toHaveCount(0);
  await expect(page).toHaveTitle(`${student} · Enquiry desk`);

  // The WhatsApp message is written in Hindi, to their number; opening it is recorded.
  const whatsapp = page.getByRole('link', { name: 'WhatsApp: First reply (missed you)' });
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href.startsWith(`https://wa.me/${phone.stored.slice(1)}?text=`)).toBe(true);
  const text = decodeURIComponent(href.split('?text=')[1] ?? '');
  expect(text).toContain(student);
  expect(text).toContain('नमस्ते');
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const [opened] = await Promise.all([page.waitForEvent('popup'), whatsapp.tap()]);
  await opened.close();

  // One tap: the call is recorded and the next try is set by the rule.
  await page.getByRole('button', { name: 'No answer' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'No answer: recorded.' })).toBeVisible();
  await expect(page.getByText(/^Next call: /)).not.toContainText('none set');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/called: No answer; next call/)).toBeVisible();
  // The message by its name, as the panel offers it (the review's L3: not its id).
  await expect(history.getByText('sent a WhatsApp message: “First reply (missed you)”')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Today holds still under the thumb: a new lead waits behind "1 new lead · Show"', async ({ page }) => {
  await signInAsOnlyCounsellor(page);
  const send = async (student: string) => {
    const phone = uniqueMobile();
    const sent = await page.request.post(`${ORIGIN}/api/enquiries`, {
      data: { studentName: student, phone: phone.typed, classLevel: '12', course: 'jee', city: 'Kota', consent: true },
    });
    expect(sent.status()).toBe(201);
  };
  const first = `Diya ${uniqueMobile().stored.slice(-4)}`;
  await send(first);
  // Nobody has touched the page yet: the lead shows by itself.
  const fresh = page.getByRole('region', { name: /New, not reached yet/ });
  await expect(fresh.getByRole('link', { name: first, exact: true })).toBeVisible({ timeout: 60_000 });

  // The counsellor's thumb is on the list; another family writes in meanwhile.
  await page.getByRole('heading', { name: 'Today', level: 1 }).tap();
  const firstTop = await fresh.getByRole('link', { name: first, exact: true }).boundingBox();
  const second = `Vihaan ${uniqueMobile().stored.slice(-4)}`;
  await send(second);
  const waiting = page.getByRole('status').filter({ hasText: /new leads? · Show/ });
  await expect(waiting).toBeVisible({ timeout: 60_000 });
  await expect(waiting).toHaveText('1 new lead · Show');
  // Nothing moved under the thumb: the row is where it was, and the new lead is not listed yet.
  expect(await fresh.getByRole('link', { name: first, exact: true }).boundingBox()).toEqual(firstTop);
  await expect(page.getByRole('link', { name: second, exact: true })).toHaveCount(0);

  await waiting.getByRole('button').tap();
  await expect(fresh.getByRole('link', { name: second, exact: true })).toBeVisible();
  await expect(waiting).toHaveCount(0);
});

// The page reloads the enquiry after each thing recorded. The reload after the WhatsApp message can
// come back after the call has been recorded, carrying the enquiry as it was before the call: the
// page must wait for the reload that has the call, not show that one (it said "No answer: recorded"
// over "Next call: none set").
test('a call recorded while the reload after the WhatsApp message is still on its way shows the call', async ({
  page,
}) => {
  await signInAsOnlyCounsellor(page);
  const phone = uniqueMobile();
  const student = `Kabir ${phone.stored.slice(-4)}`;
  const sent = await page.request.post(`${ORIGIN}/api/enquiries`, {
    data: { studentName: student, phone: phone.typed, classLevel: '12', course: 'jee', city: 'Jaipur', consent: true },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  await page.goto(`${ORIGIN}/staff/enquiries/${id}`);
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();

  // After the message is recorded, the enquiry's next reload is read from the server at once
  // (without the call, not yet made) and handed to the page only once the call has been answered.
  let messageRecorded = false;
  let callAnswered = () => {};
  const answered = new Promise<void>((resolve) => {
    callAnswered = resolve;
  });
  let held = 0;
  await page.route(`${ORIGIN}/api/staff/enquiries/${id}/messages`, async (route) => {
    const response = await route.fetch();
    if (route.request().method() === 'POST') messageRecorded = true;
    await route.fulfill({ response });
  });
  await page.route(`${ORIGIN}/api/staff/enquiries/${id}`, async (route) => {
    if (route.request().method() !== 'GET' || !messageRecorded || held > 0) return route.continue();
    held += 1;
    const before = await route.fetch();
    await answered;
    await route.fulfill({ response: before });
  });
  await page.route(`${ORIGIN}/api/staff/enquiries/${id}/calls`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response });
    callAnswered();
  });
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));

  const [opened] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'WhatsApp: First reply (missed you)' }).tap(),
  ]);
  await opened.close();
  await expect.poll(() => held, { message: 'the reload after the message is held' }).toBe(1);
  await page.getByRole('button', { name: 'No answer' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'No answer: recorded.' })).toBeVisible();
  await expect(page.getByText(/^Next call: /)).not.toContainText('none set');
  await expect(page.getByRole('region', { name: 'History' }).getByText(/called: No answer; next call/)).toBeVisible();
});

test('an admin sees the enquiries nobody called within the target first, on everyone’s Today', async ({ page }) => {
  const student = `Overdue ${Math.random().toString(36).slice(2, 7)}`;
  await seedOldEnquiry(student);
  const counsellor = await addStaff('counsellor', LEADS_DATABASE_FILE);
  await openDeskAs(page, await addStaff('admin', LEADS_DATABASE_FILE), { origin: ORIGIN });
  await page.getByRole('navigation', { name: 'Whose work' }).getByRole('link', { name: 'Everyone' }).tap();
  const overdue = page.getByRole('region', { name: /First call overdue/ });
  await expect(overdue.getByRole('link', { name: student, exact: true })).toBeVisible();
  await expect(overdue.getByText('Call now').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // From the list: choose it and give it to a counsellor, in one go with any others chosen.
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Enquiries' }).tap();
  await page.getByRole('checkbox', { name: `Choose ${student}` }).check();
  const assign = page.getByRole('group', { name: 'Assign the chosen enquiries' });
  await assign.getByLabel('Assign to').click();
  await assign.getByLabel('Assign to').fill(counsellor.name);
  await page.locator('.ant-select-dropdown:visible').getByTitle(counsellor.name, { exact: true }).click();
  await assign.getByRole('button', { name: 'Assign' }).tap();
  await expect(page.getByText('Assigned 1.')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: student, exact: true }) });
  await expect(row.getByRole('cell', { name: counsellor.name })).toBeVisible();
});

/** How many devices the server would push to at `endpoint`. */
async function devicesAt(endpoint: string) {
  const { openDatabase } = await import('../../server/db/database');
  const database = await openDatabase(`file:${LEADS_DATABASE_FILE}`);
  try {
    const rows = await database.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', endpoint)
      .execute();
    return rows.length;
  } finally {
    await database.close();
  }
}

/**
 * The browser's push service is the one outside service here: a page's `pushManager.subscribe`
 * answers with a subscription to the stand-in (tests/support/push-service.ts), made as a browser
 * makes one (its own keys), to which the server pushes for real. The push it receives is then
 * handed to the desk's service worker as Chrome would (DevTools' deliverPushMessage).
 */
async function subscribeToStandIn(page: Page, subscription: Subscription) {
  await page.addInitScript((given) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      current = {
        endpoint: given.endpoint,
        expirationTime: null,
        options: {
          applicationServerKey: (options?.applicationServerKey as ArrayBuffer) ?? null,
          userVisibleOnly: true,
        },
        toJSON: () => ({ endpoint: given.endpoint, keys: given.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

test('the phone rings for a new lead: notifications turned on, a push within seconds, shown by the desk’s worker', async ({
  page,
  context,
}) => {
  const pushService = await startPushService();
  try {
    const device = pushService.device();
    await context.grantPermissions(['notifications'], { origin: ORIGIN });
    await subscribeToStandIn(page, device.subscription);
    await signInAsOnlyCounsellor(page);
    // The desk is an app a phone installs.
    const manifest = (await (await page.request.get(`${ORIGIN}/desk.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/staff/', display: 'standalone' });

    // From Today, where signing in lands.
    await page.getByRole('link', { name: 'Notifications: this phone rings for a new lead' }).tap();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Off:/ })).toBeVisible();
    await page.getByRole('button', { name: 'Turn on notifications' }).tap();
    await expect(page.getByRole('status').filter({ hasText: /^On: each lead given to you/ })).toBeVisible();
    await expect(page.getByText(/, Chrome \(this one\)$/)).toBeVisible();
    await expectNoAxeViolations(page);

    // A family asks, with the desk left on another page (the screen off would be the same to the server).
    const phone = uniqueMobile();
    const student = `Kabir ${phone.stored.slice(-4)}`;
    const asked = Date.now();
    const sent = await page.request.post(`${ORIGIN}/api/enquiries`, {
      data: { studentName: student, phone: phone.typed, classLevel: '12', course: 'jee', city: 'Kota', consent: true },
    });
    expect(sent.status()).toBe(201);
    const id = ((await sent.json()) as { id: string }).id;
    await expect.poll(() => pushService.received.length, { timeout: 30_000 }).toBe(1);
    const [push] = pushService.received;
    // The figure the issue asks for: from the family's "send" to the push service taking the push.
    console.log(`push latency: ${(push?.at ?? 0) - asked} ms from the enquiry to the push service`);
    expect(push?.message).toMatchObject({ title: `New lead: ${student}`, url: `/staff/enquiries/${id}` });
    expect(pushService.refused).toEqual([]);

    // Chrome hands the push to the desk's service worker, which shows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const desk = registrations.find((registration) => registration.scopeURL === `${ORIGIN}/staff/`);
        if (desk) resolve(desk.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shownOne) => [
          shownOne.title,
          shownOne.body,
        ]),
      );
    const told = [`New lead: ${student}`, expect.stringContaining('within the hour')];
    // Handed over again when not shown within 10 s: in one clean-clone run with the whole suite on
    // the machine, a first hand-over showed nothing (not seen alone, nor under load; cause not found).
    // Each try is the same push, as a push service tries again a push not taken.
    for (let handed = 1; ; handed++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: ORIGIN,
        registrationId: await registrationId,
        data: JSON.stringify(push?.message),
      });
      try {
        await expect.poll(shown, { timeout: 10_000 }).toContainEqual(told);
        break;
      } catch (error) {
        if (handed === 3) throw error;
        console.log(`the desk's worker showed no notification within 10 s of hand-over ${handed}: handed again`);
      }
    }

    // Signed out, this phone rings for nobody (a phone handed on, a shared computer).
    expect(await devicesAt(device.subscription.endpoint)).toBe(1);
    await page.getByRole('button', { name: 'Sign out' }).tap();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await devicesAt(device.subscription.endpoint)).toBe(0);
  } finally {
    await pushService.close();
  }
});
