import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import siteTokens from 'virtual:site-tokens.css?inline';
import siteCss from './styles/global.css?inline';
import { languageInfo, languageOfPath } from './config/languages';
import { brand } from './config/theme';
import { usePageViewTracking } from './lib/use-page-view-tracking';
import { useVisitAttribution } from './lib/attribution';
import { errorCopy } from './content/error';

export const links = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: ReactNode }) {
  const language = languageOfPath(useLocation().pathname);
  return (
    <html lang={languageInfo[language].tag}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.primaryText} />
        <Meta />
        {/* Inlined: a few KiB that would otherwise cost a render-blocking request. */}
        <style dangerouslySetInnerHTML={{ __html: siteTokens + siteCss }} />
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
