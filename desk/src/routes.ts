/**
 * Every desk page, once: its path (inside /staff), where it is linked from (the menu or
 * the header), who may open it, and its module, loaded when the page is first opened.
 * The router (main.tsx), the menu (layout.tsx), the guards and the browser tests' list
 * of pages all come from this table. Imports only types and the roles' table (no zod), so
 * the tests can read it.
 *
 * A page module exports its component as default and, when it has them, a `loader`
 * (what the page shows), an `action` (what it saves; the page's loader runs again after
 * it) and an `ErrorBoundary`.
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { type DeskAccess, mayAccess } from '../../shared/schema/desk-vocabulary';

export const DESK_BASENAME = '/staff';

/** Who may open a page: anyone (signing in), any signed-in member, or a role that does its work (shared/schema/desk-vocabulary.ts). */
export type Access = DeskAccess;

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
  today: { path: '/', access: 'enquiries', menu: 'Today', module: () => import('./pages/today') },
  inbox: { path: '/enquiries', access: 'enquiries', menu: 'Enquiries', module: () => import('./pages/inbox') },
  addEnquiry: { path: '/enquiries/new', access: 'enquiries', module: () => import('./pages/add-enquiry') },
  enquiry: { path: '/enquiries/:id', access: 'enquiries', module: () => import('./pages/enquiry') },
  events: { path: '/events', access: 'enquiries', menu: 'Events', module: () => import('./pages/events') },
  eventSession: { path: '/events/:id', access: 'enquiries', module: () => import('./pages/event-session') },
  dashboard: { path: '/dashboard', access: 'enquiries', menu: 'Dashboard', module: () => import('./pages/dashboard') },
  content: { path: '/content', access: 'content', menu: 'Site content', module: () => import('./pages/content') },
  course: { path: '/content/courses/:slug', access: 'content', module: () => import('./pages/content-course') },
  eventsContent: {
    path: '/content/events',
    access: 'content',
    module: () => import('./pages/content-events'),
  },
  notices: { path: '/content/notices', access: 'content', module: () => import('./pages/content-notices') },
  results: { path: '/content/results', access: 'content', module: () => import('./pages/content-results') },
  teachers: { path: '/content/teachers', access: 'content', module: () => import('./pages/content-teachers') },
  facts: { path: '/content/facts', access: 'content', module: () => import('./pages/content-facts') },
  versions: { path: '/content/versions', access: 'content', module: () => import('./pages/content-versions') },
  accounts: { path: '/accounts', access: 'admin', menu: 'Staff accounts', module: () => import('./pages/accounts') },
  tools: { path: '/tools', access: 'admin', menu: 'Exports and data', module: () => import('./pages/tools') },
  leads: { path: '/leads', access: 'admin', menu: 'Leads', module: () => import('./pages/leads') },
  notifications: {
    path: '/notifications',
    access: 'enquiries',
    module: () => import('./pages/notifications'),
  },
  password: {
    path: '/password',
    access: 'signed-in',
    header: 'Your password',
    module: () => import('./pages/password'),
  },
} as const satisfies Record<string, DeskPage>;

export type DeskPageName = keyof typeof deskPages;

/** The first page of the menu a member may open: where signing in takes them. */
export const landingPage = (role: string | undefined) => menuPagesFor(role)[0]?.path ?? deskPages.password.path;

/** The menu's pages a member may open, in the menu's order. */
export const menuPagesFor = (role: string | undefined) => menuPages.filter((page) => mayAccess(role, page.access));

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
