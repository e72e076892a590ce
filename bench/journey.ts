/**
 * One enquiry's journey, end to end, printed for a closing note or an operator who wants to
 * see what each party receives: a visitor lands on a course page from a Meta ad (campaign
 * parameters and a click id in the URL), accepts the pixel, moves to the contact page inside
 * the site and sends the form. The script then prints the stored row's attribution, the
 * staff email's "Came from" line, the webhook's attribution, the browser's Lead call and the
 * Conversions API request (hashed phone and email; it checks that the raw ones are not in it).
 *
 * Everything is local: the production build on our server, Chromium, a fresh SQLite file,
 * and loopback receivers standing in for the mail server, the webhook and Meta's Graph API.
 *
 *   npm run bench:journey                 # builds first if the sources changed
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../scripts/chromium';
import { copy } from '../src/content/copy';
import { attributionFields } from '../shared/schema/attribution';
import { paths } from '../shared/paths';
import { eventually, startSmtpReceiver, startWebhookReceiver } from '../tests/support/receivers';
import { startSiteServer } from './site-server';

const PIXEL_ID = '123456789012345';
const LANDING = `${paths.course('neet-year-long')}?utm_source=facebook&utm_medium=paid_social&utm_campaign=neet-2027-jaipur&utm_content=parent-video&fbclid=IwAR2journey`;
const VISITOR = { name: 'Ananya Sharma', phone: '98290 12345', email: ' Ananya.Sharma@Example.in ' };
/** Stands in for Meta's fbevents.js: sets _fbp as Meta's does and records every fbq call. */
const PIXEL_STAND_IN = `document.cookie='_fbp=fb.1.1763800000000.1234567890; path=/; SameSite=Lax';
var q=window.fbq.queue||[];window.__calls=q.slice();window.fbq.queue=[];
window.fbq.callMethod=function(){window.__calls.push(Array.prototype.slice.call(arguments));};`;

const words = copy.en;
const show = (title: string, value: unknown) =>
  console.log(`\n## ${title}\n${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}`);

