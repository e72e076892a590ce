import { useLocation, useRouteLoaderData } from 'react-router';
import { type Language, languageOfPath, localizedPath } from '../../shared/languages';
import type { LayoutData } from '../content/page-data';

/** The language of the page being shown (from its URL). */
export const useLanguage = (): Language => languageOfPath(useLocation().pathname);

/** Builds links in the page's language: localize('/about') → '/hi/about' on a Hindi page. */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(language, path);
}

/**
 * What every page of a language shares (header, footer, consent banner, not-found
 * page): the language layout route's loader data (src/routes/language-layout.tsx,
 * whose route id is the language).
 */
export function useLayoutData(): LayoutData {
  const language = useLanguage();
  const data = useRouteLoaderData<LayoutData>(language);
  if (!data) throw new Error(`No layout data for ${language}`);
  return data;
}
