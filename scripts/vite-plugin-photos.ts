/**
 * The image pipeline: a photo imported with `?photo=<use>` (src/config/photos.ts) becomes AVIF, WebP
 * and JPEG at the use's widths, cropped to its aspect ratio, metadata (EXIF, GPS) stripped, each file
 * under a hashed name; the import is a vite-imagetools `Picture` (srcsets per format, fallback, size).
 */
import { imagetools } from 'vite-imagetools';
import { isPhotoUse, photoDirectives } from '../src/config/photos.ts';

export function photoPipeline() {
  return imagetools({
    include: /^[^?]+\.(avif|heif|jpe?g|png|tiff|webp)\?(.*&)?photo=/,
    defaultDirectives: (url) => {
      const use = url.searchParams.get('photo');
      return isPhotoUse(use) ? photoDirectives(use) : new URLSearchParams();
    },
  });
}
