/**
 * The desk's first-load JavaScript: what a browser fetches to show the desk's first
 * page, from the desk build's manifest (build/desk/.vite/manifest.json): the entry and
 * its static imports, plus the lazily loaded page and layout with theirs. Gzip level 9,
 * as bench/bundle.ts measures the public pages. Its stylesheets beside it, printed apart:
 * the budget is for script, which a phone also has to run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/** The desk's budget for its first page (issue 11). */
export const DESK_FIRST_LOAD_BUDGET_KIB = 350;

/**
 * The pages a member of staff can land on (signing in, after signing in, or from a
 * link or bookmark), and the modules each needs first: every one is held to the budget.
 * (The dashboard draws its plots itself, with its figures: they are part of its first load.)
 */
export const deskLandings = {
  'sign-in': ['src/pages/sign-in.page.tsx'],
  'Today (where signing in lands)': ['src/app/layout.tsx', 'src/pages/today.page.tsx'],
  'an enquiry, opened from a link': ['src/app/layout.tsx', 'src/pages/enquiry/index.page.tsx'],
  'the inbox, opened from a link': ['src/app/layout.tsx', 'src/pages/inbox.page.tsx'],
  'the dashboard, opened from a link': ['src/app/layout.tsx', 'src/pages/dashboard/index.page.tsx'],
} as const;

export function deskFirstLoad(deskDir = 'build/desk'): { landing: string; kib: number; cssKib: number }[] {
  const manifestFile = join(deskDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No desk build at ${deskDir}: run npm run build first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The desk manifest has no entry.');
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The desk manifest has no ${key}.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
  };
  const gzipKib = (file: string) => gzipSync(readFileSync(join(deskDir, file)), { level: 9 }).length / 1024;
  return Object.entries(deskLandings).map(([landing, modules]) => {
    const needed = new Set<string>();
    closure(entry, needed);
    for (const module of modules) closure(module, needed);
    // Its stylesheets too (antd's, made at build time, and the desk's own), which the budget does not count.
    const css = new Set([...needed].flatMap((key) => manifest[key]?.css ?? []));
    return {
      landing,
      kib: [...needed].reduce((sum, key) => sum + gzipKib(manifest[key]?.file ?? ''), 0),
      cssKib: [...css].reduce((sum, file) => sum + gzipKib(file), 0),
    };
  });
}
