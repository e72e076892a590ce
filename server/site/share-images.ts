/**
 * The pages' share images (og:image): drawn from what each shows (shared/share-image.ts; the
 * site describes it, src/content/share-images.ts) by the build (scripts/share-images.ts) and by
 * the server when it renders the pages again for a new day or newly published content, and
 * served from memory (server/plugins/pages.ts). sharp does all of the drawing: the background
 * and the logo from SVG, the words through Pango (which shapes Devanagari and wraps lines), and
 * a palette PNG well under the 150 KB a chat app accepts.
 *
 * The fonts come from npm (Noto Sans Devanagari, which also covers Latin and ₹), never from the
 * machine, so every build and every instance draws the same picture from the same description.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type sharpOf from 'sharp';
import {
  SHARE_IMAGE_DIR,
  SHARE_IMAGE_MAX_BYTES,
  SHARE_IMAGE_SIZE,
  type ShareImageFile,
  type SharePicture,
} from '../../shared/share-image';

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

// An empty font configuration: Pango sees only the font files above, on any machine. Set as
// this module loads, before anything in the process (the build's icons, its photos) starts
// fontconfig, which reads it once: set later, the machine's own fonts would be used.
process.env.FONTCONFIG_FILE = fileURLToPath(new URL('fonts.conf', import.meta.url));

/** sharp (libvips), loaded the first time a picture is drawn: an instance that never draws never loads it. */
let sharpLoaded: Promise<typeof sharpOf> | undefined;
function loadSharp() {
  sharpLoaded ??= (async () => {
    const { default: sharp } = await import('sharp');
    // Each picture is drawn once: libvips' cache of operations would only hold memory.
    sharp.cache(false);
    // Both fonts known before the first picture: Pango picks (and keeps) a font for a weight
    // from those known when it is first asked, so otherwise a picture would depend on what the
    // process drew before it (the wordmark's tagline in bold when drawn first).
    for (const [weight, fontfile] of Object.entries(FONT)) {
      await sharp({ text: { text: '.', font: `Noto Sans Devanagari ${weight === 'bold' ? 'Bold' : ''} 12`, fontfile } })
        .png()
        .toBuffer();
    }
    return sharp;
  })();
  return sharpLoaded;
}

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE;
const LEFT = 88;
const TEXT_WIDTH = WIDTH - LEFT - 80;
const TITLE_TOP = 168;
const FACTS_BOTTOM = 540;

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** One block of wrapped text as a transparent PNG, and its height. */
async function textBlock(markup: string, weight: 'regular' | 'bold', size: number, spacing = 0) {
  const sharp = await loadSharp();
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

function background({ mark, colors }: SharePicture): Buffer {
  const shapes = mark.map(({ d, fill }) => `<path d="${d}" fill="${fill}"/>`).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
      <circle cx="${WIDTH - 40}" cy="20" r="200" fill="#f0f7ff"/>
      <circle cx="${WIDTH - 40}" cy="20" r="120" fill="#e6f4ff"/>
      <rect width="12" height="${HEIGHT}" fill="${colors.primaryText}"/>
      <rect x="12" width="6" height="${HEIGHT}" fill="${colors.primary}"/>
      <g transform="translate(${LEFT} 48) scale(${64 / 48})">${shapes}</g>
      <rect x="${LEFT}" y="${HEIGHT - 76}" width="56" height="5" rx="2" fill="${colors.primary}"/>
    </svg>`,
  );
}

/** One share image, 1200 × 630 PNG, from what it shows; refused when it is not under 150 KB. */
export async function drawShareImage(picture: SharePicture): Promise<Buffer> {
  const sharp = await loadSharp();
  const wordmark = await textBlock(
    `<span foreground="#141414">${escape(picture.wordmark.name)}</span>\n<span foreground="#595959" size="21pt" weight="normal">${escape(picture.wordmark.tagline)}</span>`,
    'bold',
    30,
  );
  const title = await titleBlock(picture.title);
  const factsTop = TITLE_TOP + title.height + 24;
  // As many facts as fit above the footer.
  const factsBlock = (facts: string[]) =>
    textBlock(
      facts.map((fact) => `<span foreground="#434343">•  ${escape(fact)}</span>`).join('\n'),
      'regular',
      30,
      10,
    );
  let facts = picture.facts;
  let factsLayer = await factsBlock(facts);
  while (facts.length > 1 && factsTop + factsLayer.height > FACTS_BOTTOM) {
    facts = facts.slice(0, -1);
    factsLayer = await factsBlock(facts);
  }
  const domain = await textBlock(
    `<span foreground="${picture.colors.primaryText}">${escape(picture.domain)}</span>`,
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
  const png = await sharp(background(picture))
    .composite(layers)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer();
  if (png.length > SHARE_IMAGE_MAX_BYTES) {
    throw new Error(`A share image is ${png.length} bytes; they must stay under ${SHARE_IMAGE_MAX_BYTES}.`);
  }
  return png;
}

/** The share images a page's HTML names (og:image), as files relative to the site (assets/share/…png). */
export function shareImagesNamed(html: string): string[] {
  const named = [...html.matchAll(/<meta property="og:image" content="([^"]+)"/g)];
  return named.map(([, url]) => new URL(url ?? '').pathname.slice(1));
}

/**
 * The share images served (/assets/share/…png, from memory): the build's, read at start-up and
 * kept for as long as the process runs, and those the server draws for the pages it renders
 * again. A drawn picture is kept while the pages served name it, and while those served before
 * the last change of pictures did (a link shared just before a publication still shows its
 * preview); older ones are let go, so memory stays at two sets of pictures at most.
 */
export class ShareImages {
  /** File (assets/share/…png) → PNG. */
  private readonly built = new Map<string, Buffer>();
  private readonly drawn = new Map<string, Buffer>();
  /** The pictures the served pages name, and those named before them. */
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(clientDir?: string) {
    if (!clientDir) return;
    const dir = join(clientDir, SHARE_IMAGE_DIR);
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((name) => name.endsWith('.png'));
    } catch {
      // A build without share images (a test's miniature build).
    }
    for (const name of files) this.built.set(`${SHARE_IMAGE_DIR}/${name}`, readFileSync(join(dir, name)));
    this.current = new Set(this.built.keys());
  }

  /** The PNG served as /<file>, if any. */
  get(file: string): Buffer | undefined {
    return this.built.get(file) ?? this.drawn.get(file);
  }

  /**
   * Draws each of `images` not served yet, one at a time (a rendering keeps most of the
   * machine for the visitors), and serves it from then on. What is drawn, and how long it took.
   */
  async draw(images: readonly ShareImageFile[]): Promise<{ drawn: string[]; ms: number }> {
    const started = performance.now();
    const drawn: string[] = [];
    for (const { file, picture } of images) {
      if (this.get(file)) continue;
      this.drawn.set(file, await drawShareImage(picture));
      drawn.push(file);
    }
    return { drawn, ms: Math.round(performance.now() - started) };
  }

  /**
   * The pages now served name `files`: keeps their pictures and those of the pages served
   * before the last change, and lets the drawn ones older than that go.
   */
  served(files: Iterable<string>): void {
    const named = new Set(files);
    if (named.size === this.current.size && [...named].every((file) => this.current.has(file))) return;
    this.previous = this.current;
    this.current = named;
    for (const file of this.drawn.keys()) {
      if (!this.current.has(file) && !this.previous.has(file)) this.drawn.delete(file);
    }
  }
}
