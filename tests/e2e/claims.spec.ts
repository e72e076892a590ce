/**
 * Honest claims: a teacher without a portrait is shown by initials. What a quoted result and a
 * "seats left" badge must say is checked in the built pages (tests/built/claims.test.ts).
 */
import { expect, test } from '@playwright/test';
import { copy, localizedPath, paths } from './support';

test('a teacher without a portrait is shown by initials, never a stock photo', async ({ page }) => {
  await page.goto(localizedPath('hi', paths.about));
  const teacher = copy.hi.teachers['meenakshi-rathore'];
  if (!teacher) throw new Error('The sample content has no teacher meenakshi-rathore');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: teacher.name }) });
  // Whole aksharas with their vowel signs, a stop after each: never a word (not 'मर', "die").
  await expect(card.getByText('मी.\u202fरा.', { exact: true })).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(0);
});
