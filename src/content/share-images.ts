/**
 * The picture a chat or a social network shows for a link to a page: one per page and
 * language, 1200 × 630, made at build time from the page's own words (its title, a
 * course's key facts, the logo) by scripts/share-images.ts. Its file name carries a
 * hash of what it shows, so it is cached for a year and a changed page gets a new one.
 *
 * Read at build time only (the page loaders and the build script): never in the browser.
 */
import { type Language, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { pageAt, prerenderedPaths } from '../pages';
import { logoMark } from '../config/logo';
import { formatDate, formatPhone, formatRupees } from '../../shared/format';
import type { SiteContent } from './site-content';

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** Bump when the picture's design changes (scripts/share-images.ts), so every name changes with it. */
const DESIGN_VERSION = 1;

export type ShareImage = {
  language: Language;
  /** What the picture shows. */
  title: string;
  facts: string[];
  /** The same, in words, for og:image:alt. */
  alt: string;
  /** Where the build writes it, relative to the built site (assets/share/…png). */
  file: string;
  /** Its absolute URL, for og:image. */
  url: string;
};

/** The page's name as a chat shows it: a course's name, or its <title> without the institute's name after it. */
const titleOf = ({ copy }: SiteContent, language: Language, path: string): string => {
  const words = copy[language];
  const page = pageAt(path);
  if (page.course) return words.courses[page.course].name;
  const { title } = page.seo(words);
  return title.split(' | ')[0] ?? title;
};

/** A course's next batch, fee (with the period it covers) and duration; elsewhere what the institute teaches, where, and its phone. */
const factsOf = ({ copy, institute }: SiteContent, language: Language, path: string): string[] => {
  const words = copy[language];
  const slug = pageAt(path).course;
  if (slug) {
    const facts = institute.courses.find((course) => course.slug === slug);
    if (!facts) throw new Error(`No facts for course ${slug}`);
    const labels = words.ui.course;
    const batch = facts.batches[0];
    return [
      ...(batch ? [`${labels.nextBatch}: ${formatDate(batch.starts, language)}`] : []),
      `${labels.fee[facts.fees.per]}: ${formatRupees(facts.fees.amount, language)}`,
      `${labels.duration}: ${words.courses[slug].duration}`,
    ];
  }
  return [words.home.hero.eyebrow, `${words.ui.actions.call}: ${formatPhone(institute.phone)}`];
};

/** The institute's name as a language writes it, with the registered name beside it where they differ. */
export function fullName({ copy }: SiteContent, language: Language): string {
  const { logo, name } = copy[language].site;
  return logo.name === name ? name : `${logo.name} (${name})`;
}

/** FNV-1a, 32 bits: a short, stable name for what a picture shows (not a security measure). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export function shareImage(content: SiteContent, language: Language, path: string): ShareImage {
  const title = titleOf(content, language, path);
  const facts = factsOf(content, language, path);
  const { logo } = content.copy[language].site;
  const shown = JSON.stringify({
    DESIGN_VERSION,
    language,
    title,
    facts,
    logo,
    mark: logoMark,
    origin: content.institute.origin,
  });
  const page = path === paths.home ? 'home' : path.slice(1).replaceAll('/', '-');
  const file = `assets/share/${language}-${page}-${fingerprint(shown)}.png`;
  return {
    language,
    title,
    facts,
    alt: [fullName(content, language), title, ...facts].join('. '),
    file,
    url: new URL(`/${file}`, content.institute.origin).href,
  };
}

/** Every share image the build makes: each prerendered page (src/pages.ts) in each language. */
export const allShareImages = (content: SiteContent, languages: readonly Language[]) =>
  languages.flatMap((language) =>
    prerenderedPaths.map((path) => ({ path: localizedPath(language, path), ...shareImage(content, language, path) })),
  );
