/**
 * What the desk's content requests must look like, checked by the server
 * (server/routes/desk/content.ts, content-drafts.ts): a publication, a draft saved, a version
 * restored. The content itself is checked when it is published (src/content/), not here.
 */
import { z } from 'zod';
import { text } from './text';

/** A version of the content: its words and facts, and the schema version it was written at (src/content/upgrades/). */
export const contentDocument = z.looseObject({
  schemaVersion: z.number().int().min(0).optional(),
  copy: z.unknown(),
  institute: z.unknown(),
});

/** PUT /api/staff/content: publish now, or at a day and time. */
export const publicationSchema = z.object({
  basedOn: z.uuid().nullable(),
  document: contentDocument,
  note: text().max(500).optional(),
  /** Publish at this day and time at the institute (its time zone), not now. */
  publishAt: z.object({ day: z.iso.date('Choose a day.'), time: z.iso.time('Choose a time.') }).optional(),
  /** Publishing now cancels the publication waiting for its time (which would undo this one). */
  cancelScheduled: z.boolean().optional(),
  /** The editor's draft on the server this publishes (content-drafts.ts), dropped once published, up to this save. */
  draftRevision: z.number().int().min(0).optional(),
});

/** PUT /api/staff/content/draft: an editor's draft, saved as they type. */
export const draftSaveSchema = z.object({
  basedOn: z.uuid().nullable(),
  /** The whole content as the editor is making it (checked when published, not here). */
  document: z.looseObject({ copy: z.unknown(), institute: z.unknown() }),
  /** The save it was made from (0: the first). */
  revision: z.number().int().min(0),
});

/** POST /api/staff/content/versions/:id/restore: the version the editor saw live when they pressed Restore. */
export const restoreSchema = z.object({ basedOn: z.uuid().nullable() });

/** The largest content document taken (today's is about 150 KB). */
export const CONTENT_BODY_LIMIT = 2 * 1024 * 1024;
