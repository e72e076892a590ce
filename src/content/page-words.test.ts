/**
 * Each page's own words are found in src/content/pages/, not listed: the same modules where Vite
 * builds the site and where the server reads them under Node, and a file that is not one refused.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copy } from './copy';
import { type Found, isPageWords, pageWordsOf, pageWordsShape } from './pages';
import { pages } from '../pages';

const files = readdirSync(new URL('./pages/', import.meta.url)).filter(isPageWords);

describe('each page’s own words', () => {
  it('are every file of src/content/pages/, each under its key in every language’s copy', () => {
    const keys = Object.keys(pageWordsShape);
    expect(keys).toHaveLength(files.length);
    for (const key of keys) {
      expect(copy.en[key as keyof typeof copy.en]).toBeDefined();
      expect(copy.hi[key as keyof typeof copy.hi]).toBeDefined();
    }
    // The pages that show them find them: the About page's words are copy.<language>.about.
    const about = pages.find((page) => page.id === 'about');
    expect(about?.words(copy.hi)).toBe(copy.hi.about);
  });

  it('are the same modules under Node, which reads the folder, as under Vite’s glob', () => {
    const script = `const { pageWordsShape } = await import('./src/content/pages/index.ts');
      console.log(Object.keys(pageWordsShape).join(','));`;
    const underNode = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(underNode.trim()).toBe(Object.keys(pageWordsShape).join(','));
  });

  it('refuses a file with no words, and two files with the words of one page', () => {
    const words = (id: string) => ({ words: { id } }) as unknown as Found;
    expect(pageWordsOf({ './b.ts': words('b'), './a.ts': words('a') }).map((each) => each.id)).toEqual(['a', 'b']);
    expect(() => pageWordsOf({ './a.ts': words('a'), './helpers.ts': {} as Found })).toThrow(
      'src/content/pages/helpers.ts should export `words`',
    );
    expect(() => pageWordsOf({ './a.ts': words('about'), './b.ts': words('about') })).toThrow(
      'Two files in src/content/pages/ give the words of about.',
    );
  });
});
