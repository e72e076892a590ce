/**
 * Dated notices (institute.notices) on the pages the server renders with the build's own server
 * bundle, for a given day and a version of the content: a notice is on the pages it names, in
 * both languages, from its first day to its last (both included), in the HTML and in the data a
 * client-side navigation fetches; on other pages and other days it is not there at all.
 */
import { describe, expect, it } from 'vitest';
import { fill, formatDate } from '../../shared/format';
import { addDays } from '../../shared/institute-calendar';
import { dataPathOf, loadSiteBundle, renderSite, serverBuildOf } from '../../server/site/site-render';
import type { SiteContent } from '../../src/content/site-content';
import type { Notice } from '../../src/content/schema';
import { copy, languages, localizedPath, paths } from '../support/site';
import { CLIENT_DIR, textOf } from './built-site';
import { JSDOM } from 'jsdom';

const serverBuild = serverBuildOf(CLIENT_DIR);
if (!serverBuild) throw new Error(`No server bundle beside ${CLIENT_DIR}: run npm run build.`);
const SERVER_BUILD = serverBuild.file;

const notice: Notice = {
  id: 'open-day',
  from: '2026-12-05',
  until: '2026-12-06',
  on: ['home', 'jee'],
  link: paths.course('jee'),
};
const words = {
  en: { title: 'Open day on 6 December', body: 'Meet the JEE Main teachers and see a class.' },
  hi: { title: '6 दिसंबर को ओपन डे', body: 'JEE Main के शिक्षकों से मिलें और एक क्लास देखें।' },
};

/** The build's starting content with this one notice (and none of the samples). */
async function withOpenDay(): Promise<SiteContent> {
  const { startingContent, validateContent } = await loadSiteBundle(SERVER_BUILD);
  const content = structuredClone(startingContent) as SiteContent;
  content.institute.notices = [notice];
  for (const language of languages) content.copy[language].notices = { [notice.id]: words[language] };
  // Content the content check passes, as a version published from the desk must.
  expect(validateContent(content.copy, content.institute)).toEqual([]);
  return content;
}

const pagePaths = languages.flatMap((language) =>
  [paths.home, paths.course('jee'), paths.course('foundation')].map((path) => localizedPath(language, path)),
);
const notices = (html: string | undefined) =>
  new JSDOM(html ?? '').window.document.querySelector('main section.notices');

describe('a notice on the pages rendered for a day', () => {
  it('is on the home page and the course page it names, in English and Hindi, from its first day to its last', async () => {
    const content = await withOpenDay();
    for (const day of [notice.from, notice.until]) {
      const { html, data } = await renderSite(SERVER_BUILD, pagePaths, day, content);
      for (const language of languages) {
        const ui = copy[language].ui.notices;
        for (const path of [paths.home, paths.course('jee')].map((p) => localizedPath(language, p))) {
          const section = notices(html.get(path));
          expect(section?.getAttribute('aria-label'), `${path} on ${day}`).toBe(ui.label);
          const item = section?.querySelector('li');
          expect(textOf(item?.querySelector('.notice__title'))).toBe(words[language].title);
          expect(textOf(item)).toContain(words[language].body);
          expect(textOf(item?.querySelector('.notice__dates'))).toBe(
            fill(ui.dates, { from: formatDate(notice.from, language), until: formatDate(notice.until, language) }),
          );
          // Its title links to the page named, in the page's language.
          expect(item?.querySelector('a')?.getAttribute('href')).toBe(localizedPath(language, paths.course('jee')));
          // A client-side navigation to the page gets the same notice.
          expect(data.get(dataPathOf(path))).toContain(words[language].title);
        }
        // Not on a page it does not name.
        const other = localizedPath(language, paths.course('foundation'));
        expect(notices(html.get(other)), other).toBeNull();
        expect(data.get(dataPathOf(other))).not.toContain(words[language].title);
      }
    }
  });

  it('is gone the day after its last, and not there the day before its first', async () => {
    const content = await withOpenDay();
    for (const day of [addDays(notice.until, 1), addDays(notice.from, -1)]) {
      const { html, data } = await renderSite(SERVER_BUILD, pagePaths, day, content);
      for (const path of pagePaths) {
        expect(notices(html.get(path)), `${path} on ${day}`).toBeNull();
        for (const language of languages) expect(data.get(dataPathOf(path))).not.toContain(words[language].title);
      }
    }
  });
});
