/**
 * The desk for people who use a keyboard or a screen reader (issue 21, part 4): what axe
 * does not check. Each page names its tab; moving to a page puts focus on its h1; the
 * focus ring reads at least 3:1 on white (from the computed styles, reached with Tab);
 * Today's links are 24 × 24 px targets (measured); the parent's links name the parent;
 * the inbox's date filters have visible labels. And every antd component on each page is styled
 * (the desk's antd stylesheet is made at build time for the components it names).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { deskPages, menuPages } from '../../shared/desk-pages';
import { addStaff, uniqueMobile } from './database';
import { openDeskAs, sendEnquiry, showEveryone, signIn } from './desk-support';
import { paths } from './support';

/** WCAG's contrast ratio of an rgb()/rgba() colour (as computed styles give it) against white. */
function contrastOnWhite(colour: string): number {
  const [r = 0, g = 0, b = 0, alpha = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  // Over white, a translucent colour is seen blended with it.
  const [sr, sg, sb] = [r, g, b].map((c) => c * alpha + 255 * (1 - alpha));
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(sr ?? 0) + 0.7152 * linear(sg ?? 0) + 0.0722 * linear(sb ?? 0);
  return 1.05 / (luminance + 0.05);
}

/** Presses Tab (or Shift+Tab) until `target` (or a control inside it) has focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab') {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * The focus ring around the focused control, from computed styles: the outline of the
 * focused element, or of the control drawn around it (an antd Select's box).
 */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    let element = document.activeElement;
    for (let level = 0; element && level < 4; level += 1, element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
        return {
          colour: style.outlineColor,
          width: parseFloat(style.outlineWidth),
          style: style.outlineStyle,
          on: `${element.tagName} ${element.className}`,
        };
    }
    return { colour: 'none', width: 0, style: 'none', on: document.activeElement?.tagName ?? 'nothing' };
  });
}

async function expectVisibleFocus(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, target, key);
  // Whatever the styles animate has settled (a ring still growing in is not the ring staff see).
  // A transition cut short by another (antd's own, as focus lands) is settled too: its promise
  // rejects with AbortError, which is not a failure of the page.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const ring = await focusRing(page);
  expect(ring.style, `focus ring of ${target.toString()} (on ${ring.on})`).toBe('solid');
  expect(ring.width, `focus ring width of ${target.toString()} (on ${ring.on})`).toBeGreaterThanOrEqual(2);
  expect(contrastOnWhite(ring.colour), `focus ring contrast of ${target.toString()}`).toBeGreaterThanOrEqual(3);
}

/**
 * Ids used by more than one element: a label points at the first (two forms with a field of one
 * name, each unnamed, give both the same id), so the second field is announced and focused wrong.
 */
const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  });

/**
 * The antd components on the page (their blocks' classes: ant-table, ant-pagination) that no rule
 * of the page's stylesheets styles: one the desk's stylesheet leaves out (desk/src/app/theme.ts
 * deskAntdComponents) renders unstyled.
 */
const unstyledComponents = (page: Page) =>
  page.evaluate(() => {
    const blocks = new Set(
      [...document.querySelectorAll('[class*="ant-"]')].flatMap((element) =>
        [...element.classList].filter((name) => /^ant-[a-z]+$/.test(name)),
      ),
    );
    // What each rule styles: the last element of each of its selectors (`.ant-tag`, not the `.ant-select`
    // a tag is inside of in `.ant-select .ant-tag`, a rule of the select's own styles). Not the rules
    // that only set the theme's variables, which antd still writes in the browser for each component.
    const subjects: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule && [...rule.style].some((property) => !property.startsWith('--')))
          for (const selector of rule.selectorText.split(','))
            subjects.push(
              selector
                .trim()
                .split(/[\s>+~]+/)
                .at(-1) ?? '',
            );
        if ('cssRules' in rule) collect(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const styled = subjects.join('\n');
    return [...blocks].filter((block) => !new RegExp(`\\.${block}(?![\\w-])`).test(styled)).sort();
  });

