import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { BEST } from './site/compression';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { PIXEL_META_NAME } from '../shared/tracking';
import { makeClientDir, notFoundData } from '../tests/support/client-dir';

const PIXEL_ID = '123456789012345';
/** Every kind of page the server sends: English and Hindi pages, and the not-found page of each. */
const PAGE_URLS = ['/', '/about', '/courses/jee', '/hi', '/nope', '/hi/nope'];

describe('the web server', () => {
  let clientDir: string;
  let app: FastifyInstance;
  let pixelApp: FastifyInstance;

  beforeAll(async () => {
    clientDir = makeClientDir();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database: await openDatabase('file::memory:'),
    });
    pixelApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', META_PIXEL_ID: PIXEL_ID }),
      clientDir,
      database: await openDatabase('file::memory:'),
    });
  });

  afterAll(async () => {
    await app.close();
    await pixelApp.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/courses/jee', 'JEE'],
    ['/hi', 'होम'],
  ])('serves the prerendered page at %s', async (url, title) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it('answers any other path with the not-found page and status 404', async () => {
    for (const url of ['/nope', '/courses/nope', '/404', '/index.html', '/__spa-fallback.html', '/about/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Not found</title>');
    }
  });

  it('answers an unknown path under /hi with the Hindi not-found page and status 404', async () => {
    for (const url of ['/hi/nope', '/hi/courses/nope', '/hi/404', '/hi/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<html lang="hi-IN">');
      expect(res.body, url).toContain('<title>पेज नहीं मिला</title>');
    }
  });

  it('answers the data of an unknown path with the not-found data of its language', async () => {
    for (const [url, data] of [
      ['/nope.data', notFoundData.en],
      ['/courses/nope.data', notFoundData.en],
      ['/hi/nope.data', notFoundData.hi],
      ['/hi/courses/nope.data', notFoundData.hi],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.body, url).toBe(data);
      expect(res.headers['content-type'], url).toBe('text/x-script; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A page's own data is the file itself.
    const about = await app.inject({ url: '/about.data' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toBe('about data');
    expect(about.headers['content-type']).toBe('text/x-script; charset=utf-8');
  });

  it('redirects a trailing slash to the one URL of the page', async () => {
    const res = await app.inject({ url: '/about/?ref=ad' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about?ref=ad');
  });

  it('sends pages compressed when the browser accepts it', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<title>Home</title>');
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('sends a page at its best compression once a visitor has asked for it', async () => {
    const sent = async () => (await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } })).rawPayload;
    const atBest = (body: Buffer) => body.equals(brotliCompressSync(brotliDecompressSync(body), BEST.br));
    // The first visitor is not kept waiting for it (the quick forms: server/site/compression.ts).
    expect(atBest(await sent())).toBe(false);
    await expect.poll(async () => atBest(await sent()), { timeout: 30_000 }).toBe(true);
  });

  it('answers a revalidation with 304 when the page has not changed', async () => {
    const first = await app.inject({ url: '/about' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/about', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await app.inject({ url: '/assets/root-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('adds no pixel code when META_PIXEL_ID is not set', async () => {
    // The exact tag the pixel app writes, so this cannot pass by looking for the wrong thing.
    const tag = `<meta name="${PIXEL_META_NAME}" content="${PIXEL_ID}">`;
    expect((await pixelApp.inject({ url: '/' })).body).toContain(tag);
    for (const url of PAGE_URLS) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain('</head>');
      expect(res.body, url).not.toContain(tag);
      // Nor any other pixel tag (an empty or "undefined" ID).
      expect(res.body, url).not.toContain(`name="${PIXEL_META_NAME}"`);
      expect(res.body, url).not.toContain('fbq');
      expect(res.body, url).not.toContain('facebook');
      expect(String(res.headers['content-security-policy']), url).not.toContain('facebook');
    }
  });

  it('names the pixel on every page, and adds none of its code (it loads only after consent)', async () => {
    for (const url of PAGE_URLS) {
      const { body } = await pixelApp.inject({ url });
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head, url).toContain(`<meta name="${PIXEL_META_NAME}" content="${PIXEL_ID}">`);
      expect(body, url).not.toContain('fbq(');
      expect(body, url).not.toContain('fbevents');
      expect(body, url).not.toContain('facebook.com/tr');
    }
  });
});
