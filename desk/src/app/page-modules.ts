/**
 * Each desk page's module (the table of pages: shared/desk-pages.ts), loaded when the page is first opened.
 * A page module exports its component as default and, when it has them, a `loader` (what the
 * page shows), an `action` (what it saves; the page's loader runs again after it), an
 * `ErrorBoundary` and `shouldRevalidate`. Only the router (main.tsx) imports this file, so no
 * page imports, even lazily, a file that imports it.
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import type { DeskPageName } from '../../../shared/desk-pages';

export type PageModule = {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  ErrorBoundary?: ComponentType;
  shouldRevalidate?: ShouldRevalidateFunction;
};

export const pageModules: Record<DeskPageName, () => Promise<PageModule>> = {
  signIn: () => import('../pages/sign-in'),
  today: () => import('../pages/today'),
  inbox: () => import('../pages/inbox'),
  addEnquiry: () => import('../pages/add-enquiry'),
  enquiry: () => import('../pages/enquiry'),
  events: () => import('../pages/events'),
  eventSession: () => import('../pages/events/session'),
  dashboard: () => import('../pages/dashboard'),
  content: () => import('../pages/content'),
  course: () => import('../pages/content/course'),
  eventsContent: () => import('../pages/content/events'),
  notices: () => import('../pages/content/notices'),
  results: () => import('../pages/content/results'),
  teachers: () => import('../pages/content/teachers'),
  facts: () => import('../pages/content/facts'),
  versions: () => import('../pages/content/versions'),
  accounts: () => import('../pages/accounts'),
  tools: () => import('../pages/tools'),
  leads: () => import('../pages/leads'),
  notifications: () => import('../pages/notifications'),
  password: () => import('../pages/password'),
};
