import type { ReactNode } from 'react';
import { isRouteErrorResponse, Outlet } from 'react-router';
import { ConsentBanner } from '../components/consent-banner';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { languageOfPath } from '../../shared/languages';
import { type LayoutData, pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import { useLayoutData } from '../lib/use-language';
import type { Route } from './+types/language-layout';

/** Runs while prerendering: the words every page of this language shares. */
export const loader = ({ url, context }: Route.LoaderArgs): LayoutData =>
  pageData(context.get(siteContent)).layoutData(languageOfPath(url.pathname));

function Shell({ children }: { children: ReactNode }) {
  const { ui } = useLayoutData();
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

/** Every page of one language: header, the page, footer, consent banner. */
export default function LanguageLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  // Without this language's shared words (its loader failed), the root's boundary takes over.
  if (!loaderData) throw error;
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : loaderData.error.heading;
  return (
    <Shell>
      <section className="container page-section">
        <h1>{message}</h1>
        <p>{loaderData.error.body}</p>
      </section>
    </Shell>
  );
}
