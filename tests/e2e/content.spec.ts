/**
 * Staff keep the site true, as an editor would, in a real browser: on two instances of the
 * site sharing one database (playwright.config.ts's content servers), an editor changes a fee
 * and its words in both languages, previews the page and publishes; the other instance serves
 * the new pages. A Hindi field left empty blocks publishing, naming the field, and nothing
 * typed is lost; a new batch is listed; an earlier version is restored; a counsellor cannot
 * reach any of it. The tests run in order: each starts from what the one before published.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CONTENT_CLOCK_FILE, CONTENT_DATABASE_FILE, CONTENT_PORTS } from '../../playwright.config';
import { formatDay, formatRupees } from '../../shared/format';
import { addDays, localDate } from '../../shared/institute-calendar';
import { DESK_BASENAME, deskPages } from '../../shared/desk-pages';
import { expectNoAxeViolations } from './axe';
import { addStaff } from './database';
import { choose, openDeskAs } from './desk-support';
import { collectProblems, copy, localizedPath, paths } from './support';

const [FIRST, OTHER] = CONTENT_PORTS.map((port) => `http://localhost:${port}`) as [string, string];
const editor = () => addStaff('editor', CONTENT_DATABASE_FILE);
/** This run's note on its fee change: the content database keeps earlier runs' versions. */
const FEE_NOTE = `JEE fee for 2027 (${Date.now().toString(36)})`;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: FIRST });

/** Moves both content servers' clocks `days` on from the real day (tests/support/shifted-clock.ts). */
function moveClock(days: number) {
  mkdirSync(dirname(CONTENT_CLOCK_FILE), { recursive: true });
  writeFileSync(CONTENT_CLOCK_FILE, String(days * 86_400_000));
}
test.beforeAll(() => moveClock(0));
test.afterAll(() => moveClock(0));

/** The page as the other instance serves it, once it contains `text` (each instance renders within CONTENT_CHECK_MS). */
async function servedByOther(page: Page, path: string, text: string) {
  let served = { body: '', etag: '' };
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${OTHER}${path}`);
        served = { body: await response.text(), etag: response.headers().etag ?? '' };
        return served.body.includes(text);
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(true);
  return served;
}

const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];

async function openJee(page: Page) {
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' }).click();
  await page.getByRole('link', { name: /JEE Main/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('JEE Main');
}

test('an editor changes a fee and its words in both languages, previews and publishes; the other instance serves it', async ({
  page,
}) => {
  const before = await page.request.get(`${OTHER}${localizedPath('hi', paths.course('jee'))}`);
  const etagBefore = before.headers().etag;
  const imageBefore = ogImage(await before.text());

  await openDeskAs(page, await editor(), { origin: FIRST });
  const problems = collectProblems(page);
  // An editor's desk is the site's content: no enquiry in sight.
  const menu = page.getByRole('navigation', { name: 'Desk' });
  await expect(menu.getByRole('link')).toHaveText(['Site content']);
  await openJee(page);

  // Amounts are shown grouped the Indian way, as typed.
  const rupeesIn = async (field: ReturnType<Page['getByLabel']>) =>
    Number((await field.inputValue()).replace(/,/g, ''));
  await expect(page.getByLabel('Fee (GST included)')).toHaveValue(/^\d{1,2},\d{2},\d{3}$/);
  const fee = await rupeesIn(page.getByLabel('Fee (GST included)'));
  const newFee = fee + 6000;
  await page.getByLabel('Fee (GST included)').fill(String(newFee));
  await expect(page.getByRole('status').filter({ hasText: 'instalments add up' })).toContainText('not the fee');
  // Each year's last instalment (a two-year course: the third and the sixth) makes up the difference.
  for (const name of ['Instalment 3 amount', 'Instalment 6 amount']) {
    const lastInstalment = page.getByLabel(name);
    await lastInstalment.fill(String((await rupeesIn(lastInstalment)) + 6000));
  }
  await expect(page.getByRole('status').filter({ hasText: 'instalments add up' })).toHaveText(
    `Year 1: the instalments add up to ${formatRupees(newFee, 'en')}, the fee. Year 2: the instalments add up to ${formatRupees(newFee, 'en')}, the fee.`,
  );
  const note = { en: 'Fee from the 2027 session.', hi: '2027 सत्र से शुल्क।' };
  await page.getByLabel('About the fee (English)').fill(note.en);
  await page.getByLabel('About the fee (Hindi)').fill(note.hi);

  // The real page from the draft, in each language, before anything is published.
  await page.getByRole('button', { name: 'Preview the page' }).click();
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.getByText(formatRupees(newFee, 'en')).first()).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Preview language' }).getByText('हिन्दी').click();
  await expect(preview.getByText(note.hi)).toBeVisible();
  await expect(preview.getByText(formatRupees(newFee, 'hi')).first()).toBeVisible();
  // The other page the course appears on, named as the site names it.
  await choose(page, 'Preview page', copy.en.ui.nav.home);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(copy.hi.home.hero.heading);

  // The changes as the form says them, under the course's page: rupees grouped, both languages side by side.
  await page.getByText(/changes not yet published$/).click();
  const listed = page.getByRole('region', { name: copy.en.courses.jee.name });
  await expect(listed.getByRole('listitem').filter({ hasText: 'Fee (GST included)' })).toHaveText(
    `Fees · Fee (GST included): ${formatRupees(fee, 'en')} → ${formatRupees(newFee, 'en')}`,
  );
  const noteChange = listed.getByRole('listitem').filter({ hasText: 'About the fee' });
  await expect(noteChange).toContainText(`English: ${copy.en.courses.jee.fees.note} → ${note.en}`);
  await expect(noteChange).toContainText(`Hindi (हिन्दी): ${copy.hi.courses.jee.fees.note} → ${note.hi}`);

  await page.getByLabel('What changed (for the versions list)').fill(FEE_NOTE);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });

  const hindi = await servedByOther(page, localizedPath('hi', paths.course('jee')), note.hi);
  expect(hindi.body).toContain(formatRupees(newFee, 'hi'));
  expect(hindi.etag).not.toBe(etagBefore);
  expect(ogImage(hindi.body)).not.toBe(imageBefore);
  // The picture it names is there on both instances (each draws its own before it serves the page).
  for (const origin of [OTHER, FIRST]) {
    const image = await page.request.get(`${origin}${new URL(ogImage(hindi.body) ?? '').pathname}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  const english = await servedByOther(page, paths.course('jee'), note.en);
  expect(english.body).toContain(formatRupees(newFee, 'en'));
  expect(problems).toEqual([]);
});

