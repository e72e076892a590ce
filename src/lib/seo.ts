import type { MetaDescriptor } from 'react-router';
import type { Seo } from '../content/schema';
import { site } from '../content/site';

type JsonLd = Record<string, unknown>;

type PageMetaArgs = {
  seo: Seo;
  path: string;
  /** Pages that should not be indexed (the not-found page). */
  noindex?: boolean;
  jsonLd?: JsonLd[];
};

export const absoluteUrl = (path: string): string => new URL(path, site.origin).href;

/** Everything a page puts in <head> for search engines and link previews. */
export function pageMeta({ seo, path, noindex = false, jsonLd = [] }: PageMetaArgs): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (noindex) {
    tags.push({ name: 'robots', content: 'noindex' });
  } else {
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  for (const data of jsonLd) tags.push({ 'script:ld+json': data });
  return tags;
}
