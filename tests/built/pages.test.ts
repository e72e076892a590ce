/**
 * Every page's HTML as built and served: its language, title and heading, its head tags
 * (canonical, description, Open Graph, hreflang both ways, structured data), FAQ answers in
 * the HTML, no script fetched while the HTML is parsed, no id used twice; unknown paths
 * answer 404 with the not-found page of their language; sitemap.xml and robots.txt; the
 * scripts and styles sent in the forms the build compressed them in; the data each page hands its
 * script holds no words the page does not show.
 * What needs a browser (hydration, what is visible, clicks) is in tests/e2e.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSlugs } from '../../shared/courses';
import { translatedPath } from '../../shared/languages';
import { pages } from '../../src/pages';
import {
  allSiteRoutes,
  canonicalUrl,
  copy,
  coursesIn,
  escapeHtml,
  escapeRegExp,
  hindiNotFoundPaths,
  languageInfo,
  languageOfPath,
  languages,
  localizedPath,
  notFoundPaths,
  paths,
  siteRoutesIn,
} from '../support/site';
import { builtDocument, builtHtml, CLIENT_DIR, notFoundPagePath, servedSite, textOf, withText } from './built-site';

type JsonLd = Record<string, unknown> & { '@type'?: string };

const jsonLdBlocks = (document: Document): JsonLd[] =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as JsonLd,
  );

const ofType = (blocks: JsonLd[], type: string) => blocks.filter((block) => block['@type'] === type);

/** The one element matching `selector` (as a Playwright locator must be one to be asserted on). */
function only(document: Document, selector: string): Element {
  const found = document.querySelectorAll(selector);
  expect(found, selector).toHaveLength(1);
  return found[0] as Element;
}

let site: FastifyInstance;
beforeAll(async () => {
  site = await servedSite();
});
afterAll(async () => site?.close());

