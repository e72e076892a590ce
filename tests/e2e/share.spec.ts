/**
 * The header and footer carry the logo in the page's language (loaded by the browser). Every
 * page's share image and the icons and manifests are checked from the build through the
 * server in tests/built/share.test.ts.
 */
import { expect, test } from '@playwright/test';
import { copy, languageInfo, languages, localizedPath } from './support';

for (const language of languages) {
  test(`the header and footer carry the logo, its name in ${languageInfo[language].name}`, async ({ page }) => {
    await page.goto(localizedPath(language, '/'));
    const { logo } = copy[language].site;
    const home = page.getByRole('banner').getByRole('link', { name: new RegExp(`^${logo.name}`) });
    await expect(home).toBeVisible();
    const mark = home.locator('img');
    await expect(mark).toHaveAttribute('alt', '');
    expect(await mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('contentinfo').getByText(logo.name, { exact: true })).toBeVisible();
  });
}
