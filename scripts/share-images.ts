/**
 * Draws every page's share image (src/content/share-images.ts says what each shows, for the
 * day the pages are rendered for) into the built site, at the end of `npm run build`, with the
 * drawing the server uses for the pages it renders again (server/site/share-images.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { languages } from '../shared/languages';
import { drawShareImage } from '../server/site/share-images';
import { allShareImages } from '../src/content/share-images';
import { startingContent } from '../src/content/site-content';

/** Writes every page's share image on `day` into the built site; fails the build if one is too large. */
export async function writeShareImages(clientDir: string, day: string): Promise<{ file: string; bytes: number }[]> {
  const written = [];
  for (const image of allShareImages(startingContent, languages, day)) {
    const png = await drawShareImage(image.picture);
    const target = join(clientDir, image.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, png);
    written.push({ file: image.file, bytes: png.length });
  }
  return written;
}
