/**
 * Pages are served at once in quick compressed forms and at their best once a visitor has asked
 * for them and the background has made them (server/site/pages.ts): what a visitor decompresses
 * is the page either way.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBestForms } from './compression';
import { frameworkScripts } from '../../tests/support/client-dir';
import { compressBest, loadPages, pagesOf, sentCompressed } from './pages';
import { prepareSite } from './prepare';
import type { SiteFiles } from './site-render';

/** A page as large and as repetitive as ours (about 100 KB of HTML). */
const html = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${Array.from(
    { length: 400 },
    (_, i) =>
      `<section class="card"><h2>Batch ${i}</h2><p>Fee ₹1,20,000 a year, GST included. Starts ${i % 28} March.</p></section>`,
  ).join('')}${frameworkScripts(title)}</body></html>`;

const files = (): SiteFiles => ({
  html: new Map([
    ['/', html('Home')],
    ['/404', html('Not found')],
    ['/hi/404', html('नहीं मिला')],
    ['/courses/jee', html('JEE Main')],
  ]),
  data: new Map(),
});

describe('compressed pages', () => {
  it('are served in quick forms at once, then, once asked for, in their best forms, the same page either way', async () => {
    const pages = await pagesOf(prepareSite(files()));
    const page = pages.byPath.get('/courses/jee');
    const other = pages.byPath.get('/');
    if (!page || !other) throw new Error('no page');
    const quick = { br: page.br, gzip: page.gzip, etag: page.etag };
    const otherQuick = other.br;
    expect(brotliDecompressSync(quick.br).equals(page.html)).toBe(true);
    expect(gunzipSync(quick.gzip).equals(page.html)).toBe(true);

    // Nobody has asked for it: nothing is compressed again.
    await compressBest([]);
    expect(page.br).toBe(quick.br);

    sentCompressed(page);
    await compressBest([]);
    expect(page.br.length).toBeLessThan(quick.br.length);
    expect(page.gzip.length).toBeLessThanOrEqual(quick.gzip.length);
    expect(brotliDecompressSync(page.br).equals(page.html)).toBe(true);
    expect(gunzipSync(page.gzip).equals(page.html)).toBe(true);
    expect(page.etag).toBe(quick.etag);
    // Only the page asked for.
    expect(other.br).toBe(otherQuick);
    // Once at its best, asking again makes nothing more.
    const best = page.br;
    sentCompressed(page);
    await compressBest([]);
    expect(page.br).toBe(best);
    console.log(`brotli ${quick.br.length} → ${page.br.length} bytes, gzip ${quick.gzip.length} → ${page.gzip.length}`);
  });

  it('a rendering that changed a page compresses only that one again', async () => {
    const before = await pagesOf(prepareSite(files()));
    await compressBest([]);
    const changed = files();
    changed.html.set('/courses/jee', html('JEE Main 2027'));
    const after = await pagesOf(prepareSite(changed), before);
    expect(after.byPath.get('/')).toBe(before.byPath.get('/'));
    expect(after.notFound.hi).toBe(before.notFound.hi);
    expect(after.byPath.get('/courses/jee')).not.toBe(before.byPath.get('/courses/jee'));
  });
});

describe("the build's pages", () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A client build of four pages, as `npm run build` writes it: each page's best forms beside it. */
  async function build() {
    dir = mkdtempSync(join(tmpdir(), 'pages-'));
    for (const [path, title] of [
      ['', 'Home'],
      ['404', 'Not found'],
      ['hi/404', 'नहीं मिला'],
      ['courses/jee', 'JEE'],
    ]) {
      mkdirSync(join(dir, path ?? ''), { recursive: true });
      writeFileSync(join(dir, path ?? '', 'index.html'), html(title ?? ''));
      await writeBestForms(join(dir, path ?? '', 'index.html'));
    }
    return (path: string) => join(dir, path, 'index.html');
  }

  it('are served in the best forms the build wrote, compressing nothing', async () => {
    const file = await build();
    const page = loadPages(dir).byPath.get('/courses/jee');
    expect(page?.br.equals(readFileSync(`${file('courses/jee')}.br`))).toBe(true);
    expect(page?.gzip.equals(readFileSync(`${file('courses/jee')}.gz`))).toBe(true);
  });

  it('a page changed after the build, or served with the pixel, is compressed again from what is served', async () => {
    const file = await build();
    writeFileSync(file('courses/jee'), html('JEE Main 2027'));
    const changed = loadPages(dir).byPath.get('/courses/jee');
    expect(brotliDecompressSync(changed?.br ?? Buffer.alloc(0)).toString()).toBe(html('JEE Main 2027'));
    expect(gunzipSync(changed?.gzip ?? Buffer.alloc(0)).toString()).toBe(html('JEE Main 2027'));

    const withPixel = loadPages(dir, '123456789012345').byPath.get('/');
    expect(withPixel?.br.equals(readFileSync(`${file('')}.br`))).toBe(false);
    expect(brotliDecompressSync(withPixel?.br ?? Buffer.alloc(0)).equals(withPixel?.html ?? Buffer.alloc(1))).toBe(
      true,
    );
  });

  it('a rendering with a script that is not the framework’s is not served: the page keeps its earlier one', async () => {
    const before = await pagesOf(prepareSite(files()));
    const injected = files();
    const page = html('JEE Main').replace('</h2>', '</h2><script>alert(1)</script>');
    injected.html.set('/courses/jee', page);
    const refused: string[] = [];
    const after = await pagesOf(prepareSite(injected), before, (path, problem) => refused.push(`${path}: ${problem}`));
    expect(refused).toEqual(['/courses/jee: it has a script that is not the site\'s own ("alert(1)")']);
    expect(after.byPath.get('/courses/jee')).toBe(before.byPath.get('/courses/jee'));
    // With no earlier rendering to keep, it is not served at all.
    await expect(pagesOf(prepareSite(injected))).rejects.toThrow(/cannot be served/);
  });
});
