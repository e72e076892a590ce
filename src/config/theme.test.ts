import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { siteCustomProperties, siteTokensCss } from './site-tokens';
import { brand, siteColors, siteFontSizes, themeConfig } from './theme';

const src = fileURLToPath(new URL('..', import.meta.url));
const stylesheets = globSync('**/*.css', { cwd: src }).sort();
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const read = (file: string) => withoutComments(readFileSync(`${src}${file}`, 'utf8'));

/** Colour literals a stylesheet must leave to the tokens (named colours: the ones CSS authors reach for). */
const colourLiteral =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![-\w])(?:white|black|red|green|blue|gray|grey|silver|orange|yellow)(?![-\w])/gi;

describe('the stylesheets read colours and sizes from the theme', () => {
  it('finds the stylesheets', () => {
    expect(stylesheets).toContain('styles/site.css');
    expect(stylesheets).toContain('styles/global.css');
    expect(stylesheets.length).toBeGreaterThan(10);
  });

  it.each(stylesheets)('%s writes no colour literal', (file) => {
    expect(read(file).match(colourLiteral) ?? []).toEqual([]);
  });

  it.each(stylesheets)('%s writes no font size of its own', (file) => {
    expect(read(file).match(/font-size:\s*[\d.]+(?:px|rem|em)/g) ?? []).toEqual([]);
  });

  it.each(stylesheets)('%s takes padding, margins and gaps on the size scale from the tokens', (file) => {
    const scale = new Set(
      Object.entries(siteCustomProperties())
        .filter(([name]) => name.startsWith('space'))
        .map(([, value]) => value),
    );
    const spacing = [...read(file).matchAll(/(?:padding|margin|gap)[\w-]*:([^;]*)/g)].flatMap((match) =>
      [...(match[1] ?? '').matchAll(/\b\d+px\b/g)].map((px) => px[0]),
    );
    expect(spacing.filter((px) => scale.has(px))).toEqual([]);
  });

  it.each(stylesheets)('%s reads only custom properties the tokens define', (file) => {
    const defined = new Set(Object.keys(siteCustomProperties()).map((name) => `--site-${name}`));
    const used = [...read(file).matchAll(/var\((--[\w-]+)/g)].map((match) => match[1] ?? '');
    expect(used.filter((name) => !defined.has(name))).toEqual([]);
  });

  it('imports every stylesheet from src/styles/site.css, the one root.tsx inlines', () => {
    const entry = readFileSync(`${src}styles/site.css`, 'utf8');
    const imported = [...entry.matchAll(/@import '([^']+)'/g)].map((match) =>
      fileURLToPath(new URL(match[1] ?? '', new URL('styles/', `file://${src}`))).slice(src.length),
    );
    expect(imported.sort()).toEqual(stylesheets.filter((file) => file !== 'styles/site.css'));
  });
});

describe('the custom properties agree with the theme', () => {
  const vars = siteCustomProperties();
  const lower = (value: string | undefined) => value?.toLowerCase();

  it("keeps the specification's tokens", () => {
    expect(lower(vars['color-primary'])).toBe('#1890ff');
    expect(vars['border-radius']).toBe('4px');
    expect(vars['font-size']).toBe('14px');
    expect(vars['control-height']).toBe('32px');
  });

  it('takes every value from src/config/theme.ts', () => {
    expect(lower(vars['color-primary'])).toBe(brand.primary);
    expect(lower(vars['color-primary-text'])).toBe(brand.primaryText);
    expect(lower(vars['color-link'])).toBe(brand.primaryText);
    expect(lower(vars['color-link-hover'])).toBe(brand.primaryTextHover);
    expect(lower(vars['color-error'])).toBe(brand.error);
    expect(vars['border-radius']).toBe(`${themeConfig.token.borderRadius}px`);
    expect(vars['font-size']).toBe(`${themeConfig.token.fontSize}px`);
    expect(vars['control-height']).toBe(`${themeConfig.token.controlHeight}px`);
    for (const [name, value] of Object.entries(siteColors)) {
      expect(vars[`color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`]).toBe(value);
    }
    for (const [name, px] of Object.entries(siteFontSizes)) {
      expect(vars[name === 'base' ? 'font-size' : `font-size-${name}`]).toBe(`${px}px`);
    }
  });

  it('writes them all into the inlined stylesheet', () => {
    const css = siteTokensCss();
    for (const [name, value] of Object.entries(vars)) expect(css).toContain(`--site-${name}:${value};`);
  });
});
