/**
 * The enquiry desk: where the institute's staff work every enquiry to an outcome.
 * English only, full antd (its styles are generated in the browser and carry the
 * response's CSP nonce), served at /staff and never loaded by a public page.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { themeConfig } from '../../src/config/theme';
import './desk.css';
import { OptionsProvider } from './options';
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

const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;

/** The public site's tokens (colours, radius, type), with antd generating its styles at run time. */
const theme = { token: themeConfig.token, components: themeConfig.components };

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
  if (checking) return null;
  if (!staff) return <Navigate to="/sign-in" replace />;
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
