/** The site's content at the desk: the live version, an editor's draft, publishing, the versions, uploads (server/routes/desk/content.ts, content-drafts.ts, uploads.ts). */
import type { z } from 'zod';
import type { draftSaveSchema, publicationSchema, restoreSchema } from '../../../shared/schema/content-requests';
import type {
  contentDraftReply,
  contentReply,
  liveVersionReply,
  problemsReply,
  publishedReply,
  restoredReply,
  savedDraftReply,
  scheduledReply,
  uploadReply,
  versionChangesReply,
  versionsReply,
} from '../../../shared/schema/replies/content';
import type { UploadUse } from '../../../shared/schema/uploads';
import type { SiteContent } from '../../../src/content/site-content';
import { api } from '../lib/api';

/** What the server answers, as its routes declare it (shared/schema/replies/content.ts). */
export type ProblemsReply = z.output<typeof problemsReply>;
export type PublishedReply = z.output<typeof publishedReply>;
export type ScheduledVersion = z.output<typeof scheduledReply>;
export type VersionsReply = z.output<typeof versionsReply>;
export type VersionChangesReply = z.output<typeof versionChangesReply>;
export type UploadReply = z.output<typeof uploadReply>;

/** The live content (contentReply), its document as the desk edits it. */
export type LiveContent = Omit<z.output<typeof contentReply>, 'document'> & { document: SiteContent };
/** An editor's draft on the server (contentDraftReply), its document as the desk edits it. */
export type ServerDraft = Omit<z.output<typeof contentDraftReply>, 'document'> & { document: SiteContent };
/**
 * GET /api/staff/content/draft (openedDraftReply), the content typed; `asked`: when the page asked
 * for it (performance.now()), to tell a reply older than what this tab has since learned.
 */
export type OpenedDraft = { draft: ServerDraft | null; base: SiteContent | null; asked?: number };
export type SavedDraft = z.output<typeof savedDraftReply>;

const version = (id: string) => `/content/versions/${encodeURIComponent(id)}`;

export const contentApi = {
  live: () => api<LiveContent>('/content'),
  liveVersion: () => api<z.output<typeof liveVersionReply>>('/content/live'),
  publish: (body: z.input<typeof publicationSchema>) => api<PublishedReply>('/content', { method: 'PUT', body }),
  cancelScheduled: (id: string) => api<undefined>(`/content/scheduled/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  draft: () => api<OpenedDraft>('/content/draft'),
  saveDraft: (body: z.input<typeof draftSaveSchema>) => api<SavedDraft>('/content/draft', { method: 'PUT', body }),
  discardDraft: () => api<undefined>('/content/draft', { method: 'DELETE' }),
  versions: () => api<VersionsReply>('/content/versions'),
  versionChanges: (id: string) => api<VersionChangesReply>(version(id)),
  /** A draft made from an earlier version, to edit before publishing it again. */
  editVersion: (id: string) => api<SavedDraft>(`${version(id)}/draft`, { method: 'POST' }),
  restore: (id: string, body: z.input<typeof restoreSchema>) =>
    api<z.output<typeof restoredReply>>(`${version(id)}/restore`, { method: 'POST', body }),
  /**
   * A file for `use`, sent as it is (the server reads what it is from its bytes, makes a photo's
   * sizes and formats and strips its metadata): what the content names it by.
   */
  upload: (use: UploadUse, file: File) =>
    api<UploadReply>(`/uploads?use=${use}&name=${encodeURIComponent(file.name)}`, { method: 'POST', body: file }),
};
