/**
 * What a file is, read from its first bytes (its "magic number"), never from its name or the
 * Content-Type its sender claimed. Four formats are taken, so four signatures are written
 * here rather than a dependency added (the `file-type` package knows hundreds we would refuse
 * anyway); sharp then decodes a photo in full and must agree (server/uploads/photos.ts).
 * SVG (text that can carry script), HTML, HEIC and everything else is none of them.
 */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** HEIF brands (ISO BMFF `ftyp` box) an iPhone's HEIC photo carries. */
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

export function sniff(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (HEIC_BRANDS.includes(brand)) return 'heic';
  }
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return undefined;
}
