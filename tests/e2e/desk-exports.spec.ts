/**
 * An admin's downloads, as an admin takes them: the enquiries' spreadsheet with its filters, the
 * enrolments for Google Ads, and a session's list from its page. Each is a link or a form the
 * browser follows itself (not a call of the desk's code), so each is checked as a file arriving.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { deskPath } from '../../shared/desk-pages';
import { institute } from '../../src/content/institute';
import { addStaff } from './database';
import { openDeskAs } from './desk-support';
import { paths } from './support';

/** The file a click downloads: its name, the address it came from and its lines. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  return { name: download.suggestedFilename(), url: new URL(download.url()), lines: text.split(/\r?\n/) };
}

test.describe('an admin’s downloads', () => {
  test.beforeEach(async ({ page }) => {
    await openDeskAs(page, await addStaff('admin'));
  });

  test('the enquiries’ spreadsheet keeps the filters chosen, and Google Ads’ file its period', async ({ page }) => {
    await page.goto(`${paths.staff}${deskPath('tools')}`);
    await page.getByLabel('Received from').fill('2026-01-01');
    const sheet = await downloaded(page, () => page.getByRole('button', { name: 'Download spreadsheet' }).click());
    expect(sheet.name).toMatch(/\.csv$/);
    expect(sheet.url.pathname).toBe('/api/staff/export');
    expect(sheet.url.searchParams.get('from')).toBe('2026-01-01');
    expect(sheet.lines[0]).toContain('Student');

    await page.getByLabel('Enrolled from').fill('2026-01-01');
    const ads = await downloaded(page, () => page.getByRole('button', { name: 'Download for Google Ads' }).click());
    expect(ads.name).toMatch(/\.csv$/);
    expect(ads.url.pathname).toBe('/api/staff/exports/google-ads');
    expect(ads.url.searchParams.get('from')).toBe('2026-01-01');
    expect(ads.lines.slice(0, 2)).toEqual([
      'Parameters:TimeZone=Asia/Kolkata',
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    ]);
  });

  test('a session’s list downloads from its page', async ({ page }) => {
    const session = institute.eventSessions[0];
    if (!session) throw new Error('The starting content has no session');
    await page.goto(`${paths.staff}${deskPath('eventSession', { id: session.id })}`);
    const list = await downloaded(page, () =>
      page.getByRole('link', { name: 'Download this list (spreadsheet)' }).click(),
    );
    expect(list.name).toBe(`${session.id}.csv`);
    expect(list.url.pathname).toBe(`/api/staff/events/${session.id}/export`);
    expect(list.lines[0]).toContain('Roll number');
  });
});
