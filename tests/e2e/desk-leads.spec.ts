/**
 * Leads (issue 26), as an admin uses it on a 360 px phone: a counsellor's work saved on its
 * own and shown after a reload, the first-call target and a holiday, a message's Hindi
 * words, a refused placeholder shown at its field with the words kept, leaving with unsaved
 * changes asking first, and axe finding nothing. A counsellor has no way in.
 */
import { expect, type Page, test } from '@playwright/test';
import { deskPages } from '../../shared/desk-pages';
import { expectNoAxeViolations } from './axe';
import { addStaff } from './database';
import { openDeskAs } from './desk-support';
import { paths } from './support';

const leadsUrl = `${paths.staff}${deskPages.leads.path}`;

async function openLeads(page: Page) {
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Leads' }).tap();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
}

test.describe('Leads', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('an admin shares the work, sets the first call and edits the messages from a phone; refusals keep the words', async ({
    page,
  }) => {
    // Several parts, each saved and reloaded, and axe over a long page: slow on a busy machine.
    test.slow();
    const counsellor = await addStaff('counsellor');
    await openDeskAs(page, await addStaff('admin'));
    await openLeads(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // The counsellor is away, and calls in Hindi only: their row is saved on its own.
    const row = () => page.getByRole('region', { name: counsellor.name, exact: true });
    await row().getByRole('switch', { name: 'Away' }).tap();
    const callsIn = () => row().getByRole('group', { name: 'Calls in' });
    await callsIn().getByText('All languages').tap();
    // Nothing ticked: the server's words show at the languages.
    await row().getByRole('button', { name: 'Save' }).tap();
    await expect(callsIn().getByText('Choose at least one language, or all.')).toBeVisible();
    await expect(row().getByRole('switch', { name: 'Away' })).toBeChecked();
    await callsIn().getByText('हिन्दी').tap();
    await row().getByRole('button', { name: 'Save' }).tap();
    await expect(page.getByText(`Saved ${counsellor.name}'s work.`)).toBeVisible();

    // The first call within 90 working minutes, and a holiday.
    const target = page.getByLabel('Call a new enquiry within (working minutes)');
    const targetBefore = await target.inputValue();
    await expect(
      page.getByText("Working minutes: within the institute's hours, Monday–Saturday, 08:00–20:00 India time."),
    ).toBeVisible();
    await target.fill('90');
    await page.getByLabel('Add a holiday').fill('2031-12-25');
    await page.getByRole('button', { name: 'Add holiday' }).tap();
    await page.getByRole('button', { name: 'Save first call' }).tap();
    await expect(
      page.getByText('Saved the first call: its target, the holidays and what happens when it is overdue.'),
    ).toBeVisible();

    // The first message's Hindi words.
    const first = () => page.getByRole('region', { name: 'Messages', exact: true }).getByRole('region').first();
    const hindi = () => first().getByLabel('Text in Hindi (हिन्दी)');
    await expect(hindi()).toHaveAttribute('lang', 'hi');
    const hindiBefore = await hindi().inputValue();
    const hindiNow = `${hindiBefore} धन्यवाद।`;
    await hindi().fill(hindiNow);
    await page.getByRole('button', { name: 'Save all messages' }).tap();
    await expect(page.getByText('Saved the messages.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await expect(row().getByRole('switch', { name: 'Away' })).toBeChecked();
    await expect(callsIn().getByRole('checkbox', { name: 'All languages' })).not.toBeChecked();
    await expect(callsIn().getByRole('checkbox', { name: 'हिन्दी' })).toBeChecked();
    await expect(callsIn().getByRole('checkbox', { name: 'English' })).not.toBeChecked();
    await expect(target).toHaveValue('90');
    await expect(page.getByRole('list', { name: 'Holidays' })).toContainText('25 Dec 2031');
    await expect(hindi()).toHaveValue(hindiNow);

    // A placeholder the server does not know: its words show at the field, and the text stays.
    const english = () => first().getByLabel('Text in English');
    const englishBefore = await english().inputValue();
    await english().fill('Hello {nam}, please call us.');
    await page.getByRole('button', { name: 'Save all messages' }).tap();
    await expect(first().getByText(/Use only these placeholders: \{name\}/)).toBeVisible();
    await expect(english()).toHaveValue('Hello {nam}, please call us.');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    // Leaving now asks first; staying keeps the words.
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Today' }).tap();
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay on Leads' }).tap();
    await expect(english()).toHaveValue('Hello {nam}, please call us.');

    // Put the shared test server's settings back as they were, through the page.
    await english().fill(englishBefore);
    await hindi().fill(hindiBefore);
    await page.getByRole('button', { name: 'Save all messages' }).tap();
    await expect(page.getByText('Saved the messages.')).toBeVisible();
    await target.fill(targetBefore);
    await page.getByRole('button', { name: 'Save first call' }).tap();
    await expect(
      page.getByText('Saved the first call: its target, the holidays and what happens when it is overdue.').first(),
    ).toBeVisible();
  });

  test('a counsellor has no Leads in the menu and is sent away from its address', async ({ page }) => {
    await openDeskAs(page, await addStaff('counsellor'));
    await expect(page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Leads' })).toHaveCount(0);
    await page.goto(leadsUrl);
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await expect(page).not.toHaveURL(/\/leads/);
    expect((await page.request.get('/api/staff/assignment')).status()).toBe(403);
  });
});
