/**
 * The image pipeline, with photographs the test itself takes (tests/support/photo-fixture.ts):
 * built by the site's photo plugin, shown by the site's own components, opened in Chromium on a
 * laptop and on a phone. The sample institute has no photographs yet, so no page of the site has one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { photoFormats, photoUses } from '../../src/config/photos';
import { buildPhotoFixture, type Fixture, FIXTURE_DIR, PRIVATE_MARK } from '../support/photo-fixture';

test.describe.configure({ mode: 'serial' });

let fixture: Fixture;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  fixture = await buildPhotoFixture();
});
test.afterAll(async () => fixture?.close());

const candidates = (srcSet: string) =>
  srcSet.split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return { url, width: Number.parseInt(width, 10) };
  });

/** Every image URL the page requests, with Chromium's priority for it. */
async function recordImages(page: Page) {
  const requests: { url: string; priority: string }[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (/\.(avif|webp|jpeg)$/.test(request.url)) requests.push({ url: request.url, priority: request.initialPriority });
  });
  await cdp.send('Network.enable');
  return requests;
}

/** How far the page moved while it loaded (Cumulative Layout Shift, as the browser counts it). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/** Which file the browser chose for an image, and that file's width as the pipeline made it. */
async function shown(page: Page, name: string) {
  const img = await page.getByRole('img', { name }).evaluate((element: HTMLImageElement) => ({
    file: element.currentSrc ? new URL(element.currentSrc).pathname : '',
    loaded: element.complete && element.naturalWidth > 0,
    width: element.getAttribute('width'),
    height: element.getAttribute('height'),
  }));
  const made = Object.values(fixture.pictures).flatMap((picture) => Object.values(picture.sources).flatMap(candidates));
  return { ...img, fileWidth: made.find((candidate) => candidate.url === img.file)?.width };
}

test('every width in AVIF, WebP and JPEG, cropped to the use, without the camera’s EXIF or GPS', async () => {
  for (const [use, picture] of Object.entries(fixture.pictures) as [
    keyof Fixture['pictures'],
    Fixture['pictures']['hero'],
  ][]) {
    const [aspectWidth = 1, aspectHeight = 1] = photoUses[use].aspect.split(':').map(Number);
    expect(Object.keys(picture.sources), use).toEqual([...photoFormats]);
    const bytes: Record<string, number[]> = {};
    for (const format of photoFormats) {
      const made = candidates(picture.sources[format] ?? '');
      expect(
        made.map((candidate) => candidate.width),
        `${use} ${format}`,
      ).toEqual([...photoUses[use].widths]);
      for (const { url, width } of made) {
        const file = readFileSync(join(FIXTURE_DIR, 'out', url));
        const metadata = await sharp(file).metadata();
        expect(metadata.format === 'heif' ? metadata.compression : metadata.format, url).toBe(
          format === 'avif' ? 'av1' : format,
        );
        expect([metadata.width, metadata.height], url).toEqual([
          width,
          Math.round((width * aspectHeight) / aspectWidth),
        ]);
        expect(metadata.exif, `${url} carries EXIF`).toBeUndefined();
        expect(file.includes(PRIVATE_MARK), `${url} carries the camera owner's name`).toBe(false);
        (bytes[format] ??= []).push(file.length);
      }
    }
    // AVIF is the point of the exercise: smaller than JPEG at every width.
    bytes.avif?.forEach((size, index) => expect(size, `${use} AVIF vs JPEG`).toBeLessThan(bytes.jpeg?.[index] ?? 0));
  }
});

test('on a laptop the hero photo is fetched at once with high priority, as AVIF; the portrait waits for the visitor to scroll', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const images = await recordImages(page);
  await page.goto(fixture.url, { waitUntil: 'load' });

  await expect(page.getByRole('img', { name: 'The front of the institute' })).toBeVisible();
  const hero = await shown(page, 'The front of the institute');
  expect(hero).toMatchObject({ loaded: true, fileWidth: 400, width: '800', height: '600' });
  expect(hero.file).toMatch(/\.avif$/);
  const heroRequests = images.filter((request) => request.url.includes('/hero-'));
  expect(heroRequests, 'the hero photo is fetched once, in one size').toHaveLength(1);
  expect(heroRequests[0]?.priority, 'found by the preload scanner and fetched first').toBe('High');
  expect(
    images.some((request) => request.url.includes('/portrait-')),
    'a lazy portrait far below is not fetched yet',
  ).toBe(false);

  await page.getByRole('img', { name: 'Test Teacher at the board' }).scrollIntoViewIfNeeded();
  await expect.poll(async () => (await shown(page, 'Test Teacher at the board')).loaded).toBe(true);
  expect((await shown(page, 'Test Teacher at the board')).fileWidth, 'a 52 px circle on a 1× screen').toBe(52);
  expect((await shown(page, 'Test Teacher at the board')).file).toMatch(/\.avif$/);
  expect(await layoutShift(page)).toBe(0);
  await context.close();
});

test('on a phone the hero photo is not downloaded at all, and the portrait is sharp on a 3× screen', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const images = await recordImages(page);
  await page.goto(fixture.url, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The front of the institute' })).toBeHidden();

  await page.getByRole('img', { name: 'Test Teacher at the board' }).scrollIntoViewIfNeeded();
  await expect.poll(async () => (await shown(page, 'Test Teacher at the board')).loaded).toBe(true);
  expect((await shown(page, 'Test Teacher at the board')).fileWidth, 'a 52 px circle on a 3× screen').toBe(156);
  expect(images.map((request) => new URL(request.url).pathname.replace(/-[\w-]{8}\./, '.'))).toEqual([
    '/assets/portrait.avif',
  ]);
  expect(await layoutShift(page)).toBe(0);
  await context.close();
});
