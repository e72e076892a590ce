/**
 * The site's content at the desk: the live version, drafts, versions and what each changed, publications, uploads.
 */
import { z } from 'zod';
import { errorReply, storedText } from './common';

/** A publication waiting for its time. */
export const scheduledReply = z.object({ id: storedText(), live_from: storedText(), author: storedText().nullable() });

/** The live content (null version: the build's starting content) and the publication waiting, if any. */
export const contentReply = z.object({
  version: storedText().nullable(),
  liveFrom: storedText().nullable(),
  /** Who published the live version (null: none yet, or an account since removed). */
  author: storedText().nullable(),
  document: z.unknown(),
  scheduled: scheduledReply.nullable(),
});

/** An editor's draft of the content, kept on the server (issue 40): opened on any device they sign in on. */
export const contentDraftReply = z.object({
  /** The version it was made from (null: the starting content). */
  basedOn: storedText().nullable(),
  document: z.unknown(),
  /** Counts its saves: the next save names it. */
  revision: z.number().int(),
  savedAt: storedText(),
  /** What it was last saved from: "phone", "tablet" or "computer". */
  device: storedText(),
});

export const openedDraftReply = z.object({
  draft: contentDraftReply.nullable(),
  /** The version the draft was made from, when another is live now: the desk carries the draft's changes onto the live one. */
  base: z.unknown().nullable(),
});

/** Which version is live, since when and who published it (null: none yet, the starting content). */
export const liveVersionReply = z.object({
  version: storedText().nullable(),
  liveFrom: storedText().nullable(),
  author: storedText().nullable(),
});

export const savedDraftReply = z.object({ revision: z.number().int(), savedAt: storedText(), device: storedText() });

/** POST /api/staff/content/versions/:id/restore: the new version, live now, with the restored content. */
export const restoredReply = z.object({ version: storedText() });

/**
 * A publication refused by the content check: each problem names its field (`hi.courses.jee.name: …`).
 * None when the body itself was not a publication (the error handler's 400 says only what was wrong).
 */
export const problemsReply = errorReply.extend({ problems: z.array(storedText()).optional() });

export const versionEntry = z.object({
  id: storedText(),
  published_at: storedText(),
  live_from: storedText(),
  based_on: storedText().nullable(),
  author: storedText().nullable(),
  note: storedText().nullable(),
  cancelled_at: storedText().nullable(),
  state: z.enum(['live', 'scheduled', 'earlier', 'cancelled']),
});

/** A value before and after a change, as the desk page shows it (shared/content-change-words.ts). */
const sideReply = z.object({ before: storedText().optional(), after: storedText().optional() });

/** The changes on one desk page, in its words: a fact, or words in each language. */
export const changeGroupReply = z.object({
  page: storedText(),
  changes: z.array(
    z.object({
      key: storedText(),
      what: storedText(),
      values: z.union([
        z.object({ fact: sideReply }),
        z.object({ words: z.object({ en: sideReply.optional(), hi: sideReply.optional() }) }),
      ]),
    }),
  ),
});

export const versionsReply = z.object({ versions: z.array(versionEntry) });

/** One version: what changed from the version it was made from. */
export const versionChangesReply = z.object({
  id: storedText(),
  live_from: storedText(),
  groups: z.array(changeGroupReply),
});

/** A publication: its version, when it goes live, and the scheduled one it cancelled. */
export const publishedReply = z.object({
  version: storedText(),
  liveFrom: storedText(),
  cancelled: scheduledReply.nullable(),
  /**
   * The publication that was waiting for its time, carried onto this one: it waits in its place
   * (a new id, the same time and author), and `keeps` the values it changes that this one
   * changed too (it sets them when it goes live).
   */
  carried: scheduledReply.extend({ keeps: z.array(z.array(storedText())) }).nullable(),
});

/** POST /api/staff/uploads: what the content names the upload by (shared/schema/uploads.ts), and what was made. */
export const uploadReply = z.object({
  id: storedText(),
  use: storedText(),
  /** A photo's pixels as sent (upright); null for a PDF. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  files: z.array(z.object({ name: storedText(), url: storedText(), contentType: storedText(), bytes: z.number() })),
  /** Put this in the content (a teacher's portrait, the prospectus). */
  reference: z.looseObject({ upload: storedText(), use: storedText() }),
});
