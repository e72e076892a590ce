/**
 * Nothing a counsellor types on an enquiry is lost without a word (issue 21, part 3),
 * done as the counsellor did it: one "Save changes" for the work and the note, "Add
 * note" leaving the rest as typed, warnings before leaving or reloading, and a session
 * that ends mid-note coming back, after signing in, to the enquiry with the work restored.
 */
import { expect, type Page, test } from '@playwright/test';
import { addStaff, endSessions } from './database';
import {
  choose,
  fillSignIn,
  loseTheAnswerOnce,
  openDeskAs,
  selectShown,
  sendEnquiry,
  type Account,
} from './desk-support';

/** The notes stored on the enquiry, as the page lists them (not the box a note is typed in). */
const storedNote = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notes' }).getByRole('listitem').filter({ hasText: text });

/** Opens the enquiry from the inbox, as a counsellor finds it. */
async function openEnquiry(page: Page, student: string, phone: string) {
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Enquiries' }).click();
  await page.getByLabel('Search by name, phone, city or email').fill(phone);
  await page.getByLabel('Search by name, phone, city or email').press('Enter');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByText('1 enquiry', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: student, exact: true }).click();
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
}

/** What the server stored, as the page shows it after a reload. */
async function expectStoredAfterReload(
  page: Page,
  student: string,
  stored: { status: string; followUp: string; assignee?: string; notes: string[] },
) {
  await page.reload();
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
  await expect(selectShown(page, 'Status')).toContainText(stored.status);
  await expect(page.getByLabel('Next follow-up')).toHaveValue(stored.followUp);
  if (stored.assignee) await expect(selectShown(page, 'Assigned to')).toContainText(stored.assignee);
  for (const note of stored.notes) await expect(storedNote(page, note)).toBeVisible();
  await expect(page.getByText(/Restored what you had not saved/)).toHaveCount(0);
}

