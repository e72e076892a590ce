/**
 * The icons a browser, a phone's home screen and an installed shortcut show, rendered
 * from the logo's mark (src/config/logo.ts) at the end of `npm run build`, and a web app
 * manifest for each language (its name, colours and icons).
 *
 *   /favicon.svg, /favicon.ico (32 px)   browser tabs
 *   /apple-touch-icon.png (180 px)       iOS home screen (full-bleed: iOS rounds the corners)
 *   /icons/icon-192.png, icon-512.png    Android home screen and install prompts
 *   /icons/maskable-512.png              Android's adaptive icons (the mark inside the safe zone)
 *   /manifest.webmanifest, /hi/manifest.webmanifest
 *   /desk.webmanifest                    the enquiry desk, installed on a counsellor's phone (issue 41)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { languageInfo, languages, localizedPath, type Language } from '../shared/languages';
import { brandFiles } from '../src/config/brand-files';
import { logoMark, logoMarkSvg } from '../src/config/logo';
import { brand } from '../src/config/theme';
import { copy } from '../src/content/copy';
import { fullName } from '../src/content/share-images';
import { startingContent } from '../src/content/site-content';

/** The book and the star (drawn from y 4.5 to 38) centred on a full square of the brand blue, scaled. */
function fullBleedSvg(size: number, scale: number): string {
  const [, ...drawing] = logoMark.shapes;
  const paths = drawing.map(({ d, fill }) => `<path d="${d}" fill="${fill}"/>`).join('');
  const x = 24 * (1 - scale);
  const y = 24 - 21.25 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logoMark.viewBox}" width="${size}" height="${size}"><rect width="48" height="48" fill="${brand.primaryText}"/><g transform="translate(${x} ${y}) scale(${scale})">${paths}</g></svg>`;
}

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 48) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An .ico holding one PNG image (every browser since IE 11 reads PNG inside ICO). */
function icoOf(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 means 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(header.length, 18); // where the image starts
  return Buffer.concat([header, image]);
}

function manifest(language: Language) {
  const { site } = copy[language];
  return {
    lang: languageInfo[language].tag,
    dir: 'ltr',
    name: fullName(startingContent, language),
    short_name: site.shortName,
    description: site.tagline,
    start_url: localizedPath(language, '/'),
    scope: '/',
    display: 'minimal-ui',
    theme_color: brand.primaryText,
    background_color: '#ffffff',
    icons: brandFiles.icons.map(({ src, size, purpose }) => ({
      src,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
}

/** The desk installed on a phone: its own app beside the site's, opening on Today, in English as the desk is. */
function deskManifest() {
  return {
    lang: 'en-IN',
    dir: 'ltr',
    name: `Enquiry desk · ${fullName(startingContent, 'en')}`,
    short_name: 'Desk',
    id: '/staff/',
    start_url: '/staff/',
    scope: '/staff/',
    display: 'standalone',
    theme_color: brand.primaryText,
    background_color: '#ffffff',
    icons: manifest('en').icons,
  };
}

export async function writeBrandFiles(clientDir: string): Promise<void> {
  const write = (path: string, data: string | Buffer) => {
    const target = join(clientDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  };
  const mark = logoMarkSvg();
  write(brandFiles.faviconSvg, mark);
  write(brandFiles.faviconIco, icoOf(await png(mark, 32), 32));
  write(brandFiles.appleTouchIcon, await png(fullBleedSvg(180, 0.9), 180));
  for (const { src, size, purpose } of brandFiles.icons) {
    write(src, await png(purpose === 'maskable' ? fullBleedSvg(size, 0.72) : mark, size));
  }
  for (const language of languages)
    write(brandFiles.manifest(language), `${JSON.stringify(manifest(language), null, 2)}\n`);
  write(brandFiles.deskManifest, `${JSON.stringify(deskManifest(), null, 2)}\n`);
}
