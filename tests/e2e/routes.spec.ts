/** Every page answers 200 with its own title, heading and head tags; unknown paths answer 404. */
import { expect, test, type Page } from '@playwright/test';
import {
  allSiteRoutes,
  canonicalUrl,
  copy,
  coursesIn,
  escapeHtml,
  escapeRegExp,
  hindiNotFoundPaths,
  languageInfo,
  languages,
  localizedPath,
  notFoundPaths,
  paths,
  routeFor,
  siteRoutesIn,
  urlOn,
} from './support';
import { translatedPath } from '../../src/config/languages';

type JsonLd = Record<string, unknown> & { '@type'?: string };

async function jsonLdBlocks(page: Page): Promise<JsonLd[]> {
  // <script> in <head> has no role: a CSS selector is the only way to it.
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as JsonLd);
}

const ofType = (blocks: JsonLd[], type: string) => blocks.filter((block) => block['@type'] === type);

for (const route of allSiteRoutes) {
  test.describe(`page ${route.path}`, () => {
    test('answers 200 with its title and heading, in its language', async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      expect(response?.url()).toBe(urlOn(page, route.path));
      await expect(page.locator('html')).toHaveAttribute('lang', languageInfo[route.language].tag);
      await expect(page).toHaveTitle(route.title);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      await expect(h1).toHaveText(route.heading);
      await expect(h1).toBeVisible();
    });

    test('has canonical, description, Open Graph and structured data in its head', async ({ page }) => {
      await page.goto(route.path);
      // <link> and <meta> have no role: CSS selectors are the only way to them.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalUrl(route.path));
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', route.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', route.title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonicalUrl(route.path));
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
        'content',
        languageInfo[route.language].ogLocale,
      );
      await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveAttribute(
        'content',
        languageInfo[route.language === 'en' ? 'hi' : 'en'].ogLocale,
      );

      const blocks = await jsonLdBlocks(page);
      const organizations = ofType(blocks, 'EducationalOrganization');
      const coursesLd = ofType(blocks, 'Course');
      const faqPages = ofType(blocks, 'FAQPage');

      if (route.kind === 'home') {
        expect(organizations).toHaveLength(1);
        expect(organizations[0]).toMatchObject({
          name: copy[route.language].site.name,
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

    test('names every language version of itself, both ways', async ({ page }) => {
      await page.goto(route.path);
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      const found = Object.fromEntries(
        await alternates.evaluateAll((links) =>
          links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
        ),
      );
      const expected = Object.fromEntries([
        ...languages.map((language) => [
          languageInfo[language].tag,
          canonicalUrl(translatedPath(route.path, language)),
        ]),
        ['x-default', canonicalUrl(translatedPath(route.path, 'en'))],
      ]);
      expect(found).toEqual(expected);
      // The counterpart names this page back.
      const counterpart = translatedPath(route.path, route.language === 'en' ? 'hi' : 'en');
      await page.goto(counterpart);
      await expect(
        page.locator(`link[rel="alternate"][hreflang="${languageInfo[route.language].tag}"]`),
      ).toHaveAttribute('href', canonicalUrl(route.path));
    });

    if (route.faqs.length > 0) {
      test('has every FAQ answer in its HTML, collapsed until opened', async ({ page }) => {
        const response = await page.goto(route.path);
        const html = (await response?.text()) ?? '';
        const [first] = route.faqs;
        if (!first) throw new Error('route has FAQs');

        // In the HTML source, inside a closed <details> (not only in the JSON-LD).
        const details = new RegExp(
          `<details class="faq__item"><summary>${escapeRegExp(escapeHtml(first.question))}</summary>` +
            `<p>${escapeRegExp(escapeHtml(first.answer))}</p></details>`,
        );
        expect(html).toMatch(details);
        for (const faq of route.faqs) expect(html).toContain(`<p>${escapeHtml(faq.answer)}</p>`);

        const main = page.getByRole('main');
        const question = main.getByText(first.question, { exact: true });
        const answer = main.getByText(first.answer, { exact: true });
        await expect(question).toBeVisible();
        await expect(answer).toBeAttached();
        await expect(answer).toBeHidden();
        await question.click();
        await expect(answer).toBeVisible();
      });
    }
  });
}

for (const [language, path] of [
  ...notFoundPaths.map((p) => ['en', p] as const),
  ...hindiNotFoundPaths.map((p) => ['hi', p] as const),
]) {
  test(`unknown path ${path} answers 404 with the not-found page in its language`, async ({ page }) => {
    const { notFound } = copy[language];
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(urlOn(page, path));
    await expect(page.locator('html')).toHaveAttribute('lang', languageInfo[language].tag);
    await expect(page).toHaveTitle(notFound.seo.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.heading);

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: notFound.homeLink })).toHaveAttribute(
      'href',
      localizedPath(language, paths.home),
    );
    await expect(main.getByRole('heading', { name: notFound.coursesHeading })).toBeVisible();
    for (const course of coursesIn(language)) {
      await expect(main.getByRole('link', { name: course.name, exact: true })).toHaveAttribute(
        'href',
        localizedPath(language, paths.course(course.slug)),
      );
    }

    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });
}

test('a trailing slash redirects to the page without it', async ({ page, request }) => {
  const redirect = await request.get('/about/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()['location']).toBe(paths.about);

  const withQuery = await request.get('/about/?ref=x', { maxRedirects: 0 });
  expect(withQuery.status()).toBe(301);
  expect(withQuery.headers()['location']).toBe(`${paths.about}?ref=x`);

  const response = await page.goto('/about/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(urlOn(page, paths.about));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeFor(paths.about).heading);

  const hindi = await request.get('/hi/about/', { maxRedirects: 0 });
  expect(hindi.status()).toBe(301);
  expect(hindi.headers()['location']).toBe('/hi/about');
});

test('sitemap.xml lists the nine pages and the privacy notice in both languages, each with its alternates', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
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
  expect(urls).toHaveLength(20);
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

test('robots.txt allows crawling and points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  expect(text).toMatch(new RegExp(`^Sitemap: ${escapeRegExp(canonicalUrl('/sitemap.xml'))}$`, 'm'));
});

test('every page has a title of its own, in every language', () => {
  for (const language of languages) {
    const routes = siteRoutesIn(language);
    expect(routes).toHaveLength(10);
    expect(routes[0]?.heading).toBe(copy[language].home.hero.heading);
  }
  expect(new Set(allSiteRoutes.map((route) => route.title)).size).toBe(allSiteRoutes.length);
});

// antd gives the <form> the id of its name; it must not clash with the page's own
// ids (the "Enquire now" links point at <section id="enquiry">).
test('no page uses an id twice', async ({ page }) => {
  const duplicates: Record<string, string[]> = {};
  for (const route of allSiteRoutes) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((element) => element.id));
    const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (repeated.length > 0) duplicates[route.path] = repeated;
  }
  expect(duplicates).toEqual({});
});
