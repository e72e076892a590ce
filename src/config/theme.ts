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

/** antd breakpoints (px), mirrored in src/styles/global.css media queries. */
export const breakpoints = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;