async function main() {
  execSync('node --import tsx scripts/ensure-build.ts', { stdio: 'inherit' });
  const smtp = await startSmtpReceiver();
  const webhook = await startWebhookReceiver();
  const meta = await startWebhookReceiver(() => ({ status: 200, json: { events_received: 1 } }));
  const databaseFile = join(mkdtempSync(join(tmpdir(), 'journey-')), 'site.db');
  const server = await startSiteServer({
    env: {
      DATABASE_URL: `file:${databaseFile}`,
      META_PIXEL_ID: PIXEL_ID,
      META_CAPI_ACCESS_TOKEN: 'journey-conversions-api-token',
      META_CAPI_URL: `${new URL(meta.url).origin}/v26.0`,
      SMTP_URL: smtp.url,
      ENQUIRY_NOTIFY_TO: 'counsellors@example.in',
      ENQUIRY_NOTIFY_FROM: 'website@example.in',
      ENQUIRY_WEBHOOK_URL: webhook.url,
      ENQUIRY_WEBHOOK_SECRET: 'journey-webhook-secret',
      DELIVERY_POLL_MS: '100',
    },
  });
  const { origin } = server;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.route(
      (url) => url.hostname !== 'localhost',
      (route) =>
        route.request().url().endsWith('/fbevents.js')
          ? route.fulfill({ contentType: 'application/javascript', body: PIXEL_STAND_IN })
          : route.fulfill({ status: 204 }),
    );

    show('1. The visitor lands on', `${origin}${LANDING}`);
    await page.goto(`${origin}${LANDING}`);
    await page
      .getByRole('region', { name: words.ui.consent.heading })
      .getByRole('button', { name: words.ui.consent.accept })
      .click();
    await page.getByRole('banner').getByRole('link', { name: words.ui.nav.contact }).click();
    await page.waitForURL(`**${paths.contact}`);
    show('2. …accepts the pixel, moves inside the site to', page.url());

    const f = words.form.fields;
    await page.getByRole('radio', { name: words.form.enquirers.parent }).check();
    await page.getByLabel(f.studentName.label).fill(VISITOR.name);
    await page.getByLabel(f.phone.label, { exact: true }).fill(VISITOR.phone);
    await page.getByLabel(f.email.label).fill(VISITOR.email);
    await page.getByLabel(f.classLevel.label).selectOption('12-pass');
    await page.getByLabel(f.course.label).selectOption('neet-year-long');
    await page.getByLabel(f.city.label).fill('Jaipur');
    await page.getByLabel(f.consent.label).check();
    const answer = page.waitForResponse((response) => response.url().endsWith(paths.api.enquiries));
    await page.getByRole('button', { name: words.form.submit }).click();
    const { id } = (await (await answer).json()) as { id: string };
    await page.getByRole('heading', { name: words.form.sentHeading }).waitFor();
    show('3. …and sends the form; the server answers 201 with the enquiry id', id);

    const db = new Database(databaseFile, { readonly: true });
    const row = db.prepare('select * from enquiries where id = ?').get(id) as Record<string, unknown>;
    db.close();
    show(
      '4. The stored row (attribution columns)',
      Object.fromEntries(Object.values(attributionFields).map(({ column }) => [column, row[column]])),
    );

    await eventually(() => {
      if (smtp.mails.length === 0 || webhook.requests.length === 0 || meta.requests.length === 0) {
        throw new Error(
          `not all delivered: ${smtp.mails.length} mail, ${webhook.requests.length} hook, ${meta.requests.length} CAPI`,
        );
      }
    });
    const mail = await simpleParser(smtp.mails[0]?.raw ?? '');
    show(
      '5. The staff email',
      (mail.text ?? '')
        .split('\n')
        .filter((line) => /^(Came from|Course|Reference)/.test(line))
        .join('\n'),
    );
    const hook = JSON.parse(webhook.requests[0]?.body ?? '{}') as { enquiry: Record<string, unknown> };
    show(
      '6. The webhook (attribution fields)',
      Object.fromEntries(Object.values(attributionFields).map(({ webhook }) => [webhook, hook.enquiry[webhook]])),
    );
    const calls = (await page.evaluate(() => (window as unknown as { __calls: unknown[][] }).__calls)).filter(
      (call) => call[0] === 'track',
    );
    show('7. The browser’s pixel calls after Accept', calls);
    const capi = meta.requests[0];
    show(`8. The Conversions API request: POST ${capi?.url}`, JSON.parse(capi?.body ?? '{}'));
    const rawValues = [VISITOR.phone.replace(/\D/g, ''), VISITOR.email.trim().toLowerCase(), VISITOR.email.trim()];
    const leaked = rawValues.filter((value) => capi?.body.toLowerCase().includes(value.toLowerCase()));
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    // Meta's normalisation: the phone as digits with the country code, the email trimmed and lower-cased.
    const expectedHashes = [sha256(`91${rawValues[0]}`), sha256(rawValues[1] ?? '')];
    const checks = {
      'one Conversions API request': meta.requests.length === 1,
      'its event_id is the browser’s eventID': capi?.body.includes(`"event_id":"${id}"`) === true,
      'ph = sha256("91" + the 10 digits), em = sha256(trimmed, lower-cased email)': expectedHashes.every((hash) =>
        capi?.body.includes(`"${hash}"`),
      ),
      'no raw phone or email in it': leaked.length === 0,
    };
    show(
      '9. Checks',
      Object.entries(checks)
        .map(([check, ok]) => `${ok ? 'ok  ' : 'FAIL'} ${check}`)
        .join('\n'),
    );
    if (Object.values(checks).includes(false)) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    await Promise.all([smtp.close(), webhook.close(), meta.close()]);
  }
}

await main();
