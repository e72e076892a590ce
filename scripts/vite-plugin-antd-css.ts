/**
 * Provides two stylesheets made from the antd theme (src/config/theme.ts) at build time:
 * - `virtual:site-tokens.css`: the design tokens our own stylesheet reads, as
 *   `--site-*` custom properties (every page);
 * - `virtual:antd.css`: antd's component styles, extracted once because antd runs in
 *   zero-runtime mode (only the pages that show the enquiry form load it).
 *
 * Only the components the site uses are extracted; add a component's name to
 * `antdComponents` when you start using it, or it renders unstyled.
 */
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider, theme } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { themeConfig } from '../src/config/theme';

export const antdComponents = ['Button', 'Form', 'Input', 'Checkbox'];

const modules: Record<string, () => string> = {
  'virtual:site-tokens.css': () => siteTokens(),
  'virtual:antd.css': () => buildAntdCss(),
};

/** Our own CSS reads these (src/styles/global.css); they come from the same tokens antd uses. */
function siteTokens(): string {
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
    'color-bg': t.colorBgContainer,
    'color-bg-layout': t.colorBgLayout,
    'color-success': t.colorSuccessText,
    'color-error': t.colorError,
    'font-family': t.fontFamily,
    'font-size': `${t.fontSize}px`,
    'font-size-lg': `${t.fontSizeLG}px`,
    'font-size-xl': `${t.fontSizeXL}px`,
    'font-size-h1': `${t.fontSizeHeading1}px`,
    'font-size-h2': `${t.fontSizeHeading2}px`,
    'font-size-h3': `${t.fontSizeHeading3}px`,
    'font-size-h4': `${t.fontSizeHeading4}px`,
    'line-height': t.lineHeight,
    'border-radius': `${t.borderRadius}px`,
    'border-radius-lg': `${t.borderRadiusLG}px`,
    'control-height': `${t.controlHeight}px`,
    'control-height-lg': `${t.controlHeightLG}px`,
    'box-shadow': t.boxShadowTertiary,
    'focus-ring': `0 0 0 ${t.controlOutlineWidth + 1}px ${t.colorPrimary}`,
  };
  const body = Object.entries(vars)
    .map(([name, value]) => `--site-${name}:${value};`)
    .join('');
  return `:root{${body}}`;
}

export function buildAntdCss(): string {
  // Extraction renders the components with runtime styles on, so they emit their CSS;
  // the site itself runs them with `zeroRuntime` and this file.
  const extractionTheme = { ...themeConfig, zeroRuntime: false };
  const antd = extractStyle({
    includes: antdComponents,
    customTheme: (node) => createElement(ConfigProvider, { theme: extractionTheme }, node),
  });
  return antd;
}

export function antdStaticCss(): Plugin {
  const cache = new Map<string, string>();
  return {
    name: 'site:antd-static-css',
    resolveId(id) {
      return id in modules ? `\0${id}` : undefined;
    },
    load(id) {
      const name = id.startsWith('\0') ? id.slice(1) : '';
      const build = modules[name];
      if (!build) return undefined;
      if (!cache.has(name)) cache.set(name, build());
      return cache.get(name);
    },
  };
}
