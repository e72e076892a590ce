/**
 * The image pipeline: a photo imported with `?photo=<use>` (shared/photos.ts) becomes AVIF, WebP
 * and JPEG at the use's widths, cropped to its aspect ratio, metadata (EXIF, GPS) stripped, each file
 * under a hashed name; the import is a vite-imagetools `Picture` (srcsets per format, fallback, size).
 * The server makes an uploaded photo with the same presets (server/uploads/photos.ts).
 */
import { imagetools } from 'vite-imagetools';
import { isPhotoUse, photoFormats, type PhotoUse, photoUses } from '../shared/photos.ts';

/** The vite-imagetools directives for one use: every width in every format, as a `<picture>` description. */
export function photoDirectives(use: PhotoUse): URLSearchParams {
  const { widths, aspect } = photoUses[use];
  return new URLSearchParams({
    w: widths.join(';'),
    aspect,
    format: photoFormats.join(';'),
    as: 'picture',
  });
}

export function photoPipeline() {
  return imagetools({
    include: /^[^?]+\.(avif|heif|jpe?g|png|tiff|webp)\?(.*&)?photo=/,
    defaultDirectives: (url) => {
      const use = url.searchParams.get('photo');
      return isPhotoUse(use) ? photoDirectives(use) : new URLSearchParams();
    },
  });
}