test('a Hindi name left empty blocks publishing, naming the field; nothing typed is lost', async ({ page }) => {
  await openDeskAs(page, await editor(), { origin: FIRST });
  await openJee(page);
  await page.getByRole('button', { name: 'Add a batch' }).click();
  const batches = page.getByRole('region', { name: /^Batch \d+$/ });
  const added = batches.last();
  const number = await batches.count();
  const tomorrow = addDays(localDate(new Date()), 1);
  await added.getByLabel(`Batch ${number} name (English)`).fill('Class 11 winter batch');
  // The phone keyboard's Enter ("Go"), as a thumb slips onto it: each field is a form of its own
  // (fields.tsx, OwnForm), and it sends nothing and leaves the page where it is.
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await added.getByLabel(`Batch ${number} name (English)`).press('Enter');
  await added.getByLabel('Starts on').fill(tomorrow);
  expect(await page.evaluate(() => 'stayed' in window)).toBe(true);
  await page.getByRole('button', { name: 'Publish now' }).click();

  const refused = page.getByRole('alert').filter({ hasText: 'nothing was published' });
  await expect(refused).toBeVisible({ timeout: 60_000 });
  await expect(refused).toContainText(`hi.courses.jee.batches`);
  await expect(added.getByText('Required.')).toBeVisible();
  // What was typed is all still there, after a reload too.
  await page.reload();
  await expect(page.getByLabel(`Batch ${number} name (English)`)).toHaveValue('Class 11 winter batch');
  // The buttons hold still while the page settles (the list of changes, the preview): a button
  // moved between a thumb's touch and its lift loses the tap.
  const publishNow = page.getByRole('button', { name: 'Publish now' });
  // Scrolled to, the button stays where it is over the next frames: the panels above it, drawn as
  // they come into view, keep their size (a click just after scrolling was lost to a 660 px jump).
  const tops = await publishNow.evaluate(async (button) => {
    button.scrollIntoView({ block: 'end' });
    const seen: number[] = [];
    for (let frame = 0; frame < 6; frame++) {
      seen.push(Math.round(button.getBoundingClientRect().top));
      await new Promise((drawn) => requestAnimationFrame(drawn));
    }
    return seen;
  });
  expect(new Set(tops).size, `the button's top, frame by frame: ${tops.join(', ')}`).toBe(1);
  const where = await publishNow.boundingBox();
  await expect(page.getByText(/changes? not yet published$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview the page' })).toBeVisible();
  expect(await publishNow.boundingBox()).toEqual(where);

  await page.getByLabel(`Batch ${number} name (Hindi)`).fill('कक्षा 11 शीतकालीन बैच');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  const served = await servedByOther(page, localizedPath('hi', paths.course('jee')), 'कक्षा 11 शीतकालीन बैच');
  expect(served.body).toContain('कक्षा 11 शीतकालीन बैच');
});

test('opened by its address, the home page’s questions gain one in both languages, lose one, and go live on the other instance', async ({
  page,
}) => {
  await openDeskAs(page, await editor(), { origin: FIRST });
  // Landed on directly (a link in a message, a bookmark), not through the Site content page.
  await page.goto(`${DESK_BASENAME}${deskPages.homeQuestions.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(deskPages.homeQuestions.section.name);
  const questions = page.getByRole('region', { name: /^Question \d+$/ });
  const before = await questions.count();
  expect(before).toBeGreaterThan(4);
  await page.getByRole('button', { name: 'Add a question' }).click();
  await expect(questions).toHaveCount(before + 1);
  const added = page.getByRole('region', { name: `Question ${before + 1}` });
  const stamp = Date.now().toString(36);
  const asked = { en: `Is there a library at the centre? (${stamp})`, hi: `क्या सेंटर में लाइब्रेरी है? (${stamp})` };
  await added.getByLabel('Question (English)').fill(asked.en);
  await added
    .getByLabel('Answer (English)')
    .fill('Yes: open Monday to Saturday, with NCERT books in English and Hindi.');
  await added.getByLabel('Question (Hindi)').fill(asked.hi);
  await added.getByLabel('Answer (Hindi)').fill('हाँ: सोमवार से शनिवार तक खुली रहती है।');
  // The first question goes: asked to be sure, then gone from the list.
  const first = copy.en.home.faq.items[0]?.question ?? '';
  await page.getByRole('button', { name: 'Remove question 1' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(questions).toHaveCount(before);
  await expect(page.getByRole('region', { name: 'Question 1' }).getByLabel('Question (English)')).not.toHaveValue(
    first,
  );

  // The list of changes names them as this page does.
  await page.getByText(/changes not yet published$/).click();
  const listed = page.getByRole('region', { name: deskPages.homeQuestions.section.name });
  await expect(listed.getByRole('listitem').filter({ hasText: `Question ${before} · Question` })).toContainText(
    asked.hi,
  );

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  const hindi = await servedByOther(page, localizedPath('hi', paths.home), asked.hi);
  expect(hindi.body).not.toContain(copy.hi.home.faq.items[0]?.question);
  await servedByOther(page, paths.home, asked.en);
});

test('an earlier version is restored from the versions list, with what it changed', async ({ page }) => {
  await openDeskAs(page, await editor(), { origin: FIRST });
  await page.getByRole('link', { name: 'Every version published' }).click();
  await expect(page.getByRole('heading', { name: 'Versions of the site', level: 1 })).toBeVisible();
  const feeVersion = page.getByRole('listitem').filter({ hasText: FEE_NOTE });
  await feeVersion.getByText('What changed').click();
  await expect(feeVersion.getByRole('region', { name: copy.en.courses.jee.name })).toContainText(
    /Fees · Fee \(GST included\): ₹[\d,]+ → ₹[\d,]+/,
  );
  await feeVersion.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Restored: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  // The batch added after it is gone again from the other instance's pages.
  await expect
    .poll(async () => (await page.request.get(`${OTHER}${paths.course('jee')}`)).text(), { timeout: 60_000 })
    .not.toContain('Class 11 winter batch');
});

test('an editor uploads a teacher’s portrait from a phone, describes it in both languages and publishes; the other instance shows it', async ({
  page,
}) => {
  await openDeskAs(page, await editor(), { origin: FIRST });
  const problems = collectProblems(page);
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' }).click();
  await page.getByRole('link', { name: 'Teachers' }).click();
  await expect(page.getByRole('heading', { name: 'Teachers', level: 1 })).toBeVisible();
  const teacher = page.getByRole('region', { name: 'Dr. Meenakshi Rathore' });

  // A phone's photo, taken sideways, with the camera's make and where it was taken.
  const grain = await sharp({
    create: {
      width: 300,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  const photo = await sharp(grain)
    .resize(1200, 1600)
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 54/1 0/1' } })
    .toBuffer();
  await teacher
    .getByTestId('upload-portrait')
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The phone's own file control is never shown: only the desk's button.
  await expect(teacher.getByTestId('upload-portrait')).toBeHidden();
  await expect(page.locator('input[type="file"]:visible')).toHaveCount(0);
  const shown = teacher.getByRole('img', { name: /The portrait of Dr. Meenakshi Rathore/ });
  await expect(shown).toBeVisible({ timeout: 60_000 });
  const src = (await shown.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/media\/[0-9a-f-]{36}\/portrait-156\.jpeg$/);

  const alt = { en: 'Dr. Meenakshi Rathore at the Biology lab bench', hi: 'डॉ. मीनाक्षी राठौर, बायोलॉजी लैब में' };
  await teacher.getByLabel('What the portrait shows, for someone who cannot see it (English)').fill(alt.en);
  await page.getByRole('button', { name: 'Publish now' }).click();
  // Without the Hindi words for it, nothing is published, and the field is named.
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was published' })).toContainText(
    'hi.teachers.meenakshi-rathore.portraitAlt',
    { timeout: 60_000 },
  );
  await teacher.getByLabel('What the portrait shows, for someone who cannot see it (Hindi)').fill(alt.hi);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });

  const upload = src.split('/')[2] ?? '';
  for (const language of ['en', 'hi'] as const) {
    const about = await servedByOther(page, localizedPath(language, paths.about), upload);
    expect(about.body).toContain(`alt="${alt[language]}"`);
    expect(about.body).toContain(`/media/${upload}/portrait-104.avif 104w`);
  }
  // The other instance serves the files (from the database), with no metadata left in them.
  const avif = await page.request.get(`${OTHER}/media/${upload}/portrait-156.avif`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()['content-type']).toBe('image/avif');
  expect((await sharp(await avif.body()).metadata()).exif).toBeUndefined();
  // And a visitor's browser there shows it.
  await page.goto(`${OTHER}${paths.about}`);
  const portrait = page.getByRole('img', { name: alt.en });
  await portrait.scrollIntoViewIfNeeded();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // The one refused publication (400) is the only problem the browser saw.
  expect(problems).toEqual([expect.stringMatching(/status of 400 .*\/api\/staff\/content:/)]);
});

test('on a 360 px phone, an editor posts a result with the student’s photo; refused without its result, then without consent; published with the signed form', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openDeskAs(page, await editor(), { origin: FIRST });
  const problems = collectProblems(page);
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' }).click();
  await page.getByRole('link', { name: 'Results and testimonials' }).click();
  await page.getByRole('button', { name: 'Add a result or testimonial' }).click();
  const added = page
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: /^Remove testimonial \d+$/ }) });
  const words = {
    name: { en: 'Kavya Rathi', hi: 'काव्या राठी' },
    detail: { en: 'Weekend batch 2025–26', hi: 'वीकेंड बैच 2025–26' },
    quote: {
      en: 'The fortnightly tests showed me my AIR before the real one.',
      hi: 'हर 15 दिन के टेस्ट से असली परीक्षा से पहले ही अपनी AIR का अंदाज़ा हो गया।',
    },
  };
  // The box is named by the English name once it is typed.
  await added.getByLabel('Name (English)').fill(words.name.en);
  const card = page.getByRole('region', { name: words.name.en });
  await card.getByLabel('Name (Hindi)').fill(words.name.hi);
  for (const [label, field] of [
    ['Who they are', words.detail],
    ['What they said', words.quote],
  ] as const) {
    await card.getByLabel(`${label} (English)`).fill(field.en);
    await card.getByLabel(`${label} (Hindi)`).fill(field.hi);
  }
  await card.getByRole('checkbox', { name: 'Home page' }).check();
  // Its words claim a rank ("AIR") and no result is stated: refused, saying which.
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was published' })).toContainText('claims a result', {
    timeout: 60_000,
  });

  // This year's result (the consent is signed after it, today at the latest).
  const today = localDate(new Date());
  const year = today.slice(0, 4);
  await card.getByRole('checkbox', { name: /States a result/ }).check();
  await card.getByLabel('Year', { exact: true }).fill(year);
  await card.getByLabel('Rank', { exact: true }).fill('1234');
  await card.getByLabel('Months with us', { exact: true }).fill('11');

  // The student's photo from the phone: taken with the camera's make and where, which the server removes.
  const grain = await sharp({
    create: {
      width: 300,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  const photo = await sharp(grain)
    .resize(900, 1200)
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 54/1 0/1' } })
    .toBuffer();
  await card
    .getByTestId('upload-student')
    .setInputFiles({ name: 'IMG_0107.jpg', mimeType: 'image/jpeg', buffer: photo });
  const shown = card.getByRole('img', { name: 'Kavya Rathi as the testimonial shows them' });
  await expect(shown).toBeVisible({ timeout: 60_000 });
  await expect(savedOnServer(page)).toBeVisible();
  const upload = /^\/media\/([0-9a-f-]{36})\/student-288\.jpeg$/.exec((await shown.getAttribute('src')) ?? '')?.[1];
  expect(upload).toBeDefined();
  const alt = { en: 'Kavya Rathi smiling, in a blue school uniform', hi: 'नीली स्कूल यूनिफ़ॉर्म में मुस्कुराती काव्या राठी' };
  await card.getByLabel('What the photo shows, for someone who cannot see it (English)').fill(alt.en);
  await card.getByLabel('What the photo shows, for someone who cannot see it (Hindi)').fill(alt.hi);

  // A result in her name and her photo, without her written consent: refused, naming her and what is missing, at the consent.
  await page.getByRole('button', { name: 'Publish now' }).click();
  const missing = `Kavya Rathi's testimonial states a NEET ${year} result and shows the student's photo, so it cannot be published without the student's written consent`;
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was published' })).toContainText(missing, {
    timeout: 60_000,
  });
  await expect(card.getByRole('status')).toContainText(missing);
  await expect(card.getByRole('status')).toContainText(
    'Missing: the day it was signed, who signed it (the student, or a parent or guardian), the scan of the signed form.',
  );
  // Nothing typed is lost.
  await expect(card.getByLabel('What they said (Hindi)')).toHaveValue(words.quote.hi);
  await expect(card.getByLabel('What the photo shows, for someone who cannot see it (Hindi)')).toHaveValue(alt.hi);
  await expect(card.getByLabel('Rank', { exact: true })).toHaveValue('1234');

  // The signed form, photographed on the phone; signed by a parent (she is 17), today.
  const form = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 54/1 0/1' } })
    .toBuffer();
  await card.getByTestId('upload-consent').setInputFiles({ name: 'consent.jpg', mimeType: 'image/jpeg', buffer: form });
  const signedForm = card.getByRole('link', { name: 'Open the signed form (photo)' });
  await expect(signedForm).toBeVisible({ timeout: 60_000 });
  await card.getByLabel('Day the form was signed').fill(today);
  await card.getByRole('radio', { name: 'A parent or guardian' }).check();
  await card.getByRole('checkbox', { name: 'The student was under 18 when it was signed' }).check();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });

  // The editor opens the form again (the page's own session); a visitor cannot, and it is not under /media.
  const scanPath = (await signedForm.getAttribute('href')) ?? '';
  expect(scanPath).toMatch(/^\/api\/staff\/uploads\/[0-9a-f-]{36}\/consent\.jpeg$/);
  expect((await page.request.get(`${FIRST}${scanPath}`)).status()).toBe(200);
  expect((await request.get(`${OTHER}${scanPath}`)).status()).toBe(401);
  expect((await request.get(`${OTHER}${scanPath.replace('/api/staff/uploads/', '/media/')}`)).status()).toBe(404);

  // The other instance serves the home page with her photo, its alt text in each language, and the result in full.
  for (const language of ['en', 'hi'] as const) {
    const home = await servedByOther(page, localizedPath(language, paths.home), words.quote[language]);
    expect(home.body).toContain(`alt="${alt[language]}"`);
    expect(home.body).toContain(`/media/${upload}/student-96.avif 96w`);
    expect(home.body).not.toContain(scanPath);
    if (language === 'hi') {
      expect(home.body).toContain(`NEET ${year} · AIR 1,234`);
      expect(home.body).toContain('11 महीने');
    }
  }
  // A visitor's phone there shows it (lazy, its size set before it arrives), the result's words as large as its claim.
  await page.goto(`${OTHER}${paths.home}`);
  const student = page.getByRole('img', { name: alt.en });
  await expect(student).toHaveAttribute('loading', 'lazy');
  await expect(student).toHaveAttribute('width', '288');
  await student.scrollIntoViewIfNeeded();
  await expect.poll(() => student.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const testimonial = page.getByRole('figure').filter({ has: student });
  const sizes = await testimonial.evaluate((figure) =>
    [...figure.querySelectorAll('blockquote p, figcaption span')].map((each) => getComputedStyle(each).fontSize),
  );
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  expect(new Set(sizes).size, sizes.join()).toBe(1);
  // The two refused publications (400) are the only problems the browser saw.
  expect(problems).toEqual([
    expect.stringMatching(/status of 400 .*\/api\/staff\/content:/),
    expect.stringMatching(/status of 400 .*\/api\/staff\/content:/),
  ]);
});

