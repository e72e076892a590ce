/**
 * The dated notices (institute.notices) the server's pages show today: in the HTML the browser is
 * sent, the same once React has hydrated it (no console noise), and the same after a client-side
 * navigation, which fetches the page's data. On a day with none, there is no notices region.
 */
import { expect, type Page, test } from '@playwright/test';
import { localDate } from '../../shared/institute-calendar';
import type { Language } from '../../shared/languages';
import type { NoticePage } from '../../src/content/schema';
import {
  collectProblems,
  copy,
  institute,
  languages,
  localizedPath,
  paths,
  waitForHydration,
  waitForPageHydration,
} from './support';

/** The titles a page shows today (the institute's date, from its first day to its last), from the content files. */
const titlesToday = (language: Language, page: NoticePage) => {
  const today = localDate(new Date());
  return (institute.notices ?? [])
    .filter((notice) => notice.on.includes(page) && notice.from <= today && today <= notice.until)
    .map((notice) => copy[language].notices?.[notice.id]?.title ?? '');
};

const noticeTitles = (page: Page, language: Language) =>
  page
    .getByRole('main')
    .getByRole('region', { name: copy[language].ui.notices.label })
    .getByRole('listitem')
    .locator('.notice__title');

for (const language of languages) {
  test(`${language}: the home page and a NEET course page show today's notices, before and after hydration and after a client-side navigation`, async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await page.goto(localizedPath(language, paths.home));
    await expect(noticeTitles(page, language)).toHaveText(titlesToday(language, 'home'));
    await waitForPageHydration(page, language);
    await expect(noticeTitles(page, language)).toHaveText(titlesToday(language, 'home'));

    // To a course page in the client-side router: its notices come with its data.
    const course = copy[language].courses['neet-year-long'].name;
    const link = page.getByRole('main').getByRole('link', { name: course, exact: true });
    await waitForHydration(link);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course);
    await expect(noticeTitles(page, language)).toHaveText(titlesToday(language, 'neet-year-long'));
    expect(problems).toEqual([]);
  });
}
