import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { type Language, languageInfo, languages } from '../shared/languages';
import { paths } from '../shared/paths';
import { pages } from './pages';

/**
 * Every page of src/pages.ts (the specification's nine among them), once per language:
 * English at the specification's URLs, every other language under its prefix (/hi/about).
 * Each page module is its own chunk, loaded when its page is first visited. A language's
 * layout route (id: the language) gives every page of that language its header, footer and
 * shared words.
 */
const relative = (path: string) => path.replace(/^\//, '');

const pagesIn = (language: Language) =>
  pages.map(({ id, path, module }) =>
    path === paths.home
      ? index(module, { id: `${language}/${id}` })
      : route(relative(path), module, { id: `${language}/${id}` }),
  );

export default languages.map((language) => {
  const prefix = relative(languageInfo[language].prefix);
  return prefix
    ? route(prefix, 'routes/language-layout.tsx', { id: language }, pagesIn(language))
    : layout('routes/language-layout.tsx', { id: language }, pagesIn(language));
}) satisfies RouteConfig;
