/**
 * Everything a page puts in <head> for search engines and link previews. Runs at
 * build time (route loaders, through src/content/page-data.ts); the page's meta()
 * only returns what its loader made, so none of this reaches the browser.
 */
import type { MetaDescriptor } from 'react-router';
import { type Language, languageInfo, languages, localizedPath } from '../../shared/languages';
import type { Seo } from '../content/schema';

export type JsonLd = Record<string, unknown>;

type PageMetaArgs = {
  language: Language;
  origin: string;
  siteName: string;
  seo: Seo;
  /** The page's path without a language prefix (/about). */
  path: string;
  /** Pages that should not be indexed (thank-you, not found). */
  noindex?: boolean;
  /** Whether the page has a counterpart in every language at the same path (not the not-found page). */
  alternates?: boolean;
  jsonLd?: JsonLd[];
  /** The page's share image (src/content/share-images.ts). */
  image: { url: string; alt: string; width: number; height: number };
};

export function pageMeta({
  language,
  origin,
  siteName,
  seo,
  path,
  noindex = false,
  alternates = true,
  jsonLd = [],
  image,
}: PageMetaArgs): MetaDescriptor[] {
  const url = (lang: Language) => new URL(localizedPath(lang, path), origin).href;
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: languageInfo[language].ogLocale },
    ...languages
      .filter((other) => other !== language)
      .map((other) => ({ property: 'og:locale:alternate', content: languageInfo[other].ogLocale })),
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:image', content: image.url },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (noindex) {
    tags.push({ name: 'robots', content: 'noindex' });
  } else {
    tags.push(
      { tagName: 'link', rel: 'canonical', href: url(language) },
      { property: 'og:url', content: url(language) },
    );
  }
  if (alternates) {
    // Every version of the page, itself included, and English for everyone else.
    for (const lang of languages) {
      tags.push({ tagName: 'link', rel: 'alternate', hrefLang: languageInfo[lang].tag, href: url(lang) });
    }
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url('en') });
  }
  for (const data of jsonLd) tags.push({ 'script:ld+json': data });
  return tags;
}
