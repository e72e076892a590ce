/**
 * Passwords and sign-in limits in the desk, as staff meet them: a counsellor changes their own
 * password (a wrong current one and an easy new one are refused with a reason, keeping what was
 * typed), and an admin lets a member whose sign-ins must wait try again at once.
 */
import { expect, test } from '@playwright/test';
import { deskPages } from '../../shared/desk-pages';
import { addStaff } from './database';
import { openDeskAs, signIn } from './desk-support';
import { paths } from './support';

test.describe('desk passwords', () => {
  test('a counsellor changes their own password; their other device is signed out, this one is not', async ({
    page,
    browser,
  }) => {
    const counsellor = await addStaff('counsellor');
    const phone = await (await browser.newContext()).newPage();
    await openDeskAs(phone, counsellor);
    await openDeskAs(page, counsellor);

    await page.getByRole('link', { name: 'Your password' }).click();
    // After the count of new leads, when one of the other tests' enquiries came to this counsellor.
    await expect(page).toHaveTitle(/^(\(\d+\) )?Your password · Enquiry desk$/);
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill('tulip lantern monsoon 42');
    await page.getByLabel('New password again').fill('tulip lantern monsoon 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    // A busy machine can take seconds to answer (the test server hashes at the tests' cheap cost).
    await expect(page.getByRole('alert')).toContainText('Your current password is not right.', { timeout: 60_000 });
    // What was typed is still there: only the current password needs correcting.
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('tulip lantern monsoon 42');

    await page.getByLabel('Current password').fill(counsellor.password);
    await page.getByLabel('New password', { exact: true }).fill('password12');
    await page.getByLabel('New password again').fill('password12');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('This password is too easy to guess.', { timeout: 60_000 });

    await page.getByLabel('New password', { exact: true }).fill('tulip lantern monsoon 42');
    await page.getByLabel('New password again').fill('tulip lantern monsoon 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password is changed.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // This device goes on; the other one is signed out.
    await page.getByRole('link', { name: 'Enquiries' }).click();
    await expect(page.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();
    await phone.getByRole('link', { name: 'Enquiries' }).click();
    await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(phone, { ...counsellor, password: 'tulip lantern monsoon 42' });
    await phone.context().close();
  });

  test('an admin clears the sign-in limits of a member who must wait; they sign in at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await addStaff('admin');
    const counsellor = await addStaff('counsellor');
    // Someone at the counsellor's address guesses their password until they must wait.
    const origin = new URL(baseURL ?? '').origin;
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) {
      status = (
        await page.request.post('/api/staff/session', {
          headers: { origin },
          data: { email: counsellor.email, password: `guess ${i} of ten` },
        })
      ).status();
    }
    expect(status).toBe(429);

    // The counsellor, on a new browser at that address, is told to wait.
    const theirs = await (await browser.newContext()).newPage();
    await theirs.goto(`${paths.staff}${deskPages.signIn.path}`);
    await theirs.getByLabel('Email').fill(counsellor.email);
    await theirs.getByLabel('Password').fill(counsellor.password);
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs.getByRole('alert')).toContainText('Too many sign-in attempts for this account from here', {
      timeout: 60_000,
    });

    await openDeskAs(page, admin);
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await page.getByRole('button', { name: `Clear ${counsellor.name}'s sign-in limits` }).click();
    await expect(page.getByText(`${counsellor.name} may try signing in again at once, from anywhere.`)).toBeVisible();

    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible({ timeout: 60_000 });
    await theirs.context().close();
  });
});
