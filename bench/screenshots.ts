/**
 * Screenshots of pages as visitors see them, for a closing note or a review: each page in each
 * language on a phone (390 × 844, 3× pixels) and a laptop (1366 × 900), the first screen and the
 * whole page, from the production build on our own server. Writes PNGs to bench/results/screenshots/.
 *
 *   npm run bench:screenshots                       # home and one course page
 *   npm run bench:screenshots -- / /about --no-build
 */
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../scripts/chromium';
import { languages, localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import { startSiteServer } from './site-server';

const args = process.argv.slice(2);
const pages = args.filter((arg) => arg.startsWith('/'));
const routes = pages.length > 0 ? pages : [paths.home, paths.course('neet-year-long')];
const RESULTS = 'bench/results/screenshots';
const screens = [
  { name: '390', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: '1366', viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' });
  mkdirSync(RESULTS, { recursive: true });
  const server = await startSiteServer({ env: { DATABASE_URL: `file:${join(tmpdir(), 'screenshots.db')}` } });
  const { origin } = server;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
  try {
    for (const screen of screens) {
      const context = await browser.newContext(screen);
      const page = await context.newPage();
      for (const language of languages) {
        for (const route of routes) {
          const path = localizedPath(language, route);
          await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
          const name = `${language}${route === '/' ? '-home' : route.replace(/\W+/g, '-')}-${screen.name}`;
          await page.screenshot({ path: join(RESULTS, `${name}.png`) });
          await page.screenshot({ path: join(RESULTS, `${name}-full.png`), fullPage: true });
          console.log(join(RESULTS, `${name}.png`));
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
