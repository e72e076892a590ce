/**
 * The Meta pixel: with META_PIXEL_ID set (the server on PIXEL_PORT), every page
 * view is counted exactly once, including client-side navigations; without it
 * (the default server), nothing is sent anywhere.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { PIXEL_PORT, TEST_PIXEL_ID } from '../../playwright.config';
import {
  about,
  collectProblems,
  contact,
  courses,
  home,
  paths,
  siteRoutes,
  ui,
  urlOn,
  waitForHydration,
  waitForPageHydration,
} from './support';

const PIXEL_ORIGIN = `http://localhost:${PIXEL_PORT}`;
const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

const isLocal = (url: string) => {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1';
};

/**
 * Stands in for fbevents.js: replays the calls the base code's stub queued, then
 * takes over `fbq.callMethod` so later calls are recorded as they happen.
 */
const STAND_IN_SCRIPT = `(function () {
  var fbq = window.fbq;
  var calls = (window.__pixelCalls = []);
  var initFlags = (window.__pixelInitDisablePushState = []);
  function record(args) {
    var list = Array.prototype.slice.call(args);
    if (list[0] === 'init') initFlags.push(fbq.disablePushState);
    calls.push(list);
  }
  var queued = fbq.queue || [];
  fbq.queue = [];
  for (var i = 0; i < queued.length; i++) record(queued[i]);
  fbq.callMethod = function () { record(arguments); };
})();`;

type PixelTraffic = { facebook: string[]; blocked: string[] };

/** Serves the stand-in, answers facebook.com with 204, and blocks every other host. */
async function routeThirdParties(page: Page): Promise<PixelTraffic> {
  const traffic: PixelTraffic = { facebook: [], blocked: [] };
  await page.route(
    (url) => !isLocal(url.href),
    async (route) => {
      const url = route.request().url();
      if (url === PIXEL_SCRIPT_URL) {
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: STAND_IN_SCRIPT });
      } else if (url.startsWith('https://www.facebook.com/')) {
        traffic.facebook.push(url);
        await route.fulfill({ status: 204 });
      } else {
        traffic.blocked.push(url);
        await route.abort();
      }
    },
  );
  return traffic;
}

const pixelCalls = (page: Page) => page.evaluate(() => window.__pixelCalls ?? null);

const pageViewCount = async (page: Page) =>
  ((await pixelCalls(page)) ?? []).filter((call) => JSON.stringify(call) === JSON.stringify(['track', 'PageView']))
    .length;