test.describe('work on an enquiry is never lost without a word', () => {
  let counsellor: Account;
  test.beforeEach(async ({ page }) => {
    counsellor = await addStaff('counsellor');
    await openDeskAs(page, counsellor);
  });

  test('Add note keeps the status, follow-up and assignee being chosen; Save changes then stores them', async ({
    page,
  }) => {
    const { phone, student } = await sendEnquiry(page, 'Add Note');
    await openEnquiry(page, student, phone.typed);

    await choose(page, 'Status', 'Contacted');
    await page.getByLabel('Next follow-up').fill('2026-12-02T17:30');
    await choose(page, 'Assigned to', counsellor.name);
    await page.getByLabel('Note', { exact: true }).fill('Mother asked about the weekend batch.');
    await page.getByRole('button', { name: 'Add note' }).click();

    await expect(storedNote(page, 'Mother asked about the weekend batch.')).toBeVisible();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
    // The work form is as the counsellor left it, not as the server had it.
    await expect(selectShown(page, 'Status')).toContainText('Contacted');
    await expect(page.getByLabel('Next follow-up')).toHaveValue('2026-12-02T17:30');
    await expect(selectShown(page, 'Assigned to')).toContainText(counsellor.name);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expectStoredAfterReload(page, student, {
      status: 'Contacted',
      followUp: '2026-12-02T17:30',
      assignee: counsellor.name,
      notes: ['Mother asked about the weekend batch.'],
    });
  });

  test('one Save changes stores a typed note with the status; leaving afterwards asks nothing', async ({ page }) => {
    const { phone, student } = await sendEnquiry(page, 'One Save');
    await openEnquiry(page, student, phone.typed);

    // A note alone, with Save changes.
    await page.getByLabel('Note', { exact: true }).fill('Wants the fee in two instalments.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expect(storedNote(page, 'Wants the fee in two instalments.')).toBeVisible();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');

    // A status and a note, with one Save changes.
    await choose(page, 'Status', 'Visit booked');
    await page.getByLabel('Next follow-up').fill('2026-12-05T10:00');
    await page.getByLabel('Note', { exact: true }).fill('Visit on Saturday at 11 with the father.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(storedNote(page, 'Visit on Saturday at 11 with the father.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' }).getByText(/Status New → Visit booked/)).toBeVisible();

    // Everything is saved: going to Today asks nothing.
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Today' }).click();
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await page.goBack();
    await expectStoredAfterReload(page, student, {
      status: 'Visit booked',
      followUp: '2026-12-05T10:00',
      notes: ['Wants the fee in two instalments.', 'Visit on Saturday at 11 with the father.'],
    });
  });

  test('leaving with unsaved work asks first; reloading asks the browser and brings the work back', async ({
    page,
  }) => {
    const { phone, student } = await sendEnquiry(page, 'Leave Warning');
    await openEnquiry(page, student, phone.typed);
    await choose(page, 'Status', 'Contacted');
    await page.getByLabel('Note', { exact: true }).fill('Call again after 6 pm.');

    // In the desk: a dialog in the desk's words; staying keeps everything.
    const desk = page.getByRole('navigation', { name: 'Desk' });
    await desk.getByRole('link', { name: 'Today' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    // Staying is the blue button a hurried thumb takes; leaving is the red-outlined one.
    await expect(dialog.getByRole('button', { name: 'Stay on this enquiry' })).toHaveClass(/ant-btn-primary/);
    await expect(dialog.getByRole('button', { name: 'Leave without saving' })).not.toHaveClass(/ant-btn-primary/);
    await dialog.getByRole('button', { name: 'Stay on this enquiry' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('Call again after 6 pm.');
    await expect(selectShown(page, 'Status')).toContainText('Contacted');

    // A reload: the browser's own question first, then the same work, said to be restored.
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.type());
      void question.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Restored what you had not saved here' })).toContainText(
      'Status, Note',
    );
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('Call again after 6 pm.');
    await expect(selectShown(page, 'Status')).toContainText('Contacted');

    // Leaving on purpose: the work is dropped, and it is not restored later.
    await desk.getByRole('link', { name: 'Today' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(selectShown(page, 'Status')).toContainText('New');
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
  });

  test('a session that ends mid-note: sign in again, back on the enquiry with the work restored, then saved', async ({
    page,
  }) => {
    const { phone, student } = await sendEnquiry(page, 'Session Ended');
    await openEnquiry(page, student, phone.typed);
    await choose(page, 'Status', 'Contacted');
    await page.getByLabel('Note', { exact: true }).fill('Student is in class 12 at DPS; call on Sunday.');

    expect(endSessions(counsellor.email)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await fillSignIn(page, counsellor);

    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Restored what you had not saved here' })).toBeVisible();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue(
      'Student is in class 12 at DPS; call on Sunday.',
    );
    await expect(selectShown(page, 'Status')).toContainText('Contacted');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expectStoredAfterReload(page, student, {
      status: 'Contacted',
      followUp: '',
      notes: ['Student is in class 12 at DPS; call on Sunday.'],
    });
  });

  test('someone else saved first: nothing is stored, what was typed stays, and saving again keeps both', async ({
    page,
  }) => {
    const { phone, student, id } = await sendEnquiry(page, 'Conflict');
    await openEnquiry(page, student, phone.typed);
    await choose(page, 'Status', 'Contacted');
    await page.getByLabel('Note', { exact: true }).fill('Spoke to the mother.');

    // Another member of staff sets the follow-up meanwhile (from the version this page shows).
    const theirs = await page.request.patch(`/api/staff/enquiries/${id}`, {
      headers: { origin: new URL(page.url()).origin },
      data: { version: 1, nextFollowUp: '2026-12-24' },
    });
    expect(theirs.status()).toBe(200);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this enquiry' })).toBeVisible();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('Spoke to the mother.');
    await expect(selectShown(page, 'Status')).toContainText('Contacted');
    // A day set without a time shows at the desk's opening.
    await expect(page.getByLabel('Next follow-up')).toHaveValue('2026-12-24T08:00');
    await expect(storedNote(page, 'Spoke to the mother.')).toHaveCount(0);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expectStoredAfterReload(page, student, {
      status: 'Contacted',
      followUp: '2026-12-24T08:00',
      notes: ['Spoke to the mother.'],
    });
  });
  test('a save whose answer is lost: saved again, it says Saved, not that someone else changed it', async ({
    page,
  }) => {
    const { phone, student, id } = await sendEnquiry(page, 'Lost Save');
    await openEnquiry(page, student, phone.typed);
    await choose(page, 'Status', 'Contacted');
    await loseTheAnswerOnce(page, `**/api/staff/enquiries/${id}`, 'PATCH');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Could not save. Check the connection and try again.')).toBeVisible();
    await expect(selectShown(page, 'Status')).toContainText('Contacted');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this enquiry' })).toHaveCount(0);
    await expectStoredAfterReload(page, student, { status: 'Contacted', followUp: '', notes: [] });
    await expect(page.getByRole('region', { name: 'History' }).getByText(/Status New → Contacted/)).toHaveCount(1);
  });

  test('a note whose answer is lost, then the page reloaded: restored, added again, there once', async ({ page }) => {
    const { phone, student, id } = await sendEnquiry(page, 'Lost Then Reloaded');
    await openEnquiry(page, student, phone.typed);
    const text = 'Mother asked for the fee in two instalments.';
    await page.getByLabel('Note', { exact: true }).fill(text);
    await loseTheAnswerOnce(page, `**/api/staff/enquiries/${id}/notes`, 'POST');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Could not add the note.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Restored what you had not saved here' })).toBeVisible();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue(text);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
    await expect(storedNote(page, text)).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(storedNote(page, text)).toHaveCount(1);
  });
  test('a save with a note whose answer is lost, then a field changed: saved again, the change made, the note once', async ({
    page,
  }) => {
    const { phone, student, id } = await sendEnquiry(page, 'Lost Then Changed');
    await openEnquiry(page, student, phone.typed);
    const text = 'Will visit with his father on Sunday.';
    await choose(page, 'Status', 'Contacted');
    await page.getByLabel('Note', { exact: true }).fill(text);
    await loseTheAnswerOnce(page, `**/api/staff/enquiries/${id}`, 'PATCH');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Could not save. Check the connection and try again.')).toBeVisible();

    // The counsellor changes their mind before saving again: the first copy had been stored.
    await choose(page, 'Status', 'Visit booked');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this enquiry' })).toBeVisible();
    await expect(selectShown(page, 'Status')).toContainText('Visit booked');
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue(text);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expectStoredAfterReload(page, student, { status: 'Visit booked', followUp: '', notes: [text] });
    await expect(storedNote(page, text)).toHaveCount(1);
  });
});
