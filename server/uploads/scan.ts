/**
 * The scan of a signed consent form (a photo of it from a phone), made into the one file kept:
 * turned upright by its EXIF orientation, no larger than SCAN_LONGEST_SIDE (still legible, a
 * fraction of a 12 MP photo), re-encoded as JPEG with none of its metadata (sharp keeps none
 * unless asked: no GPS, no camera). A PDF scan is checked as the prospectus is (server/uploads/pdf.ts)
 * and kept as sent. Either is personal data: stored as a private upload, served to staff with the
 * content role only (server/routes/desk/uploads.ts).
 */
import sharp from 'sharp';
import type { UploadFile } from '../db/upload-repository';
import { MAX_PHOTO_PIXELS, PhotoRefused } from './photos';
import type { SniffedType } from './sniff';

/** The longest side a photographed form is kept at, in pixels. */
export const SCAN_LONGEST_SIDE = 2000;
/** A photo smaller than this on its longest side cannot be read as a form. */
export const SCAN_SMALLEST_SIDE = 600;

const sharpFormats: Record<string, SniffedType> = { jpeg: 'jpeg', png: 'png', webp: 'webp' };

export async function makeScan(
  bytes: Buffer,
  sniffed: SniffedType,
): Promise<{ file: UploadFile; width: number; height: number }> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const };
  let upright: { width: number; height: number };
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (sharpFormats[metadata.format] !== sniffed)
      throw new PhotoRefused('This file is not the JPEG, PNG or WebP photo it starts like.');
    upright = metadata.autoOrient;
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    throw new PhotoRefused('This photo could not be read: it may be damaged. Take or choose it again.');
  }
  if (Math.max(upright.width, upright.height) < SCAN_SMALLEST_SIDE) {
    throw new PhotoRefused(
      `This photo of the form is too small to read (${upright.width} × ${upright.height} pixels). Take it again, the whole page filling the photo.`,
    );
  }
  try {
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: SCAN_LONGEST_SIDE, height: SCAN_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return {
      file: { name: 'consent.jpeg', contentType: 'image/jpeg', bytes: data },
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new PhotoRefused('This photo could not be read to the end: it may be damaged. Take or choose it again.');
  }
}
