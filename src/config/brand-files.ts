/** Where the build writes the site's icons and manifests (scripts/brand-files.ts), as pages link to them. */
import { type Language, localizedPath } from './languages';

export const brandFiles = {
  faviconSvg: '/favicon.svg',
  faviconIco: '/favicon.ico',
  appleTouchIcon: '/apple-touch-icon.png',
  /** One per language: its name and start page in that language. */
  manifest: (language: Language) => localizedPath(language, '/manifest.webmanifest'),
} as const;
