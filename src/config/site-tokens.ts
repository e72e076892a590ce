import { theme } from 'antd';
import { devanagariFonts, siteColors, siteFontSizes, themeConfig } from './theme';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The custom properties our own stylesheets read (src/styles/site.css), made from the
 * same design tokens antd uses (src/config/theme.ts), without the `--site-` prefix.
 * scripts/vite-plugin-antd-css.ts writes them as `virtual:site-tokens.css`, which
 * src/root.tsx inlines before the stylesheets; src/config/theme.test.ts checks them.
 */
export function siteCustomProperties(): Record<string, string> {
  const t = theme.getDesignToken(themeConfig);
  const vars: Record<string, string | number> = {
    'color-primary': t.colorPrimary,
    'color-primary-text': themeConfig.components.Button.colorPrimary,
    'color-primary-bg': t.colorPrimaryBg,
    'color-primary-border': t.colorPrimaryBorder,
    'color-link': t.colorLink,
    'color-link-hover': t.colorLinkHover,
    'color-text': t.colorText,
    'color-text-secondary': t.colorTextSecondary,
    'color-border': t.colorBorderSecondary,
    'color-border-control': t.colorBorder,
    'color-bg': t.colorBgContainer,
    'color-bg-layout': t.colorBgLayout,
    'color-success': t.colorSuccessText,
    'color-success-bg': t.colorSuccessBg,
    'color-success-border': t.colorSuccessBorder,
    'color-error': t.colorError,
    'color-error-bg': t.colorErrorBg,
    'color-error-border': t.colorErrorBorder,
    ...Object.fromEntries(Object.entries(siteColors).map(([name, value]) => [`color-${kebab(name)}`, value])),
    'font-family': t.fontFamily,
    ...Object.fromEntries(
      Object.entries(siteFontSizes).map(([name, px]) => [
        name === 'base' ? 'font-size' : `font-size-${name}`,
        `${px}px`,
      ]),
    ),
    'line-height': t.lineHeight,
    'border-radius': `${t.borderRadius}px`,
    'border-radius-lg': `${t.borderRadiusLG}px`,
    'control-height': `${t.controlHeight}px`,
    'box-shadow': t.boxShadowTertiary,
    // antd's size scale, for padding, margins and gaps (a step off the scale stays in the stylesheet).
    'space-xxs': `${t.sizeXXS}px`,
    'space-xs': `${t.sizeXS}px`,
    'space-sm': `${t.sizeSM}px`,
    space: `${t.size}px`,
    'space-md': `${t.sizeMD}px`,
    'space-lg': `${t.sizeLG}px`,
    'space-xl': `${t.sizeXL}px`,
    'space-xxl': `${t.sizeXXL}px`,
  };
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, String(value)]));
}

/**
 * The stylesheet: `:root{--site-…:…;}`, then, on Hindi pages, the Devanagari fonts before the
 * font stack, both ours and antd's (whose custom properties sit on its `cssVar` class).
 */
export function siteTokensCss(): string {
  const body = Object.entries(siteCustomProperties())
    .map(([name, value]) => `--site-${name}:${value};`)
    .join('');
  const hindiFonts = `${devanagariFonts.join(', ')}, ${theme.getDesignToken(themeConfig).fontFamily}`;
  return (
    `:root{${body}}` +
    `:root:lang(hi){--site-font-family:${hindiFonts};}` +
    `:root:lang(hi) .${themeConfig.cssVar.key}{--ant-font-family:${hindiFonts};}`
  );
}
