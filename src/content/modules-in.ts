/**
 * Under Node (the server, scripts, Playwright), what Vite's `import.meta.glob(…, { eager: true })`
 * gives where Vite builds or tests the code: the modules of a folder whose file names match, by
 * `./<file>`. A folder whose files are found, not listed (src/content/upgrades/, src/content/pages/),
 * reads itself with one or the other.
 */
import { readdirSync } from 'node:fs';

export async function modulesIn<Module>(
  /** The finding module's own URL (`import.meta.url`): its folder is read. */
  from: string,
  matches: (file: string) => boolean,
): Promise<Record<string, Module>> {
  const folder = new URL('.', from);
  const files = readdirSync(folder).filter(matches).sort();
  return Object.fromEntries(
    await Promise.all(
      files.map(async (file) => [`./${file}`, (await import(/* @vite-ignore */ new URL(file, folder).href)) as Module]),
    ),
  );
}