test.describe('with the pixel configured', () => {
  test.use({ baseURL: PIXEL_ORIGIN });

  test('every page view is counted once, on first load and after each client-side navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 }); // desktop: the header nav is visible
    const problems = collectProblems(page);
    const traffic = await routeThirdParties(page);

    await page.goto(paths.home);
    await waitForPageHydration(page);
    await expect.poll(() => pixelCalls(page), { message: 'the stand-in pixel script ran' }).not.toBeNull();
    await expect.poll(() => pageViewCount(page)).toBe(1);
    expect(await pixelCalls(page)).toEqual([
      ['init', TEST_PIXEL_ID],
      ['track', 'PageView'],
    ]);
    expect(await page.evaluate(() => window.__pixelInitDisablePushState)).toEqual([true]);

    const main = page.getByRole('main');
    const headerNav = page.getByRole('banner').getByRole('navigation', { name: ui.nav.label });
    const footer = page.getByRole('contentinfo');
    const [firstCourse] = courses;
    const lastCourse = courses.at(-1);
    if (!firstCourse || !lastCourse) throw new Error('no courses');

    const steps = [
      {
        link: main.getByRole('region', { name: home.courses.heading }).getByRole('link', { name: firstCourse.name }),
        path: paths.course(firstCourse.slug),
        heading: firstCourse.name,
      },
      { link: headerNav.getByRole('link', { name: ui.nav.about }), path: paths.about, heading: about.heading },
      { link: headerNav.getByRole('link', { name: ui.nav.contact }), path: paths.contact, heading: contact.heading },
      {
        link: footer.getByRole('link', { name: lastCourse.name }),
        path: paths.course(lastCourse.slug),
        heading: lastCourse.name,
      },
    ];

    let expected = 1;
    for (const step of steps) {
      await waitForHydration(step.link);
      await step.link.click();
      await expect(page).toHaveURL(urlOn(page, step.path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(step.heading);
      expected += 1;
      await expect.poll(() => pageViewCount(page), { message: `PageViews after opening ${step.path}` }).toBe(expected);
    }

    // Still the same document (client-side navigations), one init, one PageView per page.
    expect(await pixelCalls(page)).toEqual([
      ['init', TEST_PIXEL_ID],
      ...Array.from({ length: 1 + steps.length }, () => ['track', 'PageView']),
    ]);
    // The stand-in sends nothing itself, so any request to facebook.com came from the
    // page (e.g. the <noscript> image being fetched as well): a double count.
    expect(traffic.facebook).toEqual([]);
    expect(traffic.blocked).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('going back counts the page shown again, once', async ({ page }) => {
    const traffic = await routeThirdParties(page);
    await page.goto(paths.about);
    await waitForPageHydration(page);
    await expect.poll(() => pageViewCount(page)).toBe(1);

    const link = page.getByRole('contentinfo').getByRole('link', { name: ui.nav.contact });
    await waitForHydration(link);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.heading);
    await expect.poll(() => pageViewCount(page)).toBe(2);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.heading);
    await expect.poll(() => pageViewCount(page)).toBe(3);
    expect(traffic.blocked).toEqual([]);
  });

  test('the base code is in the HTML of every page', async ({ request }) => {
    for (const path of [...siteRoutes.map((route) => route.path), '/no-such-page']) {
      const response = await request.get(path);
      expect(response.status()).toBe(path === '/no-such-page' ? 404 : 200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain(`fbq('init','${TEST_PIXEL_ID}')`);
      expect(head, path).toContain('fbq.disablePushState=true');
      expect(head, path).toContain(PIXEL_SCRIPT_URL);
      expect(html.split(`fbq('init'`), `${path}: init exactly once`).toHaveLength(2);
      expect(html.split(`fbq('track','PageView')`), `${path}: one PageView in the HTML`).toHaveLength(2);
      // disablePushState is set before init, so the pixel never counts history changes itself.
      expect(head.indexOf('fbq.disablePushState=true')).toBeLessThan(head.indexOf(`fbq('init'`));
      expect(html).toContain(`https://www.facebook.com/tr?id=${TEST_PIXEL_ID}&amp;ev=PageView&amp;noscript=1`);
    }
  });
});

test.describe('without the pixel configured', () => {
  test('no request leaves the site and fbq is never defined', async ({ page, request }) => {
    const problems = collectProblems(page);
    const external: string[] = [];
    page.on('request', (req: Request) => {
      if (!isLocal(req.url())) external.push(req.url());
    });

    const response = await page.goto(paths.home);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('fbevents');
    expect(html).not.toContain('fbq(');
    await waitForPageHydration(page);

    const course = courses[1];
    if (!course) throw new Error('need two courses');
    const links = [
      {
        link: page.getByRole('main').getByRole('region', { name: home.courses.heading }).getByRole('link', {
          name: course.name,
        }),
        heading: course.name,
      },
      { link: page.getByRole('contentinfo').getByRole('link', { name: ui.nav.about }), heading: about.heading },
      { link: page.getByRole('contentinfo').getByRole('link', { name: ui.nav.contact }), heading: contact.heading },
    ];
    for (const { link, heading } of links) {
      await waitForHydration(link);
      await link.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await page.waitForLoadState('networkidle');

    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
    expect(external).toEqual([]);
    expect(problems).toEqual([]);

    for (const route of siteRoutes) {
      const text = await (await request.get(route.path)).text();
      expect(text, route.path).not.toContain('fbevents');
      expect(text, route.path).not.toContain('fbq(');
      expect(text, route.path).not.toContain('facebook.com');
    }
  });
});
