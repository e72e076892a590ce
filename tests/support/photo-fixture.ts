/**
 * A page built through the real image pipeline from photographs made here: the test's own
 * "camera" (sharp) writes two JPEGs with EXIF and GPS data, Vite builds them with the site's
 * photo plugin (scripts/vite-plugin-photos.ts), and the site's own components (Photo,
 * FacultyList) with its stylesheet render the page. Served on loopback for a browser to open.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { build } from 'vite';
import type { Picture } from 'vite-imagetools';
import { antdStaticCss } from '../../scripts/vite-plugin-antd-css';
import { photoPipeline } from '../../scripts/vite-plugin-photos';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Inside the project, so the built module finds react in node_modules; build/ is not committed. */
export const FIXTURE_DIR = join(root, 'build/photo-fixture');
/** Written into every source photo's EXIF; the built files must not carry it. */
export const PRIVATE_MARK = 'Camera owner: Test Photographer';

/** A photo-like picture: soft gradients, shapes and sensor noise, with EXIF and GPS as a phone writes them. */
async function takePhoto(file: string, width: number, height: number, hue: number) {
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue + 40},40%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * 0.5}" cy="${height * 0.42}" r="${height * 0.22}" fill="hsl(${hue + 180},35%,55%)"/>
    <rect x="${width * 0.3}" y="${height * 0.6}" width="${width * 0.4}" height="${height * 0.4}" rx="40" fill="hsl(${hue + 200},30%,30%)"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  await sharp(Buffer.from(scene))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Artist: PRIVATE_MARK, Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 54/1 0/1' },
    })
    .toFile(file);
}

const entry = (components: string) => `
import { prerenderToNodeStream } from 'react-dom/static';
import tokens from 'virtual:site-tokens.css?inline';
import css from '${root}src/styles/site.css?inline';
import { Photo } from '${components}/photo';
import { FacultyList } from '${components}/faculty-list';
import portrait from './portrait.jpg?photo=portrait';
import hero from './hero.jpg?photo=hero';

export const pictures = { portrait, hero };

/** Rendered as the site's pages are prerendered (streamed, so React places <link>s in the head). */
export async function render() {
  const { prelude } = await prerenderToNodeStream(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Photo pipeline</title>
        <style>{tokens + css}</style>
      </head>
      <body>
        <section className="hero">
          <div className="container hero__layout">
            <div><h1>The institute</h1><p className="hero__lead">Classrooms and teachers.</p></div>
            <Photo photo={{ picture: hero, alt: 'The front of the institute' }} use="hero" priority className="hero__photo" />
          </div>
        </section>
        <div id="spacer" style={{ height: '5000px' }} />
        <section className="page-section"><div className="container">
          <FacultyList members={[{ id: 't', name: 'Test Teacher', subject: 'Physics', experience: '9 years', bio: 'Teaches.', initials: 'TT', portrait: { picture: portrait, alt: 'Test Teacher at the board' } }]} />
        </div></section>
      </body>
    </html>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
`;

export type Fixture = {
  url: string;
  assets: string[];
  pictures: Record<'portrait' | 'hero', Picture>;
  close: () => Promise<void>;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

export async function buildPhotoFixture(): Promise<Fixture> {
  rmSync(FIXTURE_DIR, { recursive: true, force: true });
  const src = join(FIXTURE_DIR, 'src');
  const out = join(FIXTURE_DIR, 'out');
  mkdirSync(src, { recursive: true });
  await takePhoto(join(src, 'portrait.jpg'), 900, 1200, 30);
  await takePhoto(join(src, 'hero.jpg'), 2000, 1300, 200);
  writeFileSync(join(src, 'entry.tsx'), entry(join(root, 'src/components')));
  await build({
    configFile: false,
    root: src,
    logLevel: 'warn',
    plugins: [antdStaticCss(), photoPipeline()],
    build: { ssr: join(src, 'entry.tsx'), outDir: out, ssrEmitAssets: true, emptyOutDir: true },
  });
  const built = (await import(join(out, 'entry.js'))) as {
    render: () => Promise<string>;
    pictures: Fixture['pictures'];
  };
  writeFileSync(join(out, 'index.html'), await built.render());
  const assets = readdirSync(join(out, 'assets')).filter((name) => /\.(avif|webp|jpe?g)$/.test(name));

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = join(out, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    assets,
    pictures: built.pictures,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
