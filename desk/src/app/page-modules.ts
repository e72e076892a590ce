/**
 * Each desk page's module (the table of pages names it: shared/desk-pages.ts), loaded when the page
 * is first opened. A page module is a file named `*.page.tsx` under desk/src/pages; it exports its
 * component as default and, when it has them, a `loader` (what the page shows), an `action` (what it
 * saves; the page's loader runs again after it), an `ErrorBoundary` and `shouldRevalidate`. Only the
 * router (main.tsx) imports this file, so no page imports, even lazily, a file that imports it.
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, ShouldRevalidateFunction } from 'react-router';

export type PageModule = {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  ErrorBoundary?: ComponentType;
  shouldRevalidate?: ShouldRevalidateFunction;
};

/** Every page module, by its file (each its own chunk, loaded on first opening). */
export const pageFiles = import.meta.glob<PageModule>('../pages/**/*.page.tsx');

/** The file of the page module the table names (`enquiry` is a folder: enquiry/index.page.tsx). */
export const pageFile = (module: string): string | undefined =>
  [`../pages/${module}.page.tsx`, `../pages/${module}/index.page.tsx`].find((file) => file in pageFiles);

/** A page's module, loaded. */
export function loadPage(module: string): Promise<PageModule> {
  const load = pageFiles[pageFile(module) ?? ''];
  if (!load) throw new Error(`No page module ${module} in desk/src/pages.`);
  return load();
}
