/**
 * Two stylesheets made from the antd theme (src/config/theme.ts) at build time:
 * - `virtual:site-tokens.css`: the design tokens our own stylesheets read, as
 *   `--site-*` custom properties (src/config/site-tokens.ts; inlined into every page by
 *   src/root.tsx);
 * - antd's component styles, extracted once because antd runs in zero-runtime mode,
 *   without the rules for what the site never renders (`antdUnused`): 117 KB became 39 KB
 *   (5.8 KiB gzip). `virtual:antd.css` is the text, which a prerendered page with a form
 *   carries inline in its <head> (a stylesheet of its own cost a phone on slow 4G another
 *   request competing with the page: up to 0.2 s of Lighthouse's LCP on every page with the form);
 *   `virtual:antd-css-href` is the URL of the same CSS as a hashed file, linked by a form
 *   that a client-side navigation brings (src/components/enquiry-form/deferred-enquiry-form.tsx).
 *
 * Only the components the site uses are extracted; add a component's name to
 * `antdComponents` when you start using it, or it renders unstyled, and take out of
 * `antdUnused` whatever of it you start using (a variant, a size).
 *
 * The desk (desk/vite.config.ts) has a stylesheet of its own the same way,
 * `virtual:desk-antd.css`: its theme and components are desk/src/app/theme.ts's.
 */
import { createHash } from 'node:crypto';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { createElement } from 'react';
import postcss from 'postcss';
import type { Plugin } from 'vite';
import { siteTokensCss } from '../src/config/site-tokens.ts';
import { themeConfig } from '../src/config/theme.ts';
import { DESK_THEME_CLASS, deskAntdComponents, deskTheme } from '../desk/src/app/theme.ts';

export const antdComponents = ['Button', 'Form', 'Input', 'Checkbox'];

/**
 * Selectors for what the site's forms never render, dropped from antd's CSS (a rule keeps its
 * other selectors): input and button variants and sizes other than ours, groups, addons,
 * right-to-left, and the other components antd's rules mention. The form's states (errors,
 * help text and its motion, focus, disabled, loading, checked) all stay.
 */
export const antdUnused: readonly RegExp[] = [
  /\.ant-(?:otp|badge|pagination|picker|rate|select|switch|radio|input-number)\b/,
  /-(?:search|group|filled|underlined|borderless|rtl)\b/,
  /compact/,
  /\[dir=["']?rtl/,
  /\.ant-btn-color-(?!primary\b|default\b)/,
  /\.ant-btn-variant-(?:dashed|filled|link|text)\b/,
  /\.ant-btn-(?:danger|dangerous|background-ghost|circle|round|two-chinese-chars|sm)\b/,
  /\.ant-input-(?:sm|password|clear-icon|show-count|data-count)\b/,
  /\.ant-form-(?:inline|small|large)\b/,
  /\.ant-form-item-(?:horizontal|inline|label-left|label-wrap)\b/,
];

const TOKENS_ID = 'virtual:site-tokens.css';
const ANTD_ID = 'virtual:antd.css';
const HREF_ID = 'virtual:antd-css-href';
/** Where the dev server serves antd's CSS; builds emit a hashed file instead. */
const DEV_HREF = '/@site/antd.css';

/** antd's CSS for these components in this theme, as the components would generate it in the browser. */
function extractAntdCss(theme: ThemeConfig, includes: readonly string[]): string {
  // Extraction renders the components with runtime styles on, so they emit their CSS; the site
  // and the desk run them with `zeroRuntime` and the extracted file.
  const extractionTheme = { ...theme, zeroRuntime: false };
  return extractStyle({
    includes: [...includes],
    customTheme: (node) => createElement(ConfigProvider, { theme: extractionTheme }, node),
  });
}

export function buildAntdCss(): string {
  return withoutUnusedRules(withoutGlobalLinkRules(extractAntdCss(themeConfig, antdComponents)));
}

/**
 * The desk's antd stylesheet (desk/src/app/theme.ts): every style of the components it uses, but
 * for right-to-left text. Staff whose phone asks for less motion get none: the theme's durations
 * are zero then (the desk also turns antd's motion off in script: desk/src/app/main.tsx).
 */
export function buildDeskAntdCss(): string {
  const css = withoutUnusedRules(extractAntdCss(deskTheme, deskAntdComponents), [/-rtl\b/, /\[dir=["']?rtl/]);
  const still = ['fast', 'mid', 'slow'].map((speed) => `--ant-motion-duration-${speed}:0s;`).join('');
  return `${css}\n@media (prefers-reduced-motion: reduce){.${DESK_THEME_CLASS}{${still}}}\n`;
}

/**
 * antd's CSS without the selectors `antdUnused` names, then without the theme's custom
 * properties nothing left reads (antd defines one for every token of every component).
 */
export function withoutUnusedRules(css: string, unused: readonly RegExp[] = antdUnused): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => !unused.some((pattern) => pattern.test(selector)));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // A property may be read only by another one: drop until nothing more goes.
  for (let removed = 1; removed > 0;) {
    const read = new Set([...root.toString().matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]));
    removed = 0;
    root.walkDecls(/^--ant-/, (declaration) => {
      if (read.has(declaration.prop)) return;
      declaration.remove();
      removed += 1;
    });
  }
  root.walk((node) => {
    if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) node.remove();
  });
  return root.toString();
}

/**
 * antd's components carry a global reset for every <a> on the page (colour from a
 * variable defined only inside antd components, and `outline: none` on focus). The
 * site styles its own links; drop those rules so the form's stylesheet cannot blank
 * link colours or hide keyboard focus elsewhere on the page.
 */
export function withoutGlobalLinkRules(css: string): string {
  const linkOnly = /(^|\})\s*a(?:[:[][^{},]*)?(?:\s*,\s*a(?:[:[][^{},]*)?)*\s*\{[^{}]*\}/g;
  let previous;
  let result = css;
  do {
    previous = result;
    result = result.replace(linkOnly, '$1');
  } while (result !== previous);
  return result;
}

export function antdStaticCss(): Plugin {
  let antdCss: string | undefined;
  const getAntdCss = () => (antdCss ??= buildAntdCss());
  let serving = false;
  return {
    name: 'site:antd-static-css',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use(DEV_HREF, (_req, res) => {
        res.setHeader('Content-Type', 'text/css');
        res.end(getAntdCss());
      });
    },
    resolveId(id) {
      const [bare, query] = id.split('?');
      if (bare === TOKENS_ID || bare === ANTD_ID || bare === HREF_ID) return `\0${bare}${query ? `?${query}` : ''}`;
      return undefined;
    },
    load(id) {
      const bare = id.split('?')[0];
      if (bare === `\0${TOKENS_ID}`) return siteTokensCss();
      if (bare === `\0${ANTD_ID}`) return getAntdCss();
      if (bare !== `\0${HREF_ID}`) return undefined;
      if (serving) return `export default ${JSON.stringify(DEV_HREF)};`;
      // A name we choose (content-hashed), so the prerender build and the client build agree on it.
      const css = getAntdCss();
      const fileName = `assets/antd-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}

const DESK_ANTD_ID = 'virtual:desk-antd.css';

/** `virtual:desk-antd.css`: the desk's antd stylesheet (buildDeskAntdCss), which its entry imports. */
export function deskAntdCss(): Plugin {
  let css: string | undefined;
  return {
    name: 'desk:antd-static-css',
    resolveId: (id) => (id === DESK_ANTD_ID ? `\0${DESK_ANTD_ID}` : undefined),
    load: (id) => (id === `\0${DESK_ANTD_ID}` ? (css ??= buildDeskAntdCss()) : undefined),
  };
}