test.describe('the desk with a keyboard or a screen reader', () => {
  test('each desk page names its tab, and moving to a page puts focus on its h1', async ({ page }) => {
    const { student } = await sendEnquiry(page, 'Title Check');
    await page.goto(`${paths.staff}${deskPages.signIn.path}`);
    await expect(page).toHaveTitle('Sign in · Enquiry desk');
    await signIn(page, await addStaff('admin'));
    const titles = [await page.title()];
    expect(titles[0]).toBe('Today · Enquiry desk');
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeFocused();

    const desk = page.getByRole('navigation', { name: 'Desk' });
    // Every page in the menu, from Today (where signing in lands) round to Today again.
    for (const name of [...menuPages.slice(1), ...menuPages.slice(0, 1)].map((menuPage) => menuPage.menu)) {
      await desk.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();
      await expect(page).toHaveTitle(`${name} · Enquiry desk`);
      titles.push(await page.title());
      expect(await duplicateIds(page), `ids used twice on ${name}`).toEqual([]);
      expect(await unstyledComponents(page), `antd components without styles on ${name}`).toEqual([]);
    }
    await showEveryone(page);
    await page.getByRole('link', { name: student, exact: true }).click();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeFocused();
    await expect(page).toHaveTitle(`${student} · Enquiry desk`);
    titles.push(await page.title());
    expect(await duplicateIds(page), 'ids used twice on an enquiry').toEqual([]);
    expect(await unstyledComponents(page), 'antd components without styles on an enquiry').toEqual([]);
    // Today is visited twice; every other page has a title of its own.
    expect(new Set(titles).size).toBe(titles.length - 1);
  });

  test('the focus ring on links, buttons and text boxes reads at least 3:1 on white', async ({ page }) => {
    const { student } = await sendEnquiry(page, 'Focus Check');
    await signIn(page, await addStaff('counsellor'));
    // From Today's h1 (focused after signing in): back to the header, then on into the page.
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeFocused();
    await expectVisibleFocus(page, page.getByRole('button', { name: 'Sign out' }), 'Shift+Tab');
    const desk = page.getByRole('navigation', { name: 'Desk' });
    await expectVisibleFocus(page, desk.getByRole('link', { name: 'Enquiries' }), 'Shift+Tab');
    await expectVisibleFocus(page, page.getByRole('main').getByRole('link').first());

    await showEveryone(page);
    await page.getByRole('link', { name: student, exact: true }).click();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeFocused();
    await expectVisibleFocus(page, page.getByLabel('Status', { exact: true }));
    await expectVisibleFocus(page, page.getByLabel('Next follow-up'));
    await expectVisibleFocus(page, page.getByRole('button', { name: 'Save changes' }));
    await expectVisibleFocus(page, page.getByLabel('Note', { exact: true }));
  });

  test("Today's links are at least 24 × 24 px, and the parent's links name the parent", async ({ page }) => {
    const parent = uniqueMobile();
    const { phone, student } = await sendEnquiry(page, 'Target Check', {
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita Rao',
      parentPhone: parent.typed,
    });
    await openDeskAs(page, await addStaff('counsellor'));
    await showEveryone(page);
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: student, exact: true }) });
    // A student under 18: Today's call links are the parent's (their consent is the parent's).
    const links = [
      entry.getByRole('link', { name: student, exact: true }),
      entry.getByRole('link', { name: `Call parent Sunita Rao on ${parent.display}` }),
      entry.getByRole('link', { name: 'WhatsApp parent Sunita Rao' }),
      page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Today' }),
    ];
    for (const link of links) {
      const box = await link.boundingBox();
      expect(box, `${link.toString()} is shown`).not.toBeNull();
      expect(box?.height, `height of ${link.toString()}`).toBeGreaterThanOrEqual(24);
      expect(box?.width, `width of ${link.toString()}`).toBeGreaterThanOrEqual(24);
    }

    await entry.getByRole('link', { name: student, exact: true }).click();
    await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: `Call parent Sunita Rao on ${parent.display}` })).toHaveAttribute(
      'href',
      `tel:${parent.stored}`,
    );
    await expect(page.getByRole('link', { name: 'WhatsApp parent Sunita Rao' })).toBeVisible();
    // The student's own number still names the student, and only once.
    await expect(page.getByRole('link', { name: `Call ${student} on ${phone.display}` })).toHaveCount(1);
  });

  test("the inbox's date filters have visible labels", async ({ page }) => {
    await openDeskAs(page, await addStaff('counsellor'));
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Enquiries' }).click();
    for (const [label, parameter] of [
      ['Received from', 'from'],
      ['Received to', 'to'],
    ] as const) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
      const input = page.getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute('type', 'date');
      await input.fill('2026-11-01');
      await expect(page).toHaveURL(new RegExp(`[?&]${parameter}=2026-11-01`));
    }
  });
});
