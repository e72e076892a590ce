/**
 * The site's pages with what each one should show (all copy comes from the content files,
 * never retyped): shared by the browser tests (tests/e2e) and the built-file tests (tests/built).
 */
import { type Language, languageInfo, languageOfPath, languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { type CourseSlug, courseSlugs } from '../../shared/courses';
import { copy } from '../../src/content/copy';
import { institute } from '../../src/content/institute';
import type { CourseCopy } from '../../src/content/schema';
import { pages } from '../../src/pages';
import { withScholarship } from '../../src/content/scholarship';
import { localDate } from '../../shared/institute-calendar';
import { type EventType, takesRegistrations } from '../../shared/schema/events';

export type Course = CourseCopy & { slug: CourseSlug; fee: number; feePer: 'year' | 'course' };

export type SiteRoute = {
  language: Language;
  path: string;
  /** `page`: a page of its own words (its heading and lead), with no form. */
  kind: 'home' | 'about' | 'contact' | 'course' | 'privacy' | 'refunds' | 'event' | 'page';
  title: string;
  description: string;
  /** The h1. */
  heading: string;
  /** Body copy that must be on the page (below the h1). */
  bodyText: readonly string[];
  /** The label of the page's first filled (primary) call-to-action link, if it has one. */
  primaryCta?: string;
  /** The page has the enquiry form. */
  hasForm: boolean;
  /** FAQs shown on the page, if any. */
  faqs: readonly { question: string; answer: string }[];
  course?: Course;
};

/** Whether the starting content has a session of the event taking bookings today (India time). */
const bookable = (type: EventType) =>
  (institute.eventSessions ?? []).some(
    (session) => session.type === type && takesRegistrations(session, localDate(new Date())),
  );

/** The courses in a language, in route order, with their facts. */
export const coursesIn = (language: Language): Course[] =>
  courseSlugs.map((slug) => ({
    slug,
    fee: institute.courses.find((facts) => facts.slug === slug)?.fees.amount ?? 0,
    feePer: institute.courses.find((facts) => facts.slug === slug)?.fees.per ?? 'course',
    ...withScholarship(institute, copy[language], language).courses[slug],
  }));

/**
 * The nine pages of the specification and the privacy notice in one language: every page
 * src/pages.ts lists for search engines, in its order, with what it shows from the content.
 */
export function siteRoutesIn(language: Language): SiteRoute[] {
  // The words as the pages show them: the scholarship said from its description (src/content/scholarship.ts).
  const filled = withScholarship(institute, copy[language], language);
  const { home, about, contact, privacy, ui, events, refunds } = filled;
  if (!refunds) throw new Error(`src/content/${language}/refunds.ts: the starting content has no refund words`);
  if (!events) throw new Error(`src/content/${language}/events.ts: the starting content has no words for events`);
  const at = (path: string) => localizedPath(language, path);
  const courses = coursesIn(language);
  const shows: Record<string, (path: string) => SiteRoute> = {
    home: (path) => ({
      language,
      path,
      kind: 'home',
      title: home.seo.title,
      description: home.seo.description,
      heading: home.hero.heading,
      bodyText: [home.hero.lead, home.faq.items[0]?.question ?? ''],
      primaryCta: home.hero.primaryCta,
      hasForm: false,
      faqs: home.faq.items,
    }),
    about: (path) => ({
      language,
      path,
      kind: 'about',
      title: about.seo.title,
      description: about.seo.description,
      heading: about.heading,
      bodyText: [about.lead, about.story.paragraphs[0] ?? ''],
      primaryCta: ui.actions.enquire,
      hasForm: false,
      faqs: [],
    }),
    contact: (path) => ({
      language,
      path,
      kind: 'contact',
      title: contact.seo.title,
      description: contact.seo.description,
      heading: contact.heading,
      bodyText: [contact.lead, contact.visit.intro ?? ''],
      primaryCta: ui.actions.enquire,
      hasForm: true,
      faqs: [],
    }),
    privacy: (path) => ({
      language,
      path,
      kind: 'privacy',
      title: privacy.seo.title,
      description: privacy.seo.description,
      heading: privacy.heading,
      bodyText: [privacy.lead, privacy.sections[0]?.paragraphs[0] ?? ''],
      hasForm: false,
      faqs: [],
    }),
    'refund-policy': (path) => ({
      language,
      path,
      kind: 'refunds',
      title: refunds.seo.title,
      description: refunds.seo.description,
      heading: refunds.heading,
      bodyText: [refunds.lead, refunds.sections[0]?.paragraphs[0] ?? ''],
      hasForm: false,
      faqs: [],
    }),
  };
  return pages
    .filter((page) => page.indexed)
    .map((page) => {
      const course = courses.find((candidate) => candidate.slug === page.course);
      if (course) return courseRoute(course, at(page.path));
      if (page.event) {
        const words = events.types[page.event];
        return {
          language,
          path: at(page.path),
          kind: 'event',
          title: words.seo.title,
          description: words.seo.description,
          heading: words.heading,
          bodyText: [words.lead, words.about[0] ?? ''],
          // The form (and the button to it) only while a session takes bookings: the starting
          // content's dates pass (tests/e2e/events.spec.ts publishes its own on a server of its own).
          ...(bookable(page.event) ? { primaryCta: events.ui.registerHeading, hasForm: true } : { hasForm: false }),
          faqs: [],
        };
      }
      const route = shows[page.id];
      if (route) return route(at(page.path));
      // Any other page shows its own words: its heading and lead (src/pages.ts, `words`).
      const { seo, heading, lead } = page.words(filled);
      if (!heading || !lead)
        throw new Error(`tests/support/site.ts: say what ${page.path} shows (it has no heading and lead of its own)`);
      return {
        language,
        path: at(page.path),
        kind: 'page',
        title: seo.title,
        description: seo.description,
        heading,
        bodyText: [lead],
        hasForm: false,
        faqs: [],
      };
    });

  function courseRoute(course: Course, path: string): SiteRoute {
    return {
      language,
      path,
      kind: 'course',
      title: course.seo.title,
      description: course.seo.description,
      heading: course.name,
      bodyText: [course.summary, course.faqs[0]?.question ?? ''],
      primaryCta: ui.actions.enquire,
      hasForm: true,
      faqs: course.faqs,
      course,
    };
  }
}

/** Every page in English. */
export const siteRoutes: readonly SiteRoute[] = siteRoutesIn('en');
/** Every page in every language. */
export const allSiteRoutes: readonly SiteRoute[] = languages.flatMap(siteRoutesIn);

export const notFoundPaths = ['/no-such-page', '/courses/no-such-course'] as const;
export const hindiNotFoundPaths = ['/hi/no-such-page', '/hi/courses/no-such-course'] as const;

/** English words, for the specs that test English pages. */
export const { ui, home, about, contact, notFound, form } = copy.en;
export const courses = coursesIn('en');
export const site = { ...copy.en.site, phone: institute.phone, whatsapp: institute.whatsapp, origin: institute.origin };

export { copy, institute, languageInfo, languageOfPath, languages, localizedPath, paths };
export type { Language };

export const routeFor = (path: string): SiteRoute => {
  const route = allSiteRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
};

/** The canonical, absolute URL of a path on the live site. */
export const canonicalUrl = (path: string): string => new URL(path, site.origin).href;

/** Escapes text the way React does in HTML text and attribute values. */
export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
