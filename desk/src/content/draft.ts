/**
 * An editor's unpublished changes to the site's content: one draft of the whole content,
 * made from the live version, shared by every content page of the desk (change a fee on one
 * course and a batch on another, then publish both). Kept in this tab's sessionStorage as it
 * is typed, so a reload or signing in again brings it back; the browser asks before the tab
 * closes with one. Gone when published or discarded.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SiteContent } from '../../../src/content/site-content';
import type { z } from 'zod';
import type { contentReply } from '../../../shared/schema/replies';

export type LiveContent = Omit<z.output<typeof contentReply>, 'document'> & { document: SiteContent };

export type ContentDraft = {
  staffId: string;
  /** The live version it was made from (null: the build's starting content). */
  basedOn: string | null;
  document: SiteContent;
};

const key = (staffId: string) => `desk-content-draft:${staffId}`;
const listeners = new Set<() => void>();
let cached: { raw: string | null; draft: ContentDraft | undefined } = { raw: null, draft: undefined };

function read(staffId: string): ContentDraft | undefined {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(key(staffId));
  } catch {
    return undefined;
  }
  if (raw === cached.raw) return cached.draft;
  let draft: ContentDraft | undefined;
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<ContentDraft> | null;
    draft =
      parsed && parsed.staffId === staffId && typeof parsed.document === 'object' && parsed.document !== null
        ? (parsed as ContentDraft)
        : undefined;
  } catch {
    draft = undefined;
  }
  cached = { raw, draft };
  return draft;
}

function write(staffId: string, draft: ContentDraft | undefined) {
  try {
    if (draft) sessionStorage.setItem(key(staffId), JSON.stringify(draft));
    else sessionStorage.removeItem(key(staffId));
  } catch {
    // Storage full or refused: the draft lives in this page until it closes (the browser still asks first).
    cached = { raw: null, draft };
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The content as this editor is making it: their draft, or the live version while they have
 * none. `change` edits a copy (the first change starts the draft); `discard` drops it.
 */
export function useContentDraft(staffId: string, live: LiveContent) {
  const draft = useSyncExternalStore(subscribe, () => read(staffId));
  const document = draft?.document ?? live.document;

  const change = useCallback(
    (edit: (document: SiteContent) => void) => {
      const current = read(staffId);
      const next = structuredClone(current?.document ?? live.document);
      edit(next);
      write(staffId, { staffId, basedOn: current ? current.basedOn : live.version, document: next });
    },
    [staffId, live],
  );
  const discard = useCallback(() => write(staffId, undefined), [staffId]);

  // Closing or reloading the tab with a draft: the browser asks first.
  useEffect(() => {
    if (!draft) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft]);

  return { document, draft, change, discard };
}
