/** Where the build writes the site's icons and manifests (scripts/brand-files.ts), as pages link to them. */
import { type Language, localizedPath } from '../../shared/languages';

export const brandFiles = {
  faviconSvg: '/favicon.svg',
  faviconIco: '/favicon.ico',
  appleTouchIcon: '/apple-touch-icon.png',
  /** The home-screen icons; the 512 px one is also the logo search engines show. */
  icons: [
    { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
    { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
    { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
  ],
  logo: '/icons/icon-512.png',
  /** One per language: its name and start page in that language. */
  manifest: (language: Language) => localizedPath(language, '/manifest.webmanifest'),
  /** The enquiry desk's, for staff who install it on a phone (desk/index.html links it). */
  deskManifest: '/desk.webmanifest',
} as const;
