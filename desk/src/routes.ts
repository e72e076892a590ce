/**
 * Every desk page, once: its path (inside /staff), where it is linked from (the menu or
 * the header), who may open it, and its module, loaded when the page is first opened.
 * The router (main.tsx), the menu (layout.tsx), the guards and the browser tests' list
 * of pages all come from this table. Imports only types, so the tests can read it.
 *
 * A page module exports its component as default and, when it has them, a `loader`
 * (what the page shows), an `action` (what it saves; the page's loader runs again after
 * it) and an `ErrorBoundary`.
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, ShouldRevalidateFunction } from 'react-router';

export const DESK_BASENAME = '/staff';

/** Who may open a page: anyone (signing in), any signed-in staff member, or an admin. */
export type Access = 'anyone' | 'signed-in' | 'admin';

export type PageModule = {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  ErrorBoundary?: ComponentType;
  shouldRevalidate?: ShouldRevalidateFunction;
};

export type DeskPage = {
  /** The page's path inside the desk ("/" is Today). */
  path: string;
  access: Access;
  /** Its link in the menu (these are the pages' headings too). */
  menu?: string;
  /** Its link in the header, beside "Sign out". */
  header?: string;
  module: () => Promise<PageModule>;
};

export const deskPages = {
  signIn: { path: '/sign-in', access: 'anyone', module: () => import('./pages/sign-in') },
  today: { path: '/', access: 'signed-in', menu: 'Today', module: () => import('./pages/today') },
  inbox: { path: '/enquiries', access: 'signed-in', menu: 'Enquiries', module: () => import('./pages/inbox') },
  enquiry: { path: '/enquiries/:id', access: 'signed-in', module: () => import('./pages/enquiry') },
  dashboard: { path: '/dashboard', access: 'signed-in', menu: 'Dashboard', module: () => import('./pages/dashboard') },
  accounts: { path: '/accounts', access: 'admin', menu: 'Staff accounts', module: () => import('./pages/accounts') },
  tools: { path: '/tools', access: 'admin', menu: 'Exports and data', module: () => import('./pages/tools') },
  password: {
    path: '/password',
    access: 'signed-in',
    header: 'Your password',
    module: () => import('./pages/password'),
  },
} as const satisfies Record<string, DeskPage>;

export type DeskPageName = keyof typeof deskPages;

/** The menu's pages, in the menu's order. */
export const menuPages = Object.values(deskPages).filter(
  (page): page is Extract<(typeof deskPages)[DeskPageName], { menu: string }> => 'menu' in page,
);

/** A desk page's path with its parameters filled in: deskPath('enquiry', { id }). */
export function deskPath(name: DeskPageName, params: Record<string, string> = {}): string {
  return deskPages[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** A path as the desk names it, without /staff (the router's and the request's paths carry it). */
export function inDesk(pathname: string): string {
  return pathname.startsWith(DESK_BASENAME) ? pathname.slice(DESK_BASENAME.length) || '/' : pathname;
}
