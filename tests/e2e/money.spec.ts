/**
 * Money on a 360 px phone, in English and Hindi (issue 36 part 4): each course page's refund
 * rules and worked example made from its own fee, and the refund policy page every footer links
 * to. The figures are worked out here from the facts (src/content/institute.ts) and the words
 * from the content, never retyped.
 */
import { expect, test } from '@playwright/test';
import { fill, formatRupees } from '../../shared/format';
import { copy, institute, languages, localizedPath, paths } from './support';

test.use({ viewport: { width: 360, height: 740 } });

for (const language of languages) {
  const refunds = copy[language].refunds;
  if (!refunds) throw new Error(`src/content/${language}/refunds.ts: no refund words`);

  test(`${language}: a course page gives its refund rules and a worked example from its fee`, async ({ page }) => {
    const facts = institute.courses.find((course) => course.slug === 'neet-repeaters');
    if (!facts) throw new Error('no Repeaters course');
    const charge = facts.fees.admissionCharge ?? 0;
    const paid = facts.fees.instalments[0]?.amount ?? 0;
    await page.goto(localizedPath(language, paths.course(facts.slug)));
    const section = page.getByRole('region', { name: refunds.courseHeading, exact: true });
    await section.scrollIntoViewIfNeeded();
    await expect(section).toBeVisible();
    await expect(section).toContainText(
      fill(refunds.example, {
        days: facts.refund?.days ?? 0,
        charge: formatRupees(charge, language),
        paid: formatRupees(paid, language),
        refund: formatRupees(paid - charge, language),
      }),
    );
    await section.getByRole('link', { name: refunds.link }).click();
    await expect(page).toHaveURL(localizedPath(language, paths.refunds));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(refunds.heading);
  });

  test(`${language}: every footer links to the refund policy, which lists every course`, async ({ page }) => {
    for (const path of [paths.home, paths.contact, paths.course('foundation'), paths.event('demo-class')]) {
      await page.goto(localizedPath(language, path));
      const link = page.getByRole('contentinfo').getByRole('link', { name: refunds.link, exact: true });
      await expect(link, path).toHaveAttribute('href', localizedPath(language, paths.refunds));
    }
    await page.getByRole('contentinfo').getByRole('link', { name: refunds.link, exact: true }).click();
    await expect(page).toHaveURL(localizedPath(language, paths.refunds));
    for (const facts of institute.courses) {
      const course = page.getByRole('region', { name: copy[language].courses[facts.slug].name });
      await expect(course).toContainText(
        fill(refunds.within, {
          days: facts.refund?.days ?? 0,
          charge: formatRupees(facts.fees.admissionCharge ?? 0, language),
        }),
      );
    }
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
