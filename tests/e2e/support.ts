/**
 * Shared helpers for the browser tests: the site's pages with what each one
 * should show (all copy comes from the content files, never retyped), a
 * collector for console problems, and a wait for React to take over an element.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, languageInfo, languageOfPath, languages, localizedPath } from '../../src/config/languages';
import { type CourseSlug, courseSlugs, paths } from '../../src/config/paths';
import { copy } from '../../src/content/copy';
import { institute } from '../../src/content/institute';
import type { CourseCopy } from '../../src/content/schema';

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

export type Course = CourseCopy & { slug: CourseSlug; fee: number; feePer: 'year' | 'course' };

export type SiteRoute = {
  language: Language;
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

/** The courses in a language, in route order, with their facts. */
export const coursesIn = (language: Language): Course[] =>
  courseSlugs.map((slug) => ({
    slug,
    fee: institute.courses.find((facts) => facts.slug === slug)?.fees.amount ?? 0,
    feePer: institute.courses.find((facts) => facts.slug === slug)?.fees.per ?? 'course',
    ...copy[language].courses[slug],
  }));

/** The nine pages of the specification and the privacy notice in one language, from the route table and the content. */
export function siteRoutesIn(language: Language): SiteRoute[] {
  const { home, about, contact, privacy, ui } = copy[language];
  const at = (path: string) => localizedPath(language, path);
  return [
    {
      language,
      path: at(paths.home),
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
      language,
      path: at(paths.about),
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
      language,
      path: at(paths.contact),
      kind: 'contact',
      title: contact.seo.title,
      description: contact.seo.description,
      heading: contact.heading,
      bodyText: [contact.lead, contact.visit.intro ?? ''],
      primaryCta: ui.actions.enquire,
      hasForm: true,
      faqs: [],
    },
    ...coursesIn(language).map((course): SiteRoute => ({
      language,
      path: at(paths.course(course.slug)),
      kind: 'course',
      title: course.seo.title,
      description: course.seo.description,
      heading: course.name,
      bodyText: [course.summary, course.faqs[0]?.question ?? ''],
      primaryCta: ui.actions.enquire,
      hasForm: true,
      faqs: course.faqs,
      course,
    })),
    {
      language,
      path: at(paths.privacy),
      kind: 'privacy',
      title: privacy.seo.title,
      description: privacy.seo.description,
      heading: privacy.heading,
      bodyText: [privacy.lead, privacy.sections[0]?.paragraphs[0] ?? ''],
      hasForm: false,
      faqs: [],
    },
  ];
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
export async function waitForPageHydration(page: Page, language: Language = 'en'): Promise<void> {
  await waitForHydration(page.getByRole('button', { name: copy[language].ui.nav.menuLabel, includeHidden: true }));
}

/**
 * The enquiry form's controls, found by their labels in the page's language. Its first
 * screen asks who is filling it in, the student's name, a mobile number, the course and
 * consent; `studentUnder18` and the parent's fields appear for a student under 18; the
 * optional details (class, city, email, message) are asked once the call-back is requested.
 */
export function enquiryForm(page: Page, language: Language = 'en') {
  const words = copy[language].form;
  const f = words.fields;
  const details = page.getByRole('region', { name: words.details.heading });
  return {
    enquirer: page.getByLabel(f.enquirer.label),
    studentUnder18: page.getByLabel(f.studentUnder18.label),
    studentName: page.getByLabel(f.studentName.label),
    phone: page.getByLabel(f.phone.label, { exact: true }),
    course: page.getByLabel(f.course.label),
    parentName: page.getByLabel(f.parentName.label),
    parentPhone: page.getByLabel(f.parentPhone.label),
    consent: page.getByLabel(f.consent.label),
    submit: page.getByRole('button', { name: words.submit }),
    result: page.getByRole('status'),
    /** The optional details, after the call-back is requested. */
    details: {
      region: details,
      classLevel: details.getByLabel(f.classLevel.label),
      city: details.getByLabel(f.city.label),
      email: details.getByLabel(f.email.label),
      message: details.getByLabel(f.message.label),
      submit: details.getByRole('button', { name: words.details.submit }),
    },
  };
}

/** The roles a visitor fills in or chooses with (buttons are counted apart). */
const CONTROL_ROLES = [
  'textbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'spinbutton',
  'slider',
] as const;

/**
 * The controls of the enquiry form a visitor can see and use, found by role (the honeypot
 * is hidden from people and screen readers, so it is not among them), as `role: name`
 * sorted, and its buttons.
 */
export async function visibleFormControls(page: Page) {
  const form = page.locator('form#enquiry-form');
  const controls: string[] = [];
  for (const role of CONTROL_ROLES) {
    for (const control of await form.getByRole(role).all()) {
      if (await control.isVisible()) controls.push(`${role}: ${(await control.getAttribute('name')) ?? ''}`);
    }
  }
  const buttons: string[] = [];
  for (const button of await form.getByRole('button').all()) {
    if (await button.isVisible()) buttons.push((await button.textContent()) ?? '');
  }
  return { controls: controls.sort(), buttons };
}

/**
 * Scrolls to the form and points at it, as a visitor about to fill it in does (which
 * starts loading its code), then waits until React has hydrated it, so that the test's
 * typing and submitting go to antd's Form. What happens to input given any earlier is
 * covered by the "before the form's code has loaded" tests in form.spec.ts.
 */
export async function readyEnquiryForm(page: Page, language: Language = 'en') {
  const form = enquiryForm(page, language);
  await form.studentName.hover();
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
