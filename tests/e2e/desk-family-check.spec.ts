/**
 * An enquiry sent on a family's number without its code changes nothing of the family's
 * (issue 38): the counsellor sees it beside the family's record, calls, and makes it the
 * record or keeps it apart; a number confirmed on a call is kept with when.
 */
import { expect, test } from '@playwright/test';
import { paths } from '../../shared/paths';
import { addStaff } from './database';
import { openDeskAs, openNewFamilyAsAdmin, sendEnquiry } from './desk-support';

test('a counsellor confirms an unproved enquiry on a family’s number, and a number on a call', async ({ page }) => {
  const admin = await addStaff('admin');
  await openDeskAs(page, admin);
  const family = await sendEnquiry(page, 'Family Check');
  // Someone else types the family's number, about another course.
  const again = await page.request.post('/api/enquiries', {
    data: { studentName: 'Second Sender', phone: family.phone.typed, course: 'foundation', consent: true },
  });
  expect(again.status()).toBe(201);

  await page.goto(`${paths.staff}/enquiries/${family.id}`);
  await expect(page.getByRole('heading', { name: family.student, level: 1 })).toBeVisible();
  // The family's record is still theirs; the other enquiry waits beside it.
  const beside = page.getByRole('link', { name: /not proved: confirm it or keep it apart/ });
  await expect(beside).toBeVisible();
  await beside.click();
  await expect(page.getByRole('heading', { name: 'Second Sender', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Sent on a number we know, without its code' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'It is this family: make it their record' }).click();
  await expect(page.getByText("Confirmed: it is the family's record now.")).toBeVisible();
  await expect(page.getByText('Sent on a number we know, without its code')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /\(their record\)/ })).toHaveCount(0);
  await expect(page.getByText("confirmed it is the family's: made it their record")).toBeVisible();
  // What else the family asked, under the name before the call starts: the first question, JEE.
  await expect(page.getByText(/^Also asked: /)).toContainText('JEE Main');

  // Nobody proved this number by a code: confirmed on a call, it says so, with when.
  await expect(page.getByText('Not proved')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmed on a call' }).click();
  await expect(page.getByText('Saved: the number is confirmed.')).toBeVisible();
  await expect(page.getByText(/^Confirmed on a call, /)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^Confirmed on a call, /)).toBeVisible();
});

test('"Enrolled" asks once, naming the course and its fee; "Not yet" records nothing', async ({ page }) => {
  const family = await openNewFamilyAsAdmin(page, 'Enrol Check');
  const call = page.getByRole('region', { name: 'Call' });
  await call.getByRole('button', { name: 'Enrolled' }).click();
  // sendEnquiry asks about JEE: its fee as the content says it.
  await expect(call.getByText(/^Enrolled in JEE Main[^?]*, ₹[\d,]+\?$/)).toBeVisible();
  await call.getByRole('button', { name: 'Not yet' }).click();
  await expect(call.getByText(/^Enrolled in /)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: family.student, level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'called:' })).toHaveCount(0);
  // Asked, and said yes: recorded.
  await call.getByRole('button', { name: 'Enrolled' }).click();
  await call.getByRole('button', { name: 'Yes, enrolled' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'called: Enrolled' })).toBeVisible();
});
