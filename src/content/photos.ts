/**
 * The institute's photographs. A photo for a use (src/config/photos.ts) is a file in
 * src/assets/photos/<use>/, named in institute.ts (teacherPortraits, heroPhoto, testimonialPhotos) with its alt text
 * in every language; the content check fails on a photo without alt text or without its file.
 * The build turns each into AVIF, WebP and JPEG at the use's widths (scripts/vite-plugin-photos.ts).
 * Or, uploaded by staff in the desk, it is named by its upload (shared/schema/uploads.ts): the
 * server made the same files from it (server/uploads/photos.ts) and serves them under /media.
 */
import type { Picture } from 'vite-imagetools';
import { paths } from '../../shared/paths';
import { variantName } from '../../shared/photos';
import type { UploadedPhoto } from '../../shared/schema/uploads';
import { type PhotoUse, photoFolder, photoFormats } from '../config/photos';

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
  student: import.meta.glob<Picture>('../assets/photos/student/*.{avif,jpeg,jpg,png,webp}', {
    eager: true,
    import: 'default',
    query: { photo: 'student' },
  }),
};

/** An uploaded photo's files as the build describes its own: a srcset per format, the largest JPEG as fallback. */
function uploadedPicture({ upload, use, widths, width, height }: UploadedPhoto): Picture {
  const srcSet = (format: (typeof photoFormats)[number]) =>
    widths.map((each) => `${paths.media(upload, variantName(use, each, format))} ${each}w`).join(', ');
  return {
    sources: Object.fromEntries(photoFormats.map((format) => [format, srcSet(format)])),
    img: { src: paths.media(upload, variantName(use, width, 'jpeg')), w: width, h: height },
  };
}

/** The picture of `file`: a name in the use's folder (built), or an upload. */
export function photo(use: PhotoUse, file: string | UploadedPhoto): Picture {
  if (typeof file !== 'string') return uploadedPicture(file);
  const picture = found[use][`../assets/photos/${use}/${file}`];
  if (!picture) throw new Error(`${photoFolder(use)}/${file} is named in institute.ts but is not there`);
  return picture;
}

/** A photograph as a page shows it: the built picture and what it shows, in the page's language. */
export type ShownPhoto = { picture: Picture; alt: string };
