/**
 * Renders every page's share image (src/content/share-images.ts says what each shows)
 * into the built site, at the end of `npm run build`. sharp does all of it: the
 * background and the logo from SVG, the words through Pango (which shapes Devanagari
 * and wraps lines), and a palette PNG well under the 150 KB a chat app accepts.
 *
 * The fonts come from npm (Noto Sans Devanagari, which also covers Latin and ₹), never
 * from the machine, so every build draws the same picture.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { languages } from '../shared/languages';
import { logoMark } from '../src/config/logo';
import { brand } from '../src/config/theme';
import { copy } from '../src/content/copy';
import { institute } from '../src/content/institute';
import { allShareImages, SHARE_IMAGE_SIZE, type ShareImage } from '../src/content/share-images';
import { startingContent } from '../src/content/site-content';

/** Chat apps drop a preview image over about 300 KB; we keep well under half that (150 KB). */
export const SHARE_IMAGE_MAX_BYTES = 150_000;

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};
// An empty font configuration: Pango sees only the font files given below, on any machine.
process.env.FONTCONFIG_FILE = join(dirname(fileURLToPath(import.meta.url)), 'fonts.conf');

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE;
const LEFT = 88;
const TEXT_WIDTH = WIDTH - LEFT - 80;
const TITLE_TOP = 168;
const FACTS_BOTTOM = 540;

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** One block of wrapped text as a transparent PNG, and its height. */
async function textBlock(markup: string, weight: 'regular' | 'bold', size: number, spacing = 0) {
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `Noto Sans Devanagari ${weight === 'bold' ? 'Bold' : ''} ${size}`,
      fontfile: FONT[weight],
      width: TEXT_WIDTH,
      wrap: 'word',
      dpi: 72,
      spacing,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, height: info.height };
}

/** The title at the largest size that fits in three lines. */
async function titleBlock(title: string) {
  const markup = `<span foreground="#141414">${escape(title)}</span>`;
  for (let size = 64; size > 40; size -= 4) {
    const block = await textBlock(markup, 'bold', size);
    if (block.height <= size * 1.45 * 3) return block;
  }
  return textBlock(markup, 'bold', 40);
}

function background(): Buffer {
  const mark = logoMark.shapes.map(({ d, fill }) => `<path d="${d}" fill="${fill}"/>`).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
      <circle cx="${WIDTH - 40}" cy="20" r="200" fill="#f0f7ff"/>
      <circle cx="${WIDTH - 40}" cy="20" r="120" fill="#e6f4ff"/>
      <rect width="12" height="${HEIGHT}" fill="${brand.primaryText}"/>
      <rect x="12" width="6" height="${HEIGHT}" fill="${brand.primary}"/>
      <g transform="translate(${LEFT} 48) scale(${64 / 48})">${mark}</g>
      <rect x="${LEFT}" y="${HEIGHT - 76}" width="56" height="5" rx="2" fill="${brand.primary}"/>
    </svg>`,
  );
}

export async function renderShareImage(image: ShareImage): Promise<Buffer> {
  const { logo } = copy[image.language].site;
  const wordmark = await textBlock(
    `<span foreground="#141414">${escape(logo.name)}</span>\n<span foreground="#595959" size="21pt" weight="normal">${escape(logo.tagline)}</span>`,
    'bold',
    30,
  );
  const title = await titleBlock(image.title);
  const factsTop = TITLE_TOP + title.height + 24;
  // As many facts as fit above the footer.
  const factsBlock = (facts: string[]) =>
    textBlock(
      facts.map((fact) => `<span foreground="#434343">•  ${escape(fact)}</span>`).join('\n'),
      'regular',
      30,
      10,
    );
  let facts = image.facts;
  let factsLayer = await factsBlock(facts);
  while (facts.length > 1 && factsTop + factsLayer.height > FACTS_BOTTOM) {
    facts = facts.slice(0, -1);
    factsLayer = await factsBlock(facts);
  }
  const domain = await textBlock(
    `<span foreground="${brand.primaryText}">${escape(new URL(institute.origin).hostname)}</span>`,
    'bold',
    26,
  );
  const layers = [
    { input: wordmark.data, left: LEFT + 84, top: 80 - Math.round(wordmark.height / 2) },
    { input: title.data, left: LEFT, top: TITLE_TOP },
    ...(factsTop + factsLayer.height <= FACTS_BOTTOM + 20
      ? [{ input: factsLayer.data, left: LEFT, top: factsTop }]
      : []),
    { input: domain.data, left: LEFT, top: HEIGHT - 60 },
  ];
  return sharp(background())
    .composite(layers)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer();
}

/** Writes every page's share image into the built site; fails the build if one is too large. */
export async function writeShareImages(clientDir: string): Promise<{ file: string; bytes: number }[]> {
  const written = [];
  for (const image of allShareImages(startingContent, languages)) {
    const png = await renderShareImage(image);
    if (png.length > SHARE_IMAGE_MAX_BYTES) {
      throw new Error(`${image.file} is ${png.length} bytes; share images must stay under ${SHARE_IMAGE_MAX_BYTES}.`);
    }
    const target = join(clientDir, image.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, png);
    written.push({ file: image.file, bytes: png.length });
  }
  return written;
}
