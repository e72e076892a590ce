/**
 * The site's content at the desk: the live version, drafts, versions and what each changed, publications, uploads.
 */
import { z } from 'zod';
import { CONTENT_BODY_LIMIT, draftSaveSchema, publicationSchema, restoreSchema } from '../content-requests';
import type { Endpoints } from '../endpoint';
import { text } from '../text';
import { uploadUses } from '../uploads';
import { errorReply, idParams, storedText } from './common';

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

/** What the desk reads of them. */
export type ProblemsReply = z.output<typeof problemsReply>;
export type PublishedReply = z.output<typeof publishedReply>;
export type ScheduledVersion = z.output<typeof scheduledReply>;
export type VersionsReply = z.output<typeof versionsReply>;
export type VersionChangesReply = z.output<typeof versionChangesReply>;
export type UploadReply = z.output<typeof uploadReply>;
export type SavedDraft = z.output<typeof savedDraftReply>;
export type ContentReply = z.output<typeof contentReply>;
export type ContentDraftReply = z.output<typeof contentDraftReply>;

/** POST /api/staff/content/preview: the draft as the form posts it (its document as JSON), the page and the day to show it on. */
const previewForm = z.object({
  document: storedText().max(CONTENT_BODY_LIMIT),
  path: storedText().max(200),
  day: z.iso.date().optional(),
});

/**
 * The site's content at the desk: the live version, an editor's draft, publishing, the versions,
 * uploads (server/routes/desk/content.ts, content-drafts.ts, uploads.ts).
 */
export const contentEndpoints = {
  'GET /content': { access: 'content', response: { 200: contentReply, '4xx': errorReply } },
  /** Publish now, or at a day and time. */
  'PUT /content': {
    access: 'content',
    body: publicationSchema,
    response: {
      200: publishedReply,
      400: problemsReply,
      409: errorReply.extend({ version: storedText().nullable(), scheduled: scheduledReply.nullable() }),
      '4xx': errorReply,
    },
  },
  /** The preview is a page, posted by a form into the desk's frame (not called by the desk's code). */
  'POST /content/preview': { access: 'content', body: previewForm },
  'GET /content/versions': { access: 'content', response: { 200: versionsReply, '4xx': errorReply } },
  'GET /content/versions/:id': {
    access: 'content',
    params: idParams,
    response: { 200: versionChangesReply, '4xx': errorReply },
  },
  'POST /content/versions/:id/restore': {
    access: 'content',
    params: idParams,
    body: restoreSchema,
    response: {
      200: restoredReply,
      400: problemsReply,
      409: errorReply.extend({ version: storedText().nullable() }),
      '4xx': errorReply,
    },
  },
  'DELETE /content/scheduled/:id': {
    access: 'content',
    params: idParams,
    response: { 204: z.null(), '4xx': errorReply },
  },
  'GET /content/draft': { access: 'content', response: { 200: openedDraftReply, '4xx': errorReply } },
  'GET /content/live': { access: 'content', response: { 200: liveVersionReply, '4xx': errorReply } },
  /** An editor's draft, saved as they type. */
  'PUT /content/draft': {
    access: 'content',
    body: draftSaveSchema,
    response: {
      200: savedDraftReply,
      409: errorReply.extend({ draft: openedDraftReply.shape.draft }),
      '4xx': errorReply,
    },
  },
  /** A draft made from an earlier version, to edit before publishing it again. */
  'POST /content/versions/:id/draft': {
    access: 'content',
    params: idParams,
    response: { 200: savedDraftReply, '4xx': errorReply },
  },
  'DELETE /content/draft': {
    access: 'content',
    querystring: z.object({ revision: z.coerce.number().int().min(0).optional() }),
  },
  /**
   * A file for `use`, sent as it is (the server reads what it is from its bytes, makes a photo's
   * sizes and formats and strips its metadata): what the content names it by.
   */
  'POST /uploads': {
    access: 'content',
    file: true,
    querystring: z.object({
      use: z.enum(uploadUses, `Say what the file is for: use=${uploadUses.join(', ')}.`),
      name: text().max(200).optional(),
    }),
    response: { 201: uploadReply, '4xx': errorReply, 503: errorReply },
  },
  /** A consent scan's file: its bytes (no JSON to declare); a refusal is { error }, as every desk route's. */
  'GET /uploads/:id/:file': {
    access: 'content',
    params: z.object({ id: z.uuid(), file: z.enum(['consent.pdf', 'consent.jpeg']) }),
  },
} as const satisfies Endpoints;
