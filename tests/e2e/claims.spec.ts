/**
 * Honest claims (the consumer regulator's 2024 guidelines on coaching advertisements):
 * a student's result says the exam and year, the rank, the course taken, for how long
 * and whether it was paid; a "seats left" badge says the day it was counted.
 */
import { expect, test } from '@playwright/test';
import { formatDate } from '../../src/lib/format';
import { copy, institute, languages, localizedPath, paths } from './support';

for (const language of languages) {
  const words = copy[language];

  test(`a quoted result states exam, year, rank, course, duration and fee (${language})`, async ({ page }) => {
    await page.goto(localizedPath(language, '/'));
    const ananya = page.getByRole('figure').filter({ hasText: words.testimonials['ananya-sharma'].name });
    await expect(ananya).toContainText('NEET 2026 · AIR 3,412');
    await expect(ananya).toContainText(
      language === 'en'
        ? `Studied with us: ${words.courses['neet-year-long'].name}, 11 months, fee paid`
        : `हमारे यहाँ पढ़ाई: ${words.courses['neet-year-long'].name}, 11 महीने, फ़ीस भरकर`,
    );
    // A parent's testimonial claims no result, and shows none.
    const parent = page.getByRole('figure').filter({ hasText: words.testimonials['sunil-meena'].name });
    await expect(parent).not.toContainText('AIR');
  });

  test(`every "seats left" badge says the day the seats were counted (${language})`, async ({ page }) => {
    const course = institute.courses.find((c) => c.batches.some((batch) => batch.seatsLeft));
    if (!course) throw new Error('No course has a seats-left count to check');
    await page.goto(localizedPath(language, paths.course(course.slug)));
    const batches = page
      .getByRole('list')
      .filter({ hasText: words.courses[course.slug].batches[0] ?? '' })
      .filter({ hasText: words.ui.course.batchStarts });
    for (const batch of course.batches) {
      if (!batch.seatsLeft) continue;
      const date = formatDate(batch.seatsLeft.asOf, language);
      await expect(batches).toContainText(
        words.ui.course.seatsLeft.replace('{count}', String(batch.seatsLeft.count)).replace('{date}', date),
      );
    }
  });
}

test('a teacher without a portrait is shown by initials, never a stock photo', async ({ page }) => {
  await page.goto(localizedPath('hi', paths.about));
  const teacher = copy.hi.teachers['meenakshi-rathore'];
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: teacher.name }) });
  // Whole aksharas with their vowel signs, a stop after each: never a word (not 'मर', "die").
  await expect(card.getByText('मी.\u202fरा.', { exact: true })).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(0);
});
