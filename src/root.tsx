import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import siteTokens from 'virtual:site-tokens.css?inline';
import siteCss from './styles/global.css?inline';
import { ConsentBanner } from './components/consent-banner';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { ui } from './content/ui';
import { usePageViewTracking } from './lib/use-page-view-tracking';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#096dd9" />
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

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {ui.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ConsentBanner />
    </>
  );
}

export default function App() {
  usePageViewTracking();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : ui.error.heading;
  return (
    <Shell>
      <section className="container page-section">
        <h1>{message}</h1>
        <p>{ui.error.body}</p>
      </section>
    </Shell>
  );
}
