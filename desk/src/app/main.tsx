/**
 * The enquiry desk: where the institute's staff work every enquiry to an outcome.
 * English only, full antd (its styles extracted at build time: ./theme.ts), served at /staff
 * and never loaded by a public page.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type MiddlewareFunction, redirect, type RouteObject, RouterProvider } from 'react-router';
// antd's styles first, so that the desk's own, as specific, come after them and win.
import 'virtual:desk-antd.css';
import './desk.css';
import { deskTheme } from './theme';
import { OPTIONS_ROUTE } from '../lib/options';
import { signInPath } from '../lib/return-path';
import { mayAccess } from '../../../shared/schema/desk-vocabulary';
import { loadPage } from './page-modules';
import { type Access, type DeskPage, DESK_BASENAME, deskPages, inDesk, landingPage } from '../../../shared/desk-pages';
import { currentStaff, followSessionEnd } from '../lib/session';

const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;

// antd passes the nonce to the <style> elements it writes; one helper of its table
// (measuring the scrollbar) does not. Every <style> created by the desk's own code
// carries it: only our scripts run here (script-src 'self'), and markup injected into
// the page still cannot add a style.
if (nonce) {
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}

/**
 * The desk's theme (./theme.ts), its styles from the stylesheet the build made of it. Staff whose
 * phone asks for less motion get none: dialogs and menus open and close at once.
 */
const theme = {
  ...deskTheme,
  token: { ...deskTheme.token, motion: !window.matchMedia('(prefers-reduced-motion: reduce)').matches },
};

/** Before anything shows, the desk knows whether someone is signed in (and who). */
const knowWhoIsSignedIn: MiddlewareFunction = async () => {
  await currentStaff();
};

/** Desk pages need a session, and a role that does their work. The server checks both again on every request. */
const signedIn: MiddlewareFunction = async ({ request }) => {
  if (!(await currentStaff())) {
    const url = new URL(request.url);
    throw redirect(signInPath({ pathname: inDesk(url.pathname), search: url.search }));
  }
};
/** A page of work the member's role does not do takes them to their own first page. */
const allowed =
  (access: Access): MiddlewareFunction =>
  async () => {
    const role = (await currentStaff())?.role;
    if (!mayAccess(role, access)) throw redirect(landingPage(role));
  };

/**
 * A page of the table as a route: its module (component, loader, action, error boundary)
 * loads when the page is first opened; the first load is the router and the session.
 */
function pageRoute(page: DeskPage): RouteObject {
  const route = {
    middleware: page.access === 'anyone' || page.access === 'signed-in' ? undefined : [allowed(page.access)],
    lazy: async () => {
      const { default: Component, loader, action, ErrorBoundary, shouldRevalidate } = await loadPage(page.module);
      return { Component, loader, action, ErrorBoundary, shouldRevalidate };
    },
  };
  return page.path === '/' ? { ...route, index: true } : { ...route, path: page.path.slice(1) };
}

const pages: DeskPage[] = Object.values(deskPages);

const router = createBrowserRouter(
  [
    {
      middleware: [knowWhoIsSignedIn],
      HydrateFallback: () => null,
      children: [
        ...pages.filter((page) => page.access === 'anyone').map(pageRoute),
        {
          id: OPTIONS_ROUTE,
          middleware: [signedIn],
          lazy: async () => {
            const { default: Component, loader, shouldRevalidate } = await import('./layout');
            return { Component, loader, shouldRevalidate };
          },
          children: [
            ...pages.filter((page) => page.access !== 'anyone').map(pageRoute),
            { path: '*', loader: async () => redirect(landingPage((await currentStaff())?.role)) },
          ],
        },
      ],
    },
  ],
  { basename: DESK_BASENAME },
);
followSessionEnd(router);

const container = document.getElementById('desk');
if (container) {
  createRoot(container).render(
    <StrictMode>
      {/* antd's own words (en_US, which it carries anyway): en_GB differs only in its date pickers' formats, which the desk does not use. */}
      <ConfigProvider theme={theme} csp={nonce ? { nonce } : undefined}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
