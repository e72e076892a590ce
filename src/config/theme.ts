import type { ThemeConfig } from 'antd';

/**
 * The site's look, set once through antd design tokens.
 *
 * The brand primary stays #1890ff (the specification's colour). White text on it
 * is only 3.2:1, so anything that carries text in the primary colour (links,
 * filled primary buttons) uses the darker shades of the same blue to reach WCAG
 * AA (4.5:1); #1890ff itself remains for focus rings, borders and accents.
 */
export const brand = {
  primary: '#1890ff',
  /** blue-7 of the #1890ff palette: 5.0:1 against white. */
  primaryText: '#096dd9',
  primaryTextHover: '#0050b3',
  primaryTextActive: '#003a8c',
  /** red-7: 5.6:1 against white, for error messages. */
  error: '#cf1322',
} as const;

/**
 * Colours our own stylesheets need that antd's alias tokens do not name, from antd's
 * palettes. They reach the CSS as --site-color-* custom properties
 * (src/config/site-tokens.ts); a stylesheet writes no colour of its own (theme.test.ts).
 */
export const siteColors = {
  /** Text on a filled primary button. */
  onPrimary: '#fff',
  /** The footer: gray-11 of antd's neutral palette; white text at 85 % (antd's dark-theme text) and 70 %, a 15 % rule. */
  footerBg: '#1f1f1f',
  footerText: 'rgba(255, 255, 255, 0.85)',
  footerTextMuted: 'rgba(255, 255, 255, 0.7)',
  footerTextStrong: '#fff',
  footerRule: 'rgba(255, 255, 255, 0.15)',
  /** blue-3 of the #1890ff palette: 9.5:1 on the footer. */
  footerLink: '#91caff',
  /** orange-1 and orange-9: AA contrast for the seats-left badge (the theme has no token this dark). */
  badgeBg: '#fff7e6',
  badgeText: '#873800',
  /** The consent banner's shadow, cast upwards. */
  shadow: 'rgba(0, 0, 0, 0.08)',
} as const;

/**
 * Font sizes (px) of our own stylesheets, from the smallest up: the body text is
 * antd's fontSizeLG, controls use antd's fontSize (14), the widest h1 is antd's
 * fontSizeHeading1. Custom properties --site-font-size-<name> (--site-font-size for `base`).
 */
export const siteFontSizes = {
  xs: 12,
  sm: 13,
  base: 14,
  md: 15,
  lg: 16,
  xl: 18,
  '2xl': 22,
  '3xl': 28,
  '4xl': 38,
} as const;

/**
 * The fonts that draw Devanagari on each system (Android, Linux, Windows, Apple), put before
 * antd's font stack on Hindi pages. They carry no Latin letters, so English words in Hindi text
 * still come from the stack after them. Without them, the browser walks the whole stack for
 * each Devanagari letter and then asks the system for a fallback: on a traced load of
 * /hi/scholarship-test at 4× CPU that was 40% of the first layout (tests/e2e/language.spec.ts checks
 * that Hindi pages name them; the measurement is in issue 37's note).
 */
export const devanagariFonts = [
  "'Noto Sans Devanagari'",
  "'Noto Sans Devanagari UI'",
  "'Nirmala UI'",
  "'Kohinoor Devanagari'",
] as const;

export const themeConfig = {
  // Styles are extracted to a static CSS file at build time (scripts/vite-plugin-antd-css.ts),
  // so components generate no CSS in the browser.
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: 'site-theme' },
  token: {
    colorPrimary: brand.primary,
    borderRadius: 4,
    fontSize: 14,
    controlHeight: 32,
    colorLink: brand.primaryText,
    colorLinkHover: brand.primaryTextHover,
    colorLinkActive: brand.primaryTextActive,
    colorError: brand.error,
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Button: {
      colorPrimary: brand.primaryText,
      colorPrimaryHover: brand.primaryTextHover,
      colorPrimaryActive: brand.primaryTextActive,
      colorLink: brand.primaryText,
      colorLinkHover: brand.primaryTextHover,
      colorLinkActive: brand.primaryTextActive,
    },
  },
} satisfies ThemeConfig;

/** antd breakpoints (px), mirrored in the stylesheets' media queries (src/styles/site.css). */
export const breakpoints = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;