describe.each(allSiteRoutes)('page $path', (route) => {
  const document = () => builtDocument(route.path);

  it('is served with status 200 at its own URL, as built', async () => {
    const response = await site.inject({ url: route.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(builtHtml(route.path));
  });

  it('is in its language, with its title and one h1', () => {
    expect(document().documentElement.getAttribute('lang')).toBe(languageInfo[route.language].tag);
    expect(document().title).toBe(route.title);
    const h1s = document().querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(textOf(h1s[0])).toBe(route.heading);
  });

  it('has canonical, description, Open Graph and structured data in its head', () => {
    const attribute = (selector: string, name: string) => only(document(), selector).getAttribute(name);
    expect(attribute('link[rel="canonical"]', 'href')).toBe(canonicalUrl(route.path));
    expect(attribute('meta[name="description"]', 'content')).toBe(route.description);
    expect(attribute('meta[property="og:title"]', 'content')).toBe(route.title);
    expect(attribute('meta[property="og:url"]', 'content')).toBe(canonicalUrl(route.path));
    expect(document().querySelectorAll('meta[name="robots"]')).toHaveLength(0);
    expect(attribute('meta[property="og:locale"]', 'content')).toBe(languageInfo[route.language].ogLocale);
    expect(attribute('meta[property="og:locale:alternate"]', 'content')).toBe(
      languageInfo[route.language === 'en' ? 'hi' : 'en'].ogLocale,
    );

    const blocks = jsonLdBlocks(document());
    const organizations = ofType(blocks, 'EducationalOrganization');
    const coursesLd = ofType(blocks, 'Course');
    const faqPages = ofType(blocks, 'FAQPage');

    if (route.kind === 'home') {
      expect(organizations).toHaveLength(1);
      expect(organizations[0]).toMatchObject({
        // The name search engines know (the Latin one beside the Hindi pages' Devanagari).
        name: copy[route.language].site.seoName ?? copy[route.language].site.name,
        url: canonicalUrl(route.path),
        logo: canonicalUrl('/icons/icon-512.png'),
        inLanguage: languageInfo[route.language].tag,
      });
    } else {
      expect(organizations).toHaveLength(0);
    }

    if (route.course) {
      expect(coursesLd).toHaveLength(1);
      expect(coursesLd[0]).toMatchObject({
        name: route.course.name,
        url: canonicalUrl(route.path),
        inLanguage: languageInfo[route.language].tag,
        offers: { price: route.course.fee, priceCurrency: 'INR' },
      });
      // A fee for one year of a two-year course says it is per year, not the course's total.
      const perYear = { referenceQuantity: { value: 1, unitCode: 'ANN' } };
      if (route.course.feePer === 'year') {
        expect(coursesLd[0]).toMatchObject({ offers: { priceSpecification: perYear } });
      } else {
        expect(coursesLd[0]).not.toHaveProperty('offers.priceSpecification');
      }
    } else {
      expect(coursesLd).toHaveLength(0);
    }

    if (route.faqs.length > 0) {
      expect(faqPages).toHaveLength(1);
      expect(faqPages[0]).toMatchObject({ inLanguage: languageInfo[route.language].tag });
      const entities = faqPages[0]?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
      expect(entities.map((entity) => [entity.name, entity.acceptedAnswer.text])).toEqual(
        route.faqs.map((faq) => [faq.question, faq.answer]),
      );
    } else {
      expect(faqPages).toHaveLength(0);
    }
  });

  it('names every language version of itself, both ways', () => {
    const found = Object.fromEntries(
      [...document().querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    );
    const expected = Object.fromEntries([
      ...languages.map((language) => [languageInfo[language].tag, canonicalUrl(translatedPath(route.path, language))]),
      ['x-default', canonicalUrl(translatedPath(route.path, 'en'))],
    ]);
    expect(found).toEqual(expected);
    // The counterpart names this page back.
    const counterpart = translatedPath(route.path, route.language === 'en' ? 'hi' : 'en');
    expect(
      only(
        builtDocument(counterpart),
        `link[rel="alternate"][hreflang="${languageInfo[route.language].tag}"]`,
      ).getAttribute('href'),
    ).toBe(canonicalUrl(route.path));
  });

  if (route.faqs.length > 0) {
    it('has every FAQ answer in its HTML, inside a closed <details>', () => {
      const html = builtHtml(route.path);
      const [first] = route.faqs;
      if (!first) throw new Error('route has FAQs');
      // In the HTML source, inside a closed <details> (not only in the JSON-LD).
      const details = new RegExp(
        `<details class="faq__item"><summary>${escapeRegExp(escapeHtml(first.question))}</summary>` +
          `<p>${escapeRegExp(escapeHtml(first.answer))}</p></details>`,
      );
      expect(html).toMatch(details);
      for (const faq of route.faqs) expect(html).toContain(`<p>${escapeHtml(faq.answer)}</p>`);
    });
  }
});

const unknownPaths = [...notFoundPaths, ...hindiNotFoundPaths];

describe.each(unknownPaths)('unknown path %s', (path) => {
  const language = languageOfPath(path);

  it('answers 404 with the not-found page in its language', async () => {
    const { notFound } = copy[language];
    const response = await site.inject({ url: path });
    expect(response.statusCode).toBe(404);
    const html = builtHtml(notFoundPagePath(language));
    expect(response.body).toBe(html);

    const document = builtDocument(notFoundPagePath(language));
    expect(document.documentElement.getAttribute('lang')).toBe(languageInfo[language].tag);
    expect(document.title).toBe(notFound.seo.title);
    expect(textOf(only(document, 'h1'))).toBe(notFound.heading);

    const main = only(document, 'main');
    const linkTo = (name: string) => {
      const links = withText(main, 'a', name);
      expect(links, name).toHaveLength(1);
      return links[0]?.getAttribute('href');
    };
    expect(linkTo(notFound.homeLink)).toBe(localizedPath(language, paths.home));
    expect(withText(main, 'h1, h2, h3, h4, h5, h6', notFound.coursesHeading)).toHaveLength(1);
    for (const course of coursesIn(language)) {
      expect(linkTo(course.name)).toBe(localizedPath(language, paths.course(course.slug)));
    }

    expect(only(document, 'meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(0);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });
});

// Moved from the browser's loading test: the first paint waits for nothing (server/site/start-after-paint.ts).
it.each([...allSiteRoutes.map((route) => route.path), ...unknownPaths])(
  '%s names no script to fetch while its HTML is parsed',
  async (path) => {
    const html = (await site.inject({ url: path })).body;
    expect(html, 'the document names no script to fetch during parsing').not.toMatch(
      /<link rel="modulepreload"|<script[^>]*\ssrc=/,
    );
  },
);

/** The specification's nine routes (../shared/spec/seed-specification.md, §2): the home, about and contact pages and the six courses'. */
const specificationPaths = [paths.home, paths.about, paths.contact, ...courseSlugs.map((slug) => paths.course(slug))];

it('sitemap.xml lists every indexed page (the specification’s nine among them) in both languages, each with its alternates', async () => {
  const response = await site.inject({ url: '/sitemap.xml' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/xml/);
  const xml = response.body;
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body ?? '')?.[1],
    alternates: Object.fromEntries(
      [...(body ?? '').matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang, href]) => [lang, href],
      ),
    ),
  }));
  expect(urls.map((url) => url.loc).toSorted()).toEqual(
    allSiteRoutes.map((route) => canonicalUrl(route.path)).toSorted(),
  );
  expect(urls).toHaveLength(pages.filter((page) => page.indexed).length * languages.length);
  for (const language of languages)
    for (const path of specificationPaths)
      expect(urls.map((url) => url.loc)).toContain(canonicalUrl(localizedPath(language, path)));
  expect(urls[0]?.loc).toBe(canonicalUrl(paths.home));
  for (const url of urls) {
    const path = new URL(url.loc ?? '').pathname;
    expect(url.alternates).toEqual({
      'en-IN': canonicalUrl(translatedPath(path, 'en')),
      'hi-IN': canonicalUrl(translatedPath(path, 'hi')),
      'x-default': canonicalUrl(translatedPath(path, 'en')),
    });
  }
});

it('robots.txt allows crawling and points to the sitemap', async () => {
  const response = await site.inject({ url: '/robots.txt' });
  expect(response.statusCode).toBe(200);
  const text = response.body;
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  expect(text).toMatch(new RegExp(`^Sitemap: ${escapeRegExp(canonicalUrl('/sitemap.xml'))}$`, 'm'));
});

it("the site's and the desk's scripts and styles are sent as the build compressed them, not compressed again", async () => {
  const framework = /\/assets\/framework-[\w-]+\.js/.exec(builtHtml('/'))?.[0];
  const deskHtml = readFileSync(join(CLIENT_DIR, '..', 'desk', 'index.html'), 'utf8');
  /** The desk's entry file of this kind, as its page links it, and where the build wrote it. */
  const deskEntry = (extension: string) => {
    const url = new RegExp(`${escapeRegExp(paths.staff)}/assets/index-[\\w-]+\\.${extension}`).exec(deskHtml)?.[0];
    return [url, join(CLIENT_DIR, '..', 'desk', (url ?? '').slice(paths.staff.length))] as const;
  };
  const frameworkEntry = [framework, join(CLIENT_DIR, framework ?? '')] as const;
  for (const [url, file] of [frameworkEntry, deskEntry('css'), deskEntry('js')]) {
    expect(url, 'a built page links the framework, and the desk its script and styles').toBeTruthy();
    for (const [accepted, encoding, bytes] of [
      ['br, gzip', 'br', readFileSync(`${file}.br`)],
      ['gzip', 'gzip', readFileSync(`${file}.gz`)],
      ['identity', undefined, readFileSync(file)],
    ] as const) {
      const response = await site.inject({ url: url ?? '', headers: { 'accept-encoding': accepted } });
      expect(response.statusCode, `${url} (${accepted})`).toBe(200);
      expect(response.headers['content-encoding'], `${url} (${accepted})`).toBe(encoding);
      expect(response.rawPayload.equals(bytes), `${url} (${accepted}) is the build's file`).toBe(true);
      expect(response.headers['cache-control']).toMatch(/immutable/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
  }
});

it('every page has a title of its own, in every language', () => {
  for (const language of languages) {
    const routes = siteRoutesIn(language);
    expect(routes).toHaveLength(pages.filter((page) => page.indexed).length);
    expect(routes[0]?.heading).toBe(copy[language].home.hero.heading);
  }
  expect(new Set(allSiteRoutes.map((route) => route.title)).size).toBe(allSiteRoutes.length);
});

// antd gives the <form> the id of its name; it must not clash with the page's own
// ids (the "Enquire now" links point at <section id="enquiry">).
it('no page uses an id twice', () => {
  const duplicates: Record<string, string[]> = {};
  for (const route of allSiteRoutes) {
    const document = builtDocument(route.path);
    expect(textOf(document.querySelector('h1'))).toBe(route.heading);
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (repeated.length > 0) duplicates[route.path] = repeated;
  }
  expect(duplicates).toEqual({});
});

/** Every string in a page's router data (the turbo-stream its inline script hands the client). */
function dataStrings(html: string): string[] {
  const encoded = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(html)?.[1];
  expect(encoded, 'the page carries its data').toBeDefined();
  const values = JSON.parse(JSON.parse(encoded as string) as string) as unknown[];
  return values.filter((value): value is string => typeof value === 'string');
}

// A page's data is what it shows: the words sent to families by email or message, the seat's own
// page's, and a course page's, are not in every page's script for the client to read.
it('no page carries words it does not show: messages, the seat page, other pages', () => {
  for (const route of allSiteRoutes) {
    const language = languageOfPath(route.path);
    const { registrant, emails, booking, verification } = copy[language].events;
    const strings = new Set(dataStrings(builtHtml(route.path)));
    const shownElsewhere = {
      'the reminder message': registrant.reminder,
      'the reminder email': emails.reminderHeading,
      'the seat page': registrant.cancelIntro,
      'the seat page, cancelling': booking.cancelQuestion,
      'a code sent (the server says it)': verification.sent,
      ...(route.path.includes('/courses/') || route.path === localizedPath(language, '/')
        ? {}
        : {
            "a course page's": copy[language].ui.course.fee.year,
            'the comparison': copy[language].ui.comparison.caption,
          }),
    };
    for (const [what, text] of Object.entries(shownElsewhere))
      expect(strings.has(text), `${route.path}: ${what}`).toBe(false);
  }
});
