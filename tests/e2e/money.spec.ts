/**
 * Money on a 360 px phone, in English and Hindi (issue 36 part 4): a two-year course's total for
 * both years with its GST and every year's instalments, the comparison table's one unit beside
 * the course names without a swipe, each course page's refund rules and worked example made from
 * its own fee, and the refund policy page every footer links to. The figures are worked out here from the facts (src/content/institute.ts) and the words
 * from the content, never retyped.
 */
import { expect, test } from '@playwright/test';
import { fill, formatRupees } from '../../shared/format';
import { gstIn } from '../../src/content/fees';
import { copy, institute, languages, localizedPath, paths } from './support';

test.use({ viewport: { width: 360, height: 740 } });

for (const language of languages) {
  const refunds = copy[language].refunds;
  if (!refunds) throw new Error(`src/content/${language}/refunds.ts: no refund words`);

  const feeWords = copy[language].feeDetails;
  if (!feeWords) throw new Error(`src/content/${language}/fee-details.ts: no fee words`);

  test(`${language}: a two-year course gives the total for both years, the GST in it and every year's instalments`, async ({
    page,
  }) => {
    const facts = institute.courses.find((course) => course.slug === 'jee');
    if (!facts) throw new Error('no JEE course');
    const years = facts.fees.years ?? 1;
    const total = facts.fees.amount * years;
    await page.goto(localizedPath(language, paths.course(facts.slug)));
    const fees = page.getByRole('region', { name: copy[language].ui.course.feesHeading, exact: true });
    const totalLine = fees.getByText(fill(feeWords.totalYears, { years }));
    await totalLine.scrollIntoViewIfNeeded();
    await expect(totalLine).toBeVisible();
    await expect(totalLine).toContainText(formatRupees(total, language));
    await expect(fees).toContainText(
      fill(feeWords.gst, {
        percent: facts.fees.gstPercent ?? 0,
        amount: formatRupees(gstIn(total, facts.fees.gstPercent ?? 0), language),
      }),
    );
    await expect(fees).toContainText(
      fill(feeWords.admissionCharge, { amount: formatRupees(facts.fees.admissionCharge ?? 0, language) }),
    );
    for (let year = 1; year <= years; year++) {
      const table = fees.getByRole('table', { name: fill(feeWords.year, { year }) });
      await expect(table).toBeVisible();
      const instalments = facts.fees.instalments.filter((each) => (each.year ?? 1) === year);
      await expect(table.getByRole('row')).toHaveCount(instalments.length);
      for (const instalment of instalments)
        await expect(
          table.getByRole('row', { name: copy[language].courses.jee.fees.instalments[instalment.id]?.label }),
        ).toContainText(formatRupees(instalment.amount, language));
    }
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test(`${language}: the integrated programme names its school and the school's fee`, async ({ page }) => {
    const facts = institute.courses.find((course) => course.slug === 'integrated-program');
    const school = facts?.fees.school;
    if (!school) throw new Error('no school fee');
    await page.goto(localizedPath(language, paths.course('integrated-program')));
    const fees = page.getByRole('region', { name: copy[language].ui.course.feesHeading, exact: true });
    await expect(fees).toContainText(
      fill(feeWords.school, { from: formatRupees(school.from, language), to: formatRupees(school.to, language) }),
    );
    await expect(fees).toContainText(copy[language].courses['integrated-program'].fees.school ?? 'a school');
  });

  test(`${language}: the comparison table shows each course's total beside its name without a swipe`, async ({
    page,
  }) => {
    await page.goto(localizedPath(language, paths.home));
    const table = page.getByRole('table', { name: copy[language].ui.comparison.caption });
    await table.scrollIntoViewIfNeeded();
    await expect(table.getByRole('columnheader').nth(1)).toHaveText(feeWords.tableHeading);
    for (const facts of institute.courses) {
      const years = facts.fees.per === 'year' ? (facts.fees.years ?? 1) : 1;
      const amount = formatRupees(facts.fees.amount * years, language);
      const row = table.getByRole('row', { name: copy[language].courses[facts.slug].shortName });
      const fee = row.getByRole('cell').first();
      await expect(fee).toHaveText(years > 1 ? fill(feeWords.tableYears, { amount, years }) : amount);
      await fee.scrollIntoViewIfNeeded();
      // Both the name and the whole fee are on the 360 px screen, unscrolled.
      for (const cell of [row.getByRole('rowheader'), fee]) {
        const box = await cell.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 360, `${facts.slug}: ${JSON.stringify(box)}`).toBe(true);
      }
      // The course's link is a thumb's size (44 px tall), not a line of text's.
      const link = await row.getByRole('rowheader').getByRole('link').boundingBox();
      expect(link?.height ?? 0, `${facts.slug}'s link`).toBeGreaterThanOrEqual(44);
    }
    // After a swipe the names stay in view.
    await page.getByRole('region', { name: copy[language].ui.comparison.scrollHint }).evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const name = table.getByRole('rowheader').first();
    const box = await name.boundingBox();
    expect(box && box.x >= 0 && box.x < 40, JSON.stringify(box)).toBe(true);
  });

  test(`${language}: a course's results say how many of those who sat, with the sample note beside them`, async ({
    page,
  }) => {
    const facts = institute.courses.find((course) => course.slug === 'neet-repeaters');
    const words = copy[language].courses['neet-repeaters'];
    if (!facts?.cohort || !words.resultsOf) throw new Error('no Repeaters cohort');
    await page.goto(localizedPath(language, paths.course(facts.slug)));
    const results = page.getByRole('region', { name: copy[language].ui.course.resultsHeading, exact: true });
    await results.scrollIntoViewIfNeeded();
    const first = results.getByRole('listitem').filter({ hasText: words.results[0]?.label ?? 'a result' });
    await expect(first).toContainText(words.results[0]?.figure ?? 'a figure');
    await expect(first).toContainText(fill(words.resultsOf, { sat: facts.cohort.sat, batches: facts.cohort.batches }));
    await expect(results.getByText(copy[language].site.sampleNotice)).toBeVisible();
  });

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
