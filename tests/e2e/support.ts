/**
 * Shared helpers for the browser tests: the site's pages with what each one
 * should show (all copy comes from the content files, never retyped), a
 * collector for console problems, and a wait for React to take over an element.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { courseSlugs, paths } from '../../src/config/paths';
import { courses } from '../../src/content/courses';
import { about, contact, home, notFound, privacy } from '../../src/content/pages';
import type { Course } from '../../src/content/schema';
import { site } from '../../src/content/site';
import { ui } from '../../src/content/ui';

declare global {
  interface Window {
    /** Set by a test; still there after a navigation only if the document was not reloaded. */
    __noReload?: boolean;
    /** Every call the pixel stand-in received (pixel.spec.ts). */
    __pixelCalls?: unknown[][];
    /** `fbq.disablePushState` at the moment each 'init' call was processed (pixel.spec.ts). */
    __pixelInitDisablePushState?: unknown[];
  }
}

export type SiteRoute = {
  path: string;
  kind: 'home' | 'about' | 'contact' | 'course' | 'privacy';
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

const courseBySlug = (slug: string): Course => {
  const course = courses.find((c) => c.slug === slug);
  if (!course) throw new Error(`No course content for slug ${slug}`);
  return course;
};

/** The nine pages of the specification and the privacy notice, built from the route table and the content files. */
export const siteRoutes: readonly SiteRoute[] = [
  {
    path: paths.home,
    kind: 'home',
    title: home.seo.title,
    description: home.seo.description,
    heading: home.hero.heading,
    bodyText: [home.hero.lead, home.faq.items[0]?.question ?? ''],
    primaryCta: home.hero.primaryCta,
    hasForm: false,
    faqs: home.faq.items,
  },
  {
    path: paths.about,
    kind: 'about',
    title: about.seo.title,
    description: about.seo.description,
    heading: about.heading,
    bodyText: [about.lead, about.story.paragraphs[0] ?? ''],
    primaryCta: ui.actions.enquire,
    hasForm: false,
    faqs: [],
  },
  {
    path: paths.contact,
    kind: 'contact',
    title: contact.seo.title,
    description: contact.seo.description,
    heading: contact.heading,
    bodyText: [contact.lead, contact.visit.intro ?? ''],
    primaryCta: ui.actions.enquire,
    hasForm: true,
    faqs: [],
  },
  ...courseSlugs.map((slug): SiteRoute => {
    const course = courseBySlug(slug);
    return {
      path: paths.course(slug),
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
  }),
  {
    path: paths.privacy,
    kind: 'privacy',
    title: privacy.seo.title,
    description: privacy.seo.description,
    heading: privacy.heading,
    bodyText: [privacy.lead, privacy.sections[0]?.paragraphs[0] ?? ''],
    hasForm: false,
    faqs: [],
  },
];

export const notFoundPaths = ['/no-such-page', '/courses/no-such-course'] as const;

export { about, contact, courses, home, notFound, paths, site, ui };

export const routeFor = (path: string): SiteRoute => {
  const route = siteRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
};

/** The canonical, absolute URL of a path on the live site. */
export const canonicalUrl = (path: string): string => new URL(path, site.origin).href;

/** The URL of a path on the server the page is talking to. */
export const urlOn = (page: Page, path: string): string => new URL(path, page.url()).href;

/**
 * Records console errors and warnings and uncaught page errors from now on.
 * Returns the live list; assert `toEqual([])` on it at the end of a test.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning') {
      const { url, lineNumber } = message.location();
      problems.push(`console.${type}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.name}: ${error.message}`));
  return problems;
}

/**
 * Waits until React has hydrated the element (attached its props to the DOM
 * node). Before that, a click on a link is a full page load and a click on a
 * button does nothing (or submits the form natively).
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), {
      message: 'React has hydrated the element',
    })
    .toBe(true);
}

/** The page's header is interactive (the root layout has hydrated). */
export async function waitForPageHydration(page: Page): Promise<void> {
  await waitForHydration(page.getByRole('button', { name: ui.nav.menuLabel, includeHidden: true }));
}

/** The enquiry form's controls. */
export function enquiryForm(page: Page) {
  const f = ui.form;
  return {
    studentName: page.getByLabel(f.studentName),
    phone: page.getByLabel(f.phone, { exact: true }),
    email: page.getByLabel(f.email),
    classLevel: page.getByLabel(f.classLevel),
    course: page.getByLabel(f.course),
    city: page.getByLabel(f.city),
    message: page.getByLabel(f.message),
    consent: page.getByLabel(f.consent),
    submit: page.getByRole('button', { name: f.submit }),
    result: page.getByRole('status'),
  };
}

/**
 * Brings the form into view (which starts loading its code) and waits until
 * React has hydrated it, so that typing and submitting go to antd's Form.
 * Interacting any earlier loses input or reloads the page: see the
 * "before the form's code has loaded" tests in form.spec.ts.
 */
export async function readyEnquiryForm(page: Page) {
  const form = enquiryForm(page);
  await form.submit.scrollIntoViewIfNeeded();
  await waitForHydration(form.submit);
  return form;
}

/** Escapes text the way React does in HTML text and attribute values. */
export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
