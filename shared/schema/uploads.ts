/**
 * What the content says about a file staff uploaded (server/routes/desk/uploads.ts): enough to
 * show it without asking the database (the pages are rendered from the content alone). Its
 * files are served at paths.media(upload, file) (shared/paths.ts).
 */
import { z } from 'zod';
import { photoUses } from '../photos';
import { text } from './text';

/**
 * The `use` an upload is made for: a photo's (shared/photos.ts), the prospectus (a PDF), or the
 * scan of a student's signed consent to be shown (a PDF or a photo of the form; private).
 */
export const uploadUses = [...(Object.keys(photoUses) as (keyof typeof photoUses)[]), 'prospectus', 'consent'] as const;
export type UploadUse = (typeof uploadUses)[number];

/**
 * Uploads that are personal data and never public: served only to signed-in staff with the content
 * role, at paths.consentScan (server/routes/desk/uploads.ts), never under /media (server/routes/public/media.ts).
 */
export const privateUploadUses: readonly UploadUse[] = ['consent'];

const uploadId = z.uuid('an upload id');

/**
 * An uploaded photograph: made by the server at every width of its use in every format
 * (shared/photos.ts; `<use>-<width>.<format>`), cropped to the use's aspect.
 */
export const uploadedPhotoSchema = z.object({
  upload: uploadId,
  use: z.enum(Object.keys(photoUses) as [keyof typeof photoUses, ...(keyof typeof photoUses)[]]),
  /** The widths made (the use's widths when it was uploaded). */
  widths: z.array(z.number().int().positive()).min(1),
  /** The largest variant's size in pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

/** An uploaded PDF (the prospectus): served as paths.media(upload, file). */
export const uploadedPdfSchema = z.object({
  upload: uploadId,
  use: z.literal('prospectus'),
  file: text().regex(/^[a-z0-9][a-z0-9-]*\.pdf$/, 'a file name such as prospectus.pdf'),
  /** Its size, shown beside the link (a parent on a mobile data plan decides whether to open it). */
  bytes: z.number().int().positive(),
});
export type UploadedPdf = z.infer<typeof uploadedPdfSchema>;

/**
 * The scan of a signed consent form (institute.testimonialConsents): a PDF as it was sent, or a
 * photo of the form made upright with no metadata, as one JPEG large enough to read. Served to
 * staff with the content role only (paths.consentScan), never on a page.
 */
export const uploadedScanSchema = z.object({
  upload: uploadId,
  use: z.literal('consent'),
  file: z.enum(['consent.pdf', 'consent.jpeg']),
  bytes: z.number().int().positive(),
});
export type UploadedScan = z.infer<typeof uploadedScanSchema>;

export const isUploadedPhoto = (value: unknown): value is UploadedPhoto =>
  typeof value === 'object' && value !== null && 'upload' in value && 'widths' in value;
