import { describe, expect, it } from 'vitest';
import { deskPages } from '../../../shared/desk-pages';
import { pageFile, pageFiles } from './page-modules';

describe('the desk’s page modules', () => {
  it('finds the module of every page in the table', () => {
    const missing = Object.entries(deskPages).filter(([, page]) => !pageFile(page.module));
    expect(missing).toEqual([]);
  });

  // A page file no page of the table names would be built as a chunk nobody opens.
  it('has no page module the table does not name', () => {
    const named = new Set(Object.values(deskPages).map((page) => pageFile(page.module)));
    expect(Object.keys(pageFiles).filter((file) => !named.has(file))).toEqual([]);
    expect(named.size).toBe(Object.keys(deskPages).length);
  });
});
