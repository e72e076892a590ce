/**
 * The picture a chat or a social network shows for a link to a page: one per page and
 * language, 1200 × 630, made from the page's own words (its title, a course's key facts as
 * they are on the day the page is rendered for, the logo) and drawn by server/site/share-images.ts,
 * at build time and by the server when it renders the pages again (a new day, newly published
 * content). Its file name carries a hash of everything it shows, so it is cached for a year
 * and a changed page gets a new one.
 *
 * Read by the page loaders, the build and the server's rendering (the build's server bundle
 * exports shareImagesFor): never in the browser.
 */
import { type Language, languages as siteLanguages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { SHARE_IMAGE_DIR, SHARE_IMAGE_SIZE, type ShareImageFile, type SharePicture } from '../../shared/share-image';
import { pageAt, prerenderedPaths } from '../pages';
import { logoMark } from '../config/logo';
import { brand } from '../config/theme';
import { formatDate, formatPhone, formatRupees } from '../../shared/format';
import { batchesOn } from './render-day';
import type { SiteContent } from './site-content';

export { SHARE_IMAGE_SIZE };
/** Bump when the drawing changes (server/site/share-images.ts), so every name changes with it. */
const DESIGN_VERSION = 2;

export type ShareImage = ShareImageFile & {
  language: Language;
  /** What the picture shows, in words, for og:image:alt. */
  alt: string;
  /** Its absolute URL, for og:image. */
  url: string;
};

/** The page's name as a chat shows it: a course's name, or its <title> without the institute's name after it. */
const titleOf = ({ copy }: SiteContent, language: Language, path: string): string => {
  const words = copy[language];
  const page = pageAt(path);
  if (page.course) return words.courses[page.course].name;
  const { title } = page.words(words).seo;
  return title.split(' | ')[0] ?? title;
};

/**
 * A course's next batch on `day` (as its page shows it), fee (with the period it covers) and
 * duration; elsewhere what the institute teaches, where, and its phone.
 */
const factsOf = ({ copy, institute }: SiteContent, language: Language, path: string, day?: string): string[] => {
  const words = copy[language];
  const slug = pageAt(path).course;
  if (slug) {
    const facts = institute.courses.find((course) => course.slug === slug);
    if (!facts) throw new Error(`No facts for course ${slug}`);
    if (day === undefined) throw new Error(`The share image of ${path} needs the day it is for (its next batch).`);
    const labels = words.ui.course;
    const [batch] = batchesOn(facts.batches, day, institute.seatsShownForDays);
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
  const { logo, name, seoName = name } = copy[language].site;
  return logo.name === seoName ? seoName : `${logo.name} (${seoName})`;
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

/**
 * The share image of the page at `path` (without a language prefix) in `language`, rendered
 * for `day` (needed for a course page: its next batch).
 */
export function shareImage(content: SiteContent, language: Language, path: string, day?: string): ShareImage {
  const title = titleOf(content, language, path);
  const facts = factsOf(content, language, path, day);
  const { logo } = content.copy[language].site;
  const picture: SharePicture = {
    wordmark: { name: logo.name, tagline: logo.tagline },
    title,
    facts,
    domain: new URL(content.institute.origin).hostname,
    mark: logoMark.shapes,
    colors: { primary: brand.primary, primaryText: brand.primaryText },
  };
  const page = path === paths.home ? 'home' : path.slice(1).replaceAll('/', '-');
  const file = `${SHARE_IMAGE_DIR}/${language}-${page}-${fingerprint(JSON.stringify({ DESIGN_VERSION, picture }))}.png`;
  return {
    language,
    picture,
    alt: [fullName(content, language), title, ...facts].join('. '),
    file,
    url: new URL(`/${file}`, content.institute.origin).href,
  };
}

/** Every page's share image on `day`: each prerendered page (src/pages.ts) in each language. */
export const allShareImages = (content: SiteContent, languages: readonly Language[], day: string) =>
  languages.flatMap((language) =>
    prerenderedPaths.map((path) => ({
      path: localizedPath(language, path),
      ...shareImage(content, language, path, day),
    })),
  );

/**
 * What the server draws when it renders the pages again (exported by the build's server entry):
 * every page's share image in every language, from a version of the content, on `day`.
 */
export const shareImagesFor = (content: SiteContent, day: string): ShareImageFile[] =>
  allShareImages(content, siteLanguages, day).map(({ file, picture }) => ({ file, picture }));
