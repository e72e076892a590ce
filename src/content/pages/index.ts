/**
 * Each page's own words, one module a page in this folder (`about.ts`: the About page's shape, its
 * English and its Hindi): found, not listed, so a new page's words are one new file. Each module
 * exports `words` (`pageWords({ id, schema, en, hi })`) and adds its type to `PageWords`
 * (src/content/schema.ts); the words many pages share stay in en/ and hi/, their shape in schema.ts.
 */
import type { z } from 'zod';
import type { Language } from '../../../shared/languages';
import { modulesIn } from '../modules-in';
import type { PageWords, PageWordsModule } from '../schema';

export type Found = { words: PageWordsModule };
/** A page's words: any file here but this one and a test (`a-b.ts`, not `a.test.ts`). */
export const isPageWords = (file: string) => /^[a-z][\w-]*\.ts$/.test(file) && file !== 'index.ts';

const found: Record<string, Found> = import.meta.env
  ? import.meta.glob<Found>(['./*.ts', '!./index.ts', '!./*.*.ts'], { eager: true })
  : await modulesIn<Found>(import.meta.url, isPageWords);

/** The pages' words, in their files' order; a file without them, or two with one key, refused. */
export function pageWordsOf(files: Record<string, Found>): PageWordsModule[] {
  const modules = Object.keys(files)
    .sort()
    .map((file) => {
      const words = files[file]?.words;
      if (!words?.id)
        throw new Error(`src/content/pages/${file.slice(2)} should export \`words\`: pageWords({ id, … }).`);
      return words;
    });
  const ids = modules.map((module) => module.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) throw new Error(`Two files in src/content/pages/ give the words of ${twice}.`);
  return modules;
}

const modules: readonly PageWordsModule[] = pageWordsOf(found);

/** The shape of every page's own words, by their key in the copy (validate.ts parses each language with it). */
export const pageWordsShape: Record<string, z.ZodType> = Object.fromEntries(
  modules.map((module) => [module.id, module.schema]),
);

/**
 * Every page's own words in a language, by their key in the copy: each module's key is its own
 * `PageWords` entry (pageWords checks it), and every module of this folder is found.
 */
export function pageWordsIn(language: Language): PageWords {
  const words: Partial<Record<keyof PageWords, unknown>> = {};
  for (const module of modules) words[module.id] = module[language];
  return words as PageWords;
}
