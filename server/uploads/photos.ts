/**
 * An uploaded photograph made into what the page shows, by the same presets as the build's
 * pipeline (shared/photos.ts; scripts/vite-plugin-photos.ts runs vite-imagetools on sharp):
 * turned upright by its EXIF orientation, cropped to the use's aspect from the centre, resized
 * to each of the use's widths and encoded as AVIF, WebP and JPEG at sharp's default quality, as
 * vite-imagetools does. Nothing of its metadata is written out (sharp keeps none unless asked:
 * no EXIF, no GPS, no camera, no ICC profile), so where and on what a phone took it stays on
 * the phone. A photo smaller than the use's largest width is refused rather than enlarged.
 */
import sharp, { type Metadata } from 'sharp';
import { heightAt, type PhotoFormat, photoFormats, type PhotoUse, photoUses, variantName } from '../../shared/photos';
import type { UploadedPhoto } from '../../shared/schema/uploads';
import type { UploadFile } from '../db/upload-repository';
import type { SniffedType } from './sniff';

/** The most pixels decoded (a 48 MP phone's full-size photo is 48,000,000): a "decompression bomb" stops here. */
export const MAX_PHOTO_PIXELS = 50_000_000;

const contentTypes: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const sharpFormats: Record<string, SniffedType> = { jpeg: 'jpeg', png: 'png', webp: 'webp' };

export class PhotoRefused extends Error {}

export type MadePhoto = {
  /** Upright, before cropping. */
  width: number;
  height: number;
  files: UploadFile[];
  /** What the content names it by, without its upload id (the route adds it once stored). */
  reference: Omit<UploadedPhoto, 'upload'>;
};

export async function makePhoto(bytes: Buffer, sniffed: SniffedType, use: PhotoUse): Promise<MadePhoto> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch {
    throw new PhotoRefused('This photo could not be read: it may be damaged. Take or choose it again.');
  }
  // sharp must read it as what its first bytes say (never SVG, which sharp would also draw).
  if (sharpFormats[metadata.format] !== sniffed) {
    throw new PhotoRefused('This file is not the JPEG, PNG or WebP photo it starts like.');
  }
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) {
    throw new PhotoRefused(
      `This photo has more than ${MAX_PHOTO_PIXELS / 1_000_000} million pixels. Send a smaller one.`,
    );
  }
  const upright = metadata.autoOrient;
  const { widths } = photoUses[use];
  const largest = Math.max(...widths);
  const cropped = Math.min(upright.width, Math.round((upright.height * largest) / heightAt(use, largest)));
  if (cropped < largest || upright.height < heightAt(use, largest)) {
    throw new PhotoRefused(
      `This photo is too small: a ${use} needs at least ${largest} × ${heightAt(use, largest)} pixels. Send a larger one.`,
    );
  }
  const files: UploadFile[] = [];
  try {
    // Decoded once (upright, as raw pixels: no lossy step in between), then each width resized
    // once and encoded in each format.
    const { data, info } = await sharp(bytes, options).autoOrient().raw().toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const width of widths) {
      const resized = await sharp(data, { raw, limitInputPixels: MAX_PHOTO_PIXELS })
        .resize({ width, height: heightAt(use, width), fit: 'cover', position: 'centre' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = { width: resized.info.width, height: resized.info.height, channels: resized.info.channels };
      for (const format of photoFormats) {
        files.push({
          name: variantName(use, width, format),
          contentType: contentTypes[format],
          bytes: await sharp(resized.data, { raw: pixels }).toFormat(format).toBuffer(),
        });
      }
    }
  } catch {
    throw new PhotoRefused('This photo could not be read to the end: it may be damaged. Take or choose it again.');
  }
  return {
    width: upright.width,
    height: upright.height,
    files,
    reference: { use, widths: [...widths], width: largest, height: heightAt(use, largest) },
  };
}
