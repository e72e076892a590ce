/**
 * The institute's photographs. A photo for a use (src/config/photos.ts) is a file in
 * src/assets/photos/<use>/, named in institute.ts (teacherPortraits, heroPhoto) with its alt text
 * in every language; the content check fails on a photo without alt text or without its file.
 * The build turns each into AVIF, WebP and JPEG at the use's widths (scripts/vite-plugin-photos.ts).
 */
import type { Picture } from 'vite-imagetools';
import { type PhotoUse, photoFolder } from '../config/photos';

const found: Record<PhotoUse, Record<string, Picture>> = {
  portrait: import.meta.glob<Picture>('../assets/photos/portrait/*.{avif,jpeg,jpg,png,webp}', {
    eager: true,
    import: 'default',
    query: { photo: 'portrait' },
  }),
  hero: import.meta.glob<Picture>('../assets/photos/hero/*.{avif,jpeg,jpg,png,webp}', {
    eager: true,
    import: 'default',
    query: { photo: 'hero' },
  }),
};

/** The built picture of `file` (a name in the use's folder, as institute.ts gives it). */
export function photo(use: PhotoUse, file: string): Picture {
  const picture = found[use][`../assets/photos/${use}/${file}`];
  if (!picture) throw new Error(`${photoFolder(use)}/${file} is named in institute.ts but is not there`);
  return picture;
}

/** A photograph as a page shows it: the built picture and what it shows, in the page's language. */
export type ShownPhoto = { picture: Picture; alt: string };
