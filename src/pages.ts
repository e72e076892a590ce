/**
 * Every page of the site, once: where it is (shared/paths.ts), the route module that
 * renders it, whether search engines list it, and which of its words name it. The
 * routes (src/routes.ts), the prerendered pages (react-router.config.ts), the sitemap
 * (scripts/seo-files.ts), the share images (src/content/share-images.ts), the footer's
 * links (src/content/page-data.ts), the benchmarks and the tests' page list
 * (tests/support/site.ts) all read this list, so a new page in both languages is its line
 * here (with its path, when nothing else links to it), its route module, its words (one file
 * in src/content/pages/: their shape, English and Hindi), and the content upgrade that gives
 * stored versions those words, with its fixture (src/content/upgrades/).
 *
 * Read at build time and by scripts and tests: never in the browser.
 */
import { paths } from '../shared/paths';
import { type CourseSlug, courseSlugs } from '../shared/courses';
import { type EventType, eventTypes } from '../shared/schema/events';
import type { Copy, Seo } from './content/schema';

export type PageWords = { seo: Seo; heading?: string; lead?: string };

export type Page = {
  /** Its route's id in each language (`en/about`, `hi/course-jee`). */
  id: string;
  /**
   * Where it is, without a language prefix; the not-found page answers any other path. From
   * shared/paths.ts when anything else links to it; typed here when only this table does.
   */
  path: string;
  /** The route module that renders it (relative to src/). */
  module: string;
  /** Listed in the sitemap, with its other languages named (hreflang). */
  indexed: boolean;
  /** Where it is prerendered, when that is not its path (the not-found page, at /404). */
  prerenderedAt?: string;
  /**
   * Its own words in a language's copy: what names it (its <title> and description) and, for a
   * page of its own words, its heading and lead (the tests read them: tests/support/site.ts).
   */
  words: (copy: Copy) => PageWords;
  /** Its link among the institute's pages in every footer, in this list's order: the link's words. */
  footer?: (words: Copy) => string;
  /** The course it shows, for a course page. */
  course?: CourseSlug;
  /** The event it books seats at, for an event's page. */
  event?: EventType;
};

/** In the order the sitemap lists them. */
export const pages: readonly Page[] = [
  {
    id: 'home',
    path: paths.home,
    module: 'routes/home.tsx',
    indexed: true,
    words: (copy) => copy.home,
    footer: (words) => words.ui.nav.home,
  },
  ...courseSlugs.map((slug): Page => ({
    id: `course-${slug}`,
    path: paths.course(slug),
    // The six course pages share one module, which reads the course from the URL.
    module: 'routes/course.tsx',
    indexed: true,
    words: (copy) => copy.courses[slug],
    course: slug,
  })),
  ...eventTypes.map((type): Page => ({
    id: type,
    path: paths.event(type),
    // Both events' pages share one module, which reads the event from the URL.
    module: 'routes/event.tsx',
    indexed: true,
    words: (copy) => copy.events.types[type],
    event: type,
  })),
  {
    id: 'about',
    path: paths.about,
    module: 'routes/about.tsx',
    indexed: true,
    words: (copy) => copy.about,
    footer: (words) => words.ui.nav.about,
  },
  {
    id: 'contact',
    path: paths.contact,
    module: 'routes/contact.tsx',
    indexed: true,
    words: (copy) => copy.contact,
    footer: (words) => words.ui.nav.contact,
  },
  {
    id: 'privacy',
    path: paths.privacy,
    module: 'routes/privacy.tsx',
    indexed: true,
    words: (copy) => copy.privacy,
    footer: (words) => words.ui.privacy.link,
  },
  {
    id: 'refund-policy',
    path: paths.refunds,
    module: 'routes/refund-policy.tsx',
    indexed: true,
    words: (copy) => copy.refunds,
    footer: (words) => words.refunds.link,
  },
  {
    id: 'thank-you',
    path: paths.thankYou,
    module: 'routes/thank-you.tsx',
    indexed: false,
    words: (copy) => copy.thankYou,
  },
  {
    id: 'not-found',
    path: '*',
    module: 'routes/not-found.tsx',
    indexed: false,
    prerenderedAt: paths.notFound,
    words: (copy) => copy.notFound,
  },
];

/** Every page search engines list (without a language prefix), in sitemap order. */
export const indexedPaths: readonly string[] = pages.filter((page) => page.indexed).map((page) => page.path);

/** Every page written at build time (without a language prefix). */
export const prerenderedPaths: readonly string[] = pages.map((page) => page.prerenderedAt ?? page.path);

/** The page prerendered at a path (without a language prefix). */
export function pageAt(path: string): Page {
  const page = pages.find((candidate) => (candidate.prerenderedAt ?? candidate.path) === path);
  if (!page) throw new Error(`No page at ${path} (src/pages.ts)`);
  return page;
}
