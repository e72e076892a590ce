import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import siteTokens from 'virtual:site-tokens.css?inline';
import siteCss from './styles/site.css?inline';
import { languageInfo, languageOfPath } from '../shared/languages';
import { brandFiles } from './config/brand-files';
import { brand } from './config/theme';
import { usePageViewTracking } from './lib/use-page-view-tracking';
import { useVisitAttribution } from './lib/attribution';
import { errorCopy } from './content/error';

/**
 * The site's CSS, written into every page when it is prerendered. The browser's copy of
 * this module leaves it out: hydration keeps the <style> the HTML already has (React
 * never rewrites an element's inner HTML while the value it is given stays the same),
 * so the stylesheet is not sent a second time inside the JavaScript.
 */
const inlineCss = import.meta.env.SSR ? siteTokens + siteCss : '';

/** The icons (rendered from the logo's mark at build time: scripts/brand-files.ts). */
export const links = () => [
  { rel: 'icon', href: brandFiles.faviconIco, sizes: '32x32' },
  { rel: 'icon', href: brandFiles.faviconSvg, type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: brandFiles.appleTouchIcon },
];

export function Layout({ children }: { children: ReactNode }) {
  const language = languageOfPath(useLocation().pathname);
  return (
    <html lang={languageInfo[language].tag}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.primaryText} />
        <link rel="manifest" href={brandFiles.manifest(language)} />
        <Meta />
        {/* Inlined: a few KiB that would otherwise cost a render-blocking request. */}
        <style dangerouslySetInnerHTML={{ __html: inlineCss }} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  usePageViewTracking();
  useVisitAttribution();
  return <Outlet />;
}

/** Only when a language's shared words could not load (its layout shows every other error). */
export function ErrorBoundary() {
  const words = errorCopy[languageOfPath(useLocation().pathname)];
  return (
    <main id="main" className="container page-section">
      <h1>{words.heading}</h1>
      <p>{words.body}</p>
    </main>
  );
}
