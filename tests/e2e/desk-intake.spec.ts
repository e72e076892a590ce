/**
 * A family at the counter (the review's M11): a counsellor takes its enquiry on a phone. A thumb
 * that saves before asking the family is told why and loses nothing typed; so is a save with no
 * signal; saved, the enquiry opens, saying how the family came and who asked for its consent.
 */
import { expect, type Page, test } from '@playwright/test';
import { addStaff, uniqueMobile } from './database';
import { choose, loseTheAnswerOnce, openDeskAs } from './desk-support';
import { copy } from '../support/site';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** A counsellor on the phone opens "Add an enquiry" and types a walk-in's student, number and course. */
async function startWalkIn(page: Page, name: string) {
  const counsellor = await addStaff('counsellor');
  await openDeskAs(page, counsellor);
  await page.getByRole('link', { name: 'Add an enquiry: a family that called or came in' }).tap();
  await expect(page.getByRole('heading', { name: 'Add an enquiry', level: 1 })).toBeVisible();
  const phone = uniqueMobile();
  const student = `${name} ${phone.stored.slice(-4)}`;
  await page.getByRole('radio', { name: 'Walk-in at the centre' }).check();
  await page.getByRole('textbox', { name: 'Student', exact: true }).fill(student);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone.typed);
  await choose(page, 'Course', copy.en.courses.jee.name);
  return { counsellor, phone, student };
}

test('a walk-in taken on a phone: a slip and a lost signal lose nothing; saved, the enquiry opens with how it came', async ({
  page,
  context,
}) => {
  const { counsellor, phone, student } = await startWalkIn(page, 'Rohan Walkin');
  await page.getByRole('radio', { name: 'Hindi (हिन्दी)' }).check();
  await page.getByRole('textbox', { name: 'What they asked' }).fill('The weekend batch, and the scholarship test.');
  const save = page.getByRole('button', { name: 'Save and open it' });

  // Saved before asking the family: said, and nothing typed is lost.
  await save.tap();
  await expect(page.getByText('Ask them first: without their agreement nobody may call them.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(student);
  await page.getByRole('checkbox', { name: /they agree to be called/ }).check();

  // The signal drops as it is saved: said, and everything is still there to save again.
  await context.setOffline(true);
  await save.tap();
  await expect(page.getByRole('alert')).toContainText('Could not save: check the connection');
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(phone.typed);
  await context.setOffline(false);
  await save.tap();

  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
  await expect(page.getByText('Walk-in at the centre (entered at the desk)').first()).toBeVisible();
  await expect(page.getByText(`asked for by ${counsellor.name} when the enquiry was taken`)).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'took the enquiry at the desk (Walk-in at the centre)' }),
  ).toBeVisible();
});

test('a walk-in saved as the signal drops after the server has it: saved again, one enquiry, not two', async ({
  page,
}) => {
  const { student } = await startWalkIn(page, 'Lost Answer Walkin');
  await page.getByRole('checkbox', { name: /they agree to be called/ }).check();

  // The server stores it; its answer is lost on the way back.
  await loseTheAnswerOnce(page, '**/api/staff/enquiries', 'POST');
  const save = page.getByRole('button', { name: 'Save and open it' });
  await save.tap();
  await expect(page.getByRole('alert')).toContainText('Could not save: check the connection');
  await save.tap();
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();

  // One enquiry stored: its family has no other (a second save without the key was a repeat of it).
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const detail = await page.request.get(`/api/staff/enquiries/${id}`);
  expect(detail.status()).toBe(200);
  const { family } = (await detail.json()) as { family: { enquiries: unknown[] } };
  expect(family.enquiries).toEqual([]);
});
