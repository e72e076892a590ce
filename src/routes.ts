import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { type Language, languageInfo, languages } from '../shared/languages';
import { courseSlugs, paths } from '../shared/paths';

/**
 * The pages, once per language: the nine pages of the specification, the privacy
 * notice, the thank-you page (after an enquiry sent without JavaScript) and the
 * not-found page. English at the specification's URLs, every other language under
 * its prefix (/hi/about). Each page module is its own chunk, loaded when its page is
 * first visited; the six course pages share one module, which reads the course from
 * the URL. A language's layout route (id: the language) gives every page of that
 * language its header, footer and shared words.
 */
const relative = (path: string) => path.replace(/^\//, '');

function pagesIn(language: Language) {
  const id = (page: string) => `${language}/${page}`;
  return [
    index('routes/home.tsx', { id: id('home') }),
    route(relative(paths.about), 'routes/about.tsx', { id: id('about') }),
    route(relative(paths.contact), 'routes/contact.tsx', { id: id('contact') }),
    route(relative(paths.privacy), 'routes/privacy.tsx', { id: id('privacy') }),
    ...courseSlugs.map((slug) =>
      route(relative(paths.course(slug)), 'routes/course.tsx', { id: id(`course-${slug}`) }),
    ),
    route(relative(paths.thankYou), 'routes/thank-you.tsx', { id: id('thank-you') }),
    route('*', 'routes/not-found.tsx', { id: id('not-found') }),
  ];
}

export default languages.map((language) => {
  const prefix = relative(languageInfo[language].prefix);
  return prefix
    ? route(prefix, 'routes/language-layout.tsx', { id: language }, pagesIn(language))
    : layout('routes/language-layout.tsx', { id: language }, pagesIn(language));
}) satisfies RouteConfig;
