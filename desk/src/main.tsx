/**
 * The enquiry desk: where the institute's staff work every enquiry to an outcome.
 * English only, full antd (its styles are generated in the browser and carry the
 * response's CSP nonce), served at /staff and never loaded by a public page.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { brand, themeConfig } from '../../src/config/theme';
import './desk.css';
import { OptionsProvider } from './options';
import { signInPath } from './return-path';
import { SessionProvider, useSession } from './session';

// Each page (and the antd components it uses) loads when first opened: the first load
// is the router and the session, then the sign-in page or Today.
const SignIn = lazy(() => import('./pages/sign-in'));
const DeskLayout = lazy(() => import('./layout'));
const Today = lazy(() => import('./pages/today'));
const Inbox = lazy(() => import('./pages/inbox'));
const Enquiry = lazy(() => import('./pages/enquiry'));
const Dashboard = lazy(() => import('./pages/dashboard'));
const Accounts = lazy(() => import('./pages/accounts'));
const Tools = lazy(() => import('./pages/tools'));
const Password = lazy(() => import('./pages/password'));

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
 * The public site's tokens (colours, radius, type), with antd generating its styles at
 * run time; the menu's selected item in the darker blue that reads 5:1 (as links do).
 */
const theme = {
  token: themeConfig.token,
  components: {
    ...themeConfig.components,
    Menu: { itemSelectedColor: brand.primaryText, horizontalItemSelectedColor: brand.primaryText },
  },
};

function Root() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/** Desk pages need a session; admin pages an admin. The server checks both again on every request. */
function SignedIn({ admin = false }: { admin?: boolean }) {
  const { staff, checking } = useSession();
  const location = useLocation();
  if (checking) return null;
  if (!staff) return <Navigate to={signInPath(location)} replace />;
  if (admin && staff.role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}

const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        { path: 'sign-in', element: <SignIn /> },
        {
          element: <SignedIn />,
          children: [
            {
              element: (
                <OptionsProvider>
                  <DeskLayout />
                </OptionsProvider>
              ),
              children: [
                { index: true, element: <Today /> },
                { path: 'enquiries', element: <Inbox /> },
                { path: 'enquiries/:id', element: <Enquiry /> },
                { path: 'dashboard', element: <Dashboard /> },
                { path: 'password', element: <Password /> },
                {
                  element: <SignedIn admin />,
                  children: [
                    { path: 'accounts', element: <Accounts /> },
                    { path: 'tools', element: <Tools /> },
                  ],
                },
                { path: '*', element: <Navigate to="/" replace /> },
              ],
            },
          ],
        },
      ],
    },
  ],
  { basename: '/staff' },
);

const container = document.getElementById('desk');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ConfigProvider theme={theme} locale={enGB} csp={nonce ? { nonce } : undefined}>
        <AntApp>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
