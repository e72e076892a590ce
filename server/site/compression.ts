/**
 * How the site's pages are compressed, in one place. A page is served at once in its quick forms
 * (gzip 6, brotli 5: a few milliseconds a page) and its best forms (gzip 9, brotli 11: tens of
 * milliseconds a page) replace them in the background once a visitor has asked for the page
 * (server/site/pages.ts; in a thread at the lowest priority: server/site/renderer.ts). The build
 * writes each prerendered page's best forms beside it (index.html.gz, index.html.br), so a server
 * starting on the build's pages serves them at once and compresses nothing: 2.6 s of CPU a start
 * on this machine, and every test server starts.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gzip, gzipSync } from 'node:zlib';

export const QUICK = { gzip: { level: 6 }, br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } };
export const BEST = { gzip: { level: 9 }, br: { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } } };

export type Compressed = { gzip: Uint8Array; br: Uint8Array };

/** A page's best forms, made here and now. */
export const compressedBestNow = (html: Uint8Array): Compressed => ({
  gzip: gzipSync(html, BEST.gzip),
  br: brotliCompressSync(html, BEST.br),
});

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page's quick forms, made here and now (at start-up, before the server takes requests). */
export const compressedQuickNow = (html: Uint8Array) => ({
  gzip: gzipSync(html, QUICK.gzip),
  br: brotliCompressSync(html, QUICK.br),
});

/** A page's quick forms, made on libuv's threads: while the server serves, no request waits for them. */
export async function compressedQuick(html: Uint8Array) {
  const [gzipped, brotli] = await Promise.all([gzipAsync(html, QUICK.gzip), brotliAsync(html, QUICK.br)]);
  return { gzip: gzipped, br: brotli };
}

/**
 * The build's best forms of a file, beside it (x.gz, x.br): a prerendered page (npm run build:
 * react-router.config.ts), or a script or stylesheet (writeCompressedAssets).
 */
export async function writeBestForms(file: string): Promise<void> {
  const bytes = readFileSync(file);
  const [gzipped, brotli] = await Promise.all([gzipAsync(bytes, BEST.gzip), brotliAsync(bytes, BEST.br)]);
  writeFileSync(`${file}.gz`, gzipped);
  writeFileSync(`${file}.br`, brotli);
}

/** What of a build's assets is worth compressing: script, styles and SVG (a PNG or WebP is compressed already). */
const COMPRESSIBLE = /\.(?:js|css|svg)$/;

/**
 * The best forms of every script, stylesheet and SVG in a build's assets folder, beside each: the
 * server sends them as they are (@fastify/static's preCompressed: server/plugins/pages.ts, the
 * desk's server/routes/desk/app.ts). Compressed on each request instead, every visitor's first
 * load cost the server Brotli at quality 4 over the framework's script (the desk's first page: a
 * megabyte and a half), and arrived larger than at quality 11.
 */
export async function writeCompressedAssets(assetsDir: string): Promise<void> {
  const files = readdirSync(assetsDir, { recursive: true, encoding: 'utf8' }).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(files.map((file) => writeBestForms(join(assetsDir, file))));
}

/**
 * The best forms the build wrote beside a page, if they are there and are that HTML's (a page
 * changed after the build, or served with the pixel added, is compressed again instead).
 */
export function readBestForms(htmlFile: string, html: Buffer): { gzip: Buffer; br: Buffer } | undefined {
  const [gzipFile, brFile] = [`${htmlFile}.gz`, `${htmlFile}.br`];
  if (!existsSync(gzipFile) || !existsSync(brFile)) return undefined;
  const br = readFileSync(brFile);
  try {
    if (!brotliDecompressSync(br).equals(html)) return undefined;
  } catch {
    return undefined;
  }
  return { gzip: readFileSync(gzipFile), br };
}