test('an editor adds a scholarship test session in the desk and publishes; the other instance lists it with its seats', async ({
  page,
}) => {
  await openDeskAs(page, await editor(), { origin: FIRST });
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' }).click();
  await page.getByRole('link', { name: 'Scholarship test and demo class' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scholarship test and demo class');
  // Nothing changed yet: the buttons are in their place, waiting for a change.
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeDisabled();
  // A name shows as it is typed wherever the page names the event (drawn alone, not the page with it).
  const name = copy.en.events?.types['scholarship-test'].name ?? '';
  await page
    .getByRole('region', { name: `${name}: its page` })
    .getByLabel('Name (English)')
    .fill(`${name} 2027`);
  await expect(page.getByRole('button', { name: `Add a session: ${name} 2027` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeEnabled();
  await page
    .getByRole('region', { name: `${name} 2027: its page` })
    .getByLabel('Name (English)')
    .fill(name);

  await page.getByRole('button', { name: `Add a session: ${copy.en.events?.types['scholarship-test'].name}` }).click();
  const today = localDate(new Date());
  const added = page
    .getByRole('region', { name: `${copy.en.events?.types['scholarship-test'].name}, ${today}` })
    .last();
  const day = addDays(today, 40);
  await added.getByLabel('Day').fill(day);
  const session = page.getByRole('region', { name: `${copy.en.events?.types['scholarship-test'].name}, ${day}` });
  await session.getByLabel('Registration closes').fill(addDays(day, -1));
  await session.getByLabel('Seats').fill('37');
  await session.getByLabel('Starts').fill('14:00');
  await session.getByLabel('Arrive by (24-hour)').fill('13:30');
  await session.getByLabel('Ends').fill('16:00');
  // Held online: the joining link is asked for (optional), and must be an https link.
  await expect(session.getByLabel('Joining link')).toHaveCount(0);
  await session.getByLabel('Online (not at the centre)').check();
  await session.getByLabel('Joining link').fill('meet.google.com/abc-defg-hij');

  await page.getByLabel('What changed (for the versions list)').fill(`A scholarship test on ${day}`);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(session.getByText('a link starting with https://')).toBeVisible({ timeout: 60_000 });
  await session.getByLabel('Joining link').fill('https://meet.google.com/abc-defg-hij');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });

  // The event's page on the other instance lists the day, in each language; its seats are the new session's.
  await servedByOther(page, paths.event('scholarship-test'), formatDay(day, 'en'));
  await servedByOther(page, localizedPath('hi', paths.event('scholarship-test')), formatDay(day, 'hi'));
  const seats = (await (await page.request.get(`${OTHER}/api/event-sessions`)).json()) as {
    sessions: { date: string; starts: string; seatsLeft: number; open: boolean }[];
  };
  expect(seats.sessions).toContainEqual(
    expect.objectContaining({ date: day, starts: '14:00', seatsLeft: 37, open: true, online: true }),
  );
});

test('axe finds no violations on the content pages, at a phone’s width too', async ({ page }) => {
  test.slow();
  await openDeskAs(page, await editor(), { origin: FIRST });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Every content page of the page table (a course's: JEE's), a new section's too.
    for (const { path } of Object.values(deskPages).filter((each) => each.module.startsWith('content'))) {
      await page.goto(`${paths.staff}${path.replace(':slug', 'jee')}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
  }
});

test('a counsellor cannot reach the content: no link, the page sends them back, the server refuses', async ({
  page,
}) => {
  await openDeskAs(page, await addStaff('counsellor', CONTENT_DATABASE_FILE), { origin: FIRST });
  await expect(page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' })).toHaveCount(
    0,
  );
  await page.goto(`${paths.staff}${deskPages.content.path}`);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  expect((await page.request.get('/api/staff/content')).status()).toBe(403);
  const put = await page.request.put('/api/staff/content', {
    headers: { origin: FIRST },
    data: { basedOn: null, document: { copy: {}, institute: {} } },
  });
  expect(put.status()).toBe(403);
});

/** A mid-range Android phone's browser, as the server names the device a draft was saved from. */
const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};
/** The editor comes back to the desk's tab: it asks at once whether someone published (as it does every 30 s). */
const backToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
/** Cancels the publication waiting for its time, if there is one (as the editor signed in on `page`). */
async function cancelWaiting(page: Page) {
  const { scheduled } = (await (await page.request.get(`${FIRST}/api/staff/content`)).json()) as {
    scheduled: { id: string } | null;
  };
  if (scheduled)
    expect(
      (
        await page.request.delete(`${FIRST}/api/staff/content/scheduled/${scheduled.id}`, {
          headers: { origin: FIRST },
        })
      ).status(),
    ).toBe(204);
}
const savedOnServer = (page: Page) => page.getByRole('status').filter({ hasText: 'kept on the server' });

test('a draft started on a phone, through a lost signal, is finished on a laptop: nothing retyped', async ({
  browser,
}) => {
  const account = await editor();
  const run = Date.now().toString(36);
  const phone = await browser.newContext({ ...PHONE, baseURL: FIRST });
  const onPhone = await phone.newPage();
  await openDeskAs(onPhone, account, { origin: FIRST });
  await openJee(onPhone);
  const english = `Fee for the April batch (${run}).`;
  await onPhone.getByLabel('About the fee (English)').fill(english);
  await expect(savedOnServer(onPhone)).toBeVisible();
  // The signal goes: what is typed meanwhile is kept, and said to be not yet saved; it is saved when the signal returns.
  await phone.setOffline(true);
  const hindi = `अप्रैल बैच की फ़ीस (${run})।`;
  await onPhone.getByLabel('About the fee (Hindi)').fill(hindi);
  await expect(onPhone.getByRole('status').filter({ hasText: 'Not saved yet' })).toBeVisible();
  await phone.setOffline(false);
  await expect(savedOnServer(onPhone)).toBeVisible();
  await phone.close();

  const laptop = await browser.newContext({ baseURL: FIRST });
  const page = await laptop.newPage();
  await openDeskAs(page, account, { origin: FIRST });
  await openJee(page);
  await expect(page.getByLabel('About the fee (English)')).toHaveValue(english);
  await expect(page.getByLabel('About the fee (Hindi)')).toHaveValue(hindi);
  await expect(page.getByRole('status').filter({ hasText: 'Saved from the phone' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  await servedByOther(page, localizedPath('hi', paths.course('jee')), hindi);
  // Published: no draft is left to come back on another device.
  await page.reload();
  await expect(page.getByText('No changes yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeDisabled();
  await laptop.close();
});

test('two editors: one publishes a seat count while the other edits another field; both changes go live, nothing retyped', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const [first, second] = [await editor(), await editor()];
  const [one, two] = [await browser.newContext({ baseURL: FIRST }), await browser.newContext({ baseURL: FIRST })];
  const [publisher, writer] = [await one.newPage(), await two.newPage()];
  await openDeskAs(publisher, first, { origin: FIRST });
  await openDeskAs(writer, second, { origin: FIRST });
  await openJee(publisher);
  await openJee(writer);

  // The second editor starts on the fee's words and a question's answer.
  const note = `Instalments may be paid by UPI (${run}).`;
  const answer = `हाँ, हर रविवार टेस्ट होता है (${run})।`;
  await writer.getByLabel('About the fee (English)').fill(note);
  await writer.getByLabel('Answer 1 (Hindi)').fill(answer);
  await expect(savedOnServer(writer)).toBeVisible();

  // The first publishes a seat count meanwhile.
  // Another count than the one live (the same would be no change, and nothing to publish).
  const seatsField = publisher.getByRole('region', { name: 'Batch 1' }).getByLabel('Seats left');
  const another = async () => String(((Number(await seatsField.inputValue()) + 1) % 80) + 10);
  const seats = await another();
  await seatsField.fill(seats);
  await publisher.getByRole('button', { name: 'Publish now' }).click();
  await expect(publisher.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });

  // The second is told who published, with their own changes kept on top, and publishes.
  await backToTab(writer);
  await expect(writer.getByRole('status').filter({ hasText: `${first.name} published` })).toContainText(
    'your changes are kept, on top of theirs',
  );
  await expect(writer.getByRole('region', { name: 'Batch 1' }).getByLabel('Seats left')).toHaveValue(seats);
  await expect(writer.getByLabel('About the fee (English)')).toHaveValue(note);
  await writer.getByRole('button', { name: 'Publish now' }).click();
  await expect(writer.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  const served = await servedByOther(writer, localizedPath('hi', paths.course('jee')), answer);
  expect(served.body).toContain(seats);
  await servedByOther(writer, paths.course('jee'), note);

  // The first publishes again just before the second presses Publish, before the second's page has
  // heard of it: the second's changes are carried onto it and published in the one press.
  const answerAgain = `हाँ, हर रविवार और बुधवार टेस्ट होता है (${run})।`;
  await openJee(writer);
  await writer.getByLabel('Answer 1 (Hindi)').fill(answerAgain);
  await expect(savedOnServer(writer)).toBeVisible();
  await openJee(publisher);
  const seatsAgain = await another();
  await seatsField.fill(seatsAgain);
  await publisher.getByRole('button', { name: 'Publish now' }).click();
  await expect(publisher.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  await writer.getByRole('button', { name: 'Publish now' }).click();
  await expect(writer.getByText(`Your changes went on top of the publication by ${first.name}`)).toBeVisible({
    timeout: 60_000,
  });
  const both = await servedByOther(writer, localizedPath('hi', paths.course('jee')), answerAgain);
  expect(both.body).toContain(seatsAgain);

  // Both change the same words: the second is asked, with both, keeps theirs own, and publishes.
  const mine = `Pay in two instalments (${run}).`;
  const theirs = `Pay in three instalments (${run}).`;
  await openJee(writer);
  await writer.getByLabel('About the fee (English)').fill(mine);
  await expect(savedOnServer(writer)).toBeVisible();
  await openJee(publisher);
  await publisher.getByLabel('About the fee (English)').fill(theirs);
  await publisher.getByRole('button', { name: 'Publish now' }).click();
  await expect(publisher.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  await backToTab(writer);
  const asked = writer.getByRole('region', { name: `${copy.en.courses.jee.name}: Fees · About the fee` });
  await expect(asked.getByRole('button', { name: `Keep ${first.name}’s: ${theirs}` })).toBeVisible();
  await expect(writer.getByRole('button', { name: 'Publish now' })).toBeDisabled();
  await asked.getByRole('button', { name: `Keep yours: ${mine}` }).click();
  await writer.getByRole('button', { name: 'Carry my changes onto it' }).click();
  await writer.getByRole('button', { name: 'Publish now' }).click();
  await expect(writer.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });
  await servedByOther(writer, paths.course('jee'), mine);
  await one.close();
  await two.close();
});

test('a version scheduled for tomorrow and an urgent fix today: the fix goes live now, tomorrow’s stays scheduled with it', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const [planner, fixer] = [await editor(), await editor()];
  const [one, two] = [await browser.newContext({ baseURL: FIRST }), await browser.newContext({ baseURL: FIRST })];
  const [planning, fixing] = [await one.newPage(), await two.newPage()];
  await openDeskAs(planning, planner, { origin: FIRST });
  await openDeskAs(fixing, fixer, { origin: FIRST });
  // The content database outlives a run: one left waiting by a run stopped halfway goes first.
  await cancelWaiting(planning);

  // Tomorrow's words, scheduled for the first minute of tomorrow (India time).
  const tomorrow = addDays(localDate(new Date()), 1);
  const fromTomorrow = `New instalment dates from tomorrow (${run}).`;
  await openJee(planning);
  await planning.getByLabel('About the fee (English)').fill(fromTomorrow);
  await planning.getByLabel('Publish on (India time)').fill(tomorrow);
  await planning.getByLabel('At', { exact: true }).fill('00:01');
  await planning.getByRole('button', { name: 'Schedule' }).click();
  await expect(planning.getByText(/^Scheduled: it goes live/)).toBeVisible({ timeout: 60_000 });

  // An urgent fix today, by the other editor: published now; tomorrow's stays scheduled, with the fix in it.
  const urgent = `फ़ीस की पहली क़िस्त एडमिशन के दिन (${run})।`;
  await openJee(fixing);
  // A slip first: a word the glossary spells otherwise. Refused, naming it; nothing typed is lost.
  await fixing.getByLabel('About the fee (Hindi)').fill(urgent.replace('क़िस्त', 'किस्त'));
  await fixing.getByRole('button', { name: 'Publish now' }).click();
  await expect(fixing.getByRole('alert').filter({ hasText: 'nothing was published' })).toContainText('क़िस्त', {
    timeout: 60_000,
  });
  await expect(fixing.getByText('No changes yet')).toBeHidden();
  await expect(fixing.getByLabel('About the fee (Hindi)')).toHaveValue(urgent.replace('क़िस्त', 'किस्त'));
  await fixing.getByLabel('About the fee (Hindi)').fill(urgent);
  await fixing.getByRole('button', { name: 'Publish now' }).click();
  await expect(fixing.getByText(`scheduled for`)).toContainText('stays scheduled, with your changes in it', {
    timeout: 60_000,
  });
  await servedByOther(fixing, localizedPath('hi', paths.course('jee')), urgent);
  expect(await (await fixing.request.get(`${OTHER}${paths.course('jee')}`)).text()).not.toContain(fromTomorrow);

  // Tomorrow, with nobody pressing anything: both are live. A day on, the server rightly ends a session a day
  // idle when it next sees it; the planner's page asks the server every 30 s, so it is put away while the
  // clock is ahead, or their session would end by chance.
  await planning.goto('about:blank');
  moveClock(1);
  try {
    await servedByOther(fixing, paths.course('jee'), fromTomorrow);
    await servedByOther(fixing, localizedPath('hi', paths.course('jee')), urgent);
  } finally {
    moveClock(0);
  }
  await planning.goto(`${FIRST}${paths.staff}${deskPages.content.path}`);
  // Back to today: tomorrow's version waits again. Its editor cancels it, thinks again, edits it again and
  // schedules it again, nothing retyped.
  const waiting = async () => {
    const reply = await planning.request.get(`${FIRST}/api/staff/content`);
    expect(reply.status(), 'the planner is still signed in').toBe(200);
    return ((await reply.json()) as { scheduled: { id: string } | null }).scheduled?.id ?? null;
  };
  await expect.poll(waiting, { timeout: 20_000 }).not.toBeNull();
  await planning.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' }).click();
  // On the page itself (the course page left behind shows the same notice while the next one loads).
  await expect(planning.getByRole('heading', { name: 'Site content', level: 1 })).toBeVisible();
  const notice = planning.getByRole('alert').filter({ hasText: 'goes live' });
  // Its own editor reads it as theirs, not as someone else's by their own name.
  await expect(notice).toContainText('Your publication goes live');
  await notice.getByRole('button', { name: 'Cancel it' }).click();
  await planning.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  expect(await waiting()).toBeNull();
  await planning.getByRole('link', { name: 'Every version published' }).click();
  await planning.getByRole('button', { name: 'Edit again' }).first().click();
  await expect(planning.getByRole('heading', { name: 'Site content', level: 1 })).toBeVisible();
  await openJee(planning);
  await expect(planning.getByLabel('About the fee (English)')).toHaveValue(fromTomorrow);
  await expect(planning.getByLabel('About the fee (Hindi)')).toHaveValue(urgent);
  await planning.getByLabel('Publish on (India time)').fill(tomorrow);
  await planning.getByLabel('At', { exact: true }).fill('00:01');
  await planning.getByRole('button', { name: 'Schedule' }).click();
  await expect(planning.getByText(/^Scheduled: it goes live/)).toBeVisible({ timeout: 60_000 });
  // For the tests after: nothing waits.
  await cancelWaiting(planning);
  await one.close();
  await two.close();
});

test('time does its own work: a notice shows on its day and then leaves, and a batch leaves once it has started', async ({
  page,
}) => {
  await openDeskAs(page, await editor(), { origin: FIRST });
  const tomorrow = addDays(localDate(new Date()), 1);
  const notice = { en: 'Parent–teacher meeting tomorrow at 11 am', hi: 'कल सुबह 11 बजे अभिभावक–शिक्षक बैठक' };
  const batch = { en: 'Class 12 one-day workshop', hi: 'कक्षा 12 एक-दिवसीय कार्यशाला' };

  // One draft across the desk's pages: a notice for tomorrow only, and a batch starting tomorrow.
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Site content' }).click();
  await page.getByRole('link', { name: 'Notices' }).click();
  await page.getByRole('button', { name: 'Add a notice' }).click();
  const added = page.getByRole('region', { name: /^Notice \d+$/ }).last();
  await added.getByLabel('Title (English)').fill(notice.en);
  await added.getByLabel('Title (Hindi)').fill(notice.hi);
  await added.getByLabel('First day shown').fill(tomorrow);
  await added.getByLabel('Last day shown').fill(tomorrow);
  await openJee(page);
  await page.getByRole('button', { name: 'Add a batch' }).click();
  const newBatch = page.getByRole('region', { name: /^Batch \d+$/ }).last();
  await newBatch.getByLabel(/name \(English\)/).fill(batch.en);
  await newBatch.getByLabel(/name \(Hindi\)/).fill(batch.hi);
  await newBatch.getByLabel('Starts on').fill(tomorrow);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: the pages show it within seconds.')).toBeVisible({ timeout: 60_000 });

  // Today: the batch is listed, the notice not yet.
  await servedByOther(page, localizedPath('hi', paths.course('jee')), batch.hi);
  expect((await page.request.get(`${OTHER}${localizedPath('hi', paths.home)}`)).ok()).toBe(true);
  expect(await (await page.request.get(`${OTHER}${localizedPath('hi', paths.home)}`)).text()).not.toContain(notice.hi);

  // Tomorrow, with nobody pressing anything: the notice shows; the batch starts that day and is still listed.
  moveClock(1);
  await servedByOther(page, localizedPath('hi', paths.home), notice.hi);
  await servedByOther(page, paths.home, notice.en);
  expect(await (await page.request.get(`${OTHER}${paths.course('jee')}`)).text()).toContain(batch.en);

  // The day after: both have left the pages.
  moveClock(2);
  await expect
    .poll(async () => (await page.request.get(`${OTHER}${localizedPath('hi', paths.home)}`)).text(), {
      timeout: 60_000,
    })
    .not.toContain(notice.hi);
  await expect
    .poll(async () => (await page.request.get(`${OTHER}${paths.course('jee')}`)).text(), { timeout: 60_000 })
    .not.toContain(batch.en);
});
