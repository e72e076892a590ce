/**
 * Two stylesheets made from the antd theme (src/config/theme.ts) at build time:
 * - `virtual:site-tokens.css`: the design tokens our own stylesheets read, as
 *   `--site-*` custom properties (src/config/site-tokens.ts; inlined into every page by
 *   src/root.tsx);
 * - antd's component styles, extracted once because antd runs in zero-runtime mode,
 *   emitted as a hashed file whose URL `virtual:antd-css-href` exports. Only the
 *   enquiry form links it, in the body just above the form, so it never delays the
 *   first paint of the content above.
 *
 * Only the components the site uses are extracted; add a component's name to
 * `antdComponents` when you start using it, or it renders unstyled.
 */
import { createHash } from 'node:crypto';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { siteTokensCss } from '../src/config/site-tokens.ts';
import { themeConfig } from '../src/config/theme.ts';

export const antdComponents = ['Button', 'Form', 'Input', 'Checkbox', 'Radio'];

const TOKENS_ID = 'virtual:site-tokens.css';
const HREF_ID = 'virtual:antd-css-href';
/** Where the dev server serves antd's CSS; builds emit a hashed file instead. */
const DEV_HREF = '/@site/antd.css';

export function buildAntdCss(): string {
  // Extraction renders the components with runtime styles on, so they emit their CSS;
  // the site itself runs them with `zeroRuntime` and this file.
  const extractionTheme = { ...themeConfig, zeroRuntime: false };
  const antd = extractStyle({
    includes: antdComponents,
    customTheme: (node) => createElement(ConfigProvider, { theme: extractionTheme }, node),
  });
  return withoutGlobalLinkRules(antd);
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
      if (bare === TOKENS_ID || bare === HREF_ID) return `\0${bare}${query ? `?${query}` : ''}`;
      return undefined;
    },
    load(id) {
      const bare = id.split('?')[0];
      if (bare === `\0${TOKENS_ID}`) return siteTokensCss();
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
