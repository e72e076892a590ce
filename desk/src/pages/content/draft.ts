/**
 * An editor's unpublished changes to the site's content (issue 40): one draft of the whole
 * content, shared by every content page of the desk (change a fee on one course and a batch on
 * another, then publish both), kept on the server a moment after each change
 * (server/routes/desk/content-drafts.ts), so it opens again on any device the editor signs in on
 * ("saved from the phone at 4:53 pm"). Until the server has a change it is kept in this tab too
 * (sessionStorage), tried again when the connection returns, and the browser asks before the tab
 * closes.
 *
 * A newer live version never blocks it: its changes are carried onto the live one
 * (shared/content-merge.ts) and only a value both changed is asked about (publish.tsx). When
 * another device saved the draft since, this tab's changes are carried onto that save.
 */
import { produce, setAutoFreeze } from 'immer';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { mergeContent } from '../../../../shared/content-merge';
import type { SiteContent } from '../../../../src/content/site-content';
import { api, ApiError } from '../../lib/api';
import type { ContentDraftReply, ContentReply } from '../../../../shared/schema/replies/content';
import type { EditingStore } from './fields';

// A change copies only the objects on the way to what it changes (the rest is shared with the
// version before, so a field whose value did not change is not drawn again); nothing is frozen,
// as the live version's document is shared with the page's loader.
setAutoFreeze(false);

/** The live content (GET /content), its document as the desk edits it. */
export type LiveContent = Omit<ContentReply, 'document'> & { document: SiteContent };
/** An editor's draft on the server, its document as the desk edits it. */
export type ServerDraft = Omit<ContentDraftReply, 'document'> & { document: SiteContent };
/**
 * GET /api/staff/content/draft, the content typed; `asked`: when the page asked for it
 * (performance.now()), to tell a reply older than what this tab has since learned.
 */
export type OpenedDraft = { draft: ServerDraft | null; base: SiteContent | null; asked?: number };

/** The live content, typed as the desk edits it (the server checked it when it was published). */
export const liveContent = () => api('GET /content') as Promise<LiveContent>;
/** The editor's draft and the version it was made from, typed as the desk edits them. */
export const openedDraft = () => api('GET /content/draft') as Promise<OpenedDraft>;

export type ContentDraft = {
  staffId: string;
  /** The live version it was made from (null: the starting content). */
  basedOn: string | null;
  /** That version's content as it was, when known: what carrying the draft onto a newer one compares with. */
  base?: SiteContent;
  document: SiteContent;
  /** The server's save it is in step with (0: not saved yet), and that save's content. */
  revision: number;
  synced?: SiteContent;
  /** When and from what the server last saved it. */
  saved?: { at: string; device: string };
  /** saved: the server has every change; unsaved: some are still to send; failed: the last try did not reach it. */
  status: 'saved' | 'unsaved' | 'saving' | 'failed';
  failure?: string;
  /** Carried onto a version someone else published: who, and when it went live (said until the editor closes it). */
  carried?: { author: string | null; liveFrom: string | null };
};

/**
 * What the page around the fields shows of the draft: where it is saved, what it was made
 * from; not its content. It changes a few times while typing (unsaved, saving, saved), not
 * on each key, so the page is not drawn again on each key.
 */
export type DraftState = Omit<ContentDraft, 'document' | 'synced'>;
let shownState: DraftState | undefined;
function stateShown(staffId: string): DraftState | undefined {
  const current = state?.staffId === staffId ? state : undefined;
  if (!current) return (shownState = undefined);
  const { document: _document, synced: _synced, ...shown } = current;
  const same =
    shownState !== undefined &&
    (Object.keys(shown) as (keyof DraftState)[]).every((key) => Object.is(shown[key], shownState?.[key])) &&
    Object.keys(shownState).length === Object.keys(shown).length;
  if (!same) shownState = shown;
  return shownState;
}

/** How long after the last change the draft is sent (typing a word sends it once). */
const SAVE_AFTER_MS = 800;
/** When a save did not reach the server, it is tried again after this (and at once when the browser is online again). */
const RETRY_MS = 5_000;

const tabKey = (staffId: string) => `desk-content-draft:${staffId}`;
const listeners = new Set<() => void>();
let state: ContentDraft | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Whether the last change was a key in a field (fields.tsx: the page around it follows in a transition). */
let lastTyped = false;
let sending: Promise<void> | undefined;
/**
 * When (performance.now()) this tab last learned what the server holds: a save answered, its draft
 * published or discarded. The page's data asked for before then is older than that.
 */
let settledAt = 0;

function set(next: ContentDraft | undefined) {
  state = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Changes the server does not have yet, kept in this tab meanwhile (a full or refused storage keeps them in the page only). */
function keepInTab(draft: ContentDraft | undefined, staffId: string) {
  try {
    if (draft && draft.status !== 'saved') sessionStorage.setItem(tabKey(staffId), JSON.stringify(draft));
    else sessionStorage.removeItem(tabKey(staffId));
  } catch {
    // The draft stays in this page; the browser still asks before it closes.
  }
}
function keptInTab(staffId: string): ContentDraft | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(tabKey(staffId)) ?? 'null') as ContentDraft | null;
    return kept && kept.staffId === staffId && typeof kept.document === 'object' ? kept : undefined;
  } catch {
    return undefined;
  }
}

function scheduleSave(after = SAVE_AFTER_MS) {
  clearTimeout(timer);
  timer = setTimeout(() => void save(), after);
}

/** Another device saved the draft since this tab's last save: that save, with this tab's changes carried onto it. */
function carryOnto(newer: ServerDraft | null, mine: ContentDraft): ContentDraft {
  if (!newer) return { ...mine, revision: 0, synced: undefined, status: 'unsaved' };
  const since = mine.synced ?? mine.base ?? newer.document;
  // A value both changed: this tab's stands, as it is being typed here now.
  const document = mergeContent(since, mine.document, newer.document, new Map(), 'mine').document as SiteContent;
  return {
    ...mine,
    basedOn: newer.basedOn,
    base: newer.basedOn === mine.basedOn ? mine.base : undefined,
    document,
    revision: newer.revision,
    synced: newer.document,
    saved: { at: newer.savedAt, device: newer.device },
    status: 'unsaved',
  };
}

/** Sends the draft to the server; one save at a time, the latest changes last. */
async function save(): Promise<void> {
  if (sending) {
    await sending;
    if (state?.status === 'unsaved' || state?.status === 'failed') scheduleSave(0);
    return;
  }
  const sent = state;
  if (!sent || sent.status === 'saved') return;
  keepInTab(sent, sent.staffId);
  set({ ...sent, status: 'saving' });
  sending = (async () => {
    try {
      const reply = await api('PUT /content/draft', {
        body: {
          basedOn: sent.basedOn,
          document: sent.document,
          revision: sent.revision,
        },
      });
      const now = state;
      if (!now || now.staffId !== sent.staffId) return;
      const changedSince = now.document !== sent.document || now.basedOn !== sent.basedOn;
      settledAt = performance.now();
      set({
        ...now,
        revision: reply.revision,
        synced: sent.document,
        saved: { at: reply.savedAt, device: reply.device },
        status: changedSince ? 'unsaved' : 'saved',
        failure: undefined,
      });
      keepInTab(state, sent.staffId);
      if (changedSince) scheduleSave();
    } catch (caught) {
      const now = state;
      if (!now || now.staffId !== sent.staffId) return;
      if (caught instanceof ApiError && caught.status === 409) {
        settledAt = performance.now();
        set(carryOnto((caught.body as { draft?: ServerDraft | null }).draft ?? null, now));
        scheduleSave(0);
        return;
      }
      set({
        ...now,
        status: 'failed',
        failure:
          caught instanceof ApiError
            ? caught.message
            : 'No connection: your changes are kept in this tab and saved when it returns.',
      });
      if (!(caught instanceof ApiError) || caught.status >= 500 || caught.status === 429) scheduleSave(RETRY_MS);
    }
  })();
  try {
    await sending;
  } finally {
    sending = undefined;
  }
}

/**
 * The draft as the page opens: this tab's changes the server does not have yet, else the
 * server's draft (from this or another device), else what this page already holds.
 */
function opening(staffId: string, live: LiveContent, opened: OpenedDraft): ContentDraft | undefined {
  const current = state?.staffId === staffId ? state : undefined;
  if (current && current.status !== 'saved') return current;
  const inTab = keptInTab(staffId);
  if (inTab && inTab.status !== 'saved') return { ...inTab, status: 'unsaved' };
  // Asked for before this tab's last save was answered, or before its draft was published (the
  // page's data reloaded meanwhile): an older draft, which would take back what was done since.
  if (opened.asked !== undefined && opened.asked < settledAt) return current;
  const server = opened.draft;
  if (!server) return undefined;
  if (current && current.revision === server.revision) return current;
  return {
    staffId,
    basedOn: server.basedOn,
    base: server.basedOn === live.version ? live.document : (opened.base ?? undefined),
    document: server.document,
    revision: server.revision,
    synced: server.document,
    saved: { at: server.savedAt, device: server.device },
    status: 'saved',
  };
}

/**
 * The content as this editor is making it: their draft, or the live version while they have
 * none. `change` edits a copy (the first change starts the draft); `discard` drops it here and
 * on the server; `replace` sets the whole draft (a merge the editor settled).
 */
export function useContentDraft(staffId: string, live: LiveContent, opened: OpenedDraft) {
  // What the server says when the page (re)loads is taken once per load.
  useEffect(() => {
    const next = opening(staffId, live, opened);
    if (next !== state) set(next);
    if (next && next.status !== 'saved') scheduleSave();
  }, [staffId, live, opened]);
  const draft = useSyncExternalStore(subscribe, () => stateShown(staffId));

  const change = useCallback(
    (edit: (document: SiteContent) => void, { typed = false }: { typed?: boolean } = {}) => {
      lastTyped = typed;
      const current = state?.staffId === staffId ? state : undefined;
      const next = produce(current?.document ?? live.document, edit);
      set(
        current
          ? { ...current, document: next, status: 'unsaved' }
          : {
              staffId,
              basedOn: live.version,
              base: live.document,
              document: next,
              revision: 0,
              status: 'unsaved',
            },
      );
      scheduleSave();
    },
    [staffId, live],
  );

  /** Sets parts of the draft: a merge the editor settled (its content changes: it is saved), or what is said of it. */
  const replace = useCallback((next: Partial<Pick<ContentDraft, 'basedOn' | 'base' | 'document' | 'carried'>>) => {
    if (!state) return;
    const content = next.document !== undefined || next.basedOn !== undefined;
    set({ ...state, ...next, status: content ? 'unsaved' : state.status });
    if (content) scheduleSave();
  }, []);

  /** The version the draft was made from, from the server (a draft saved on another device, made from a version this page never had). */
  const knowBase = useCallback(async () => {
    const from = state?.basedOn;
    const reply = await openedDraft().catch(() => undefined);
    if (reply?.base && state && state.basedOn === from && reply.draft?.basedOn === from)
      set({ ...state, base: reply.base });
  }, []);

  const discard = useCallback(async () => {
    clearTimeout(timer);
    await sending;
    settledAt = performance.now();
    set(undefined);
    keepInTab(undefined, staffId);
    await api('DELETE /content/draft').catch(() => {});
  }, [staffId]);

  /**
   * Sends what the server does not have yet and waits for it: the draft as the server has it, at
   * its revision (publishing names that revision, so the server drops the draft it publishes).
   */
  const flush = useCallback(async (): Promise<ContentDraft | undefined> => {
    clearTimeout(timer);
    await save();
    return state?.staffId === staffId ? state : undefined;
  }, [staffId]);

  /** Published: the draft is gone here, and on the server up to the save it was published from. */
  const published = useCallback(() => {
    clearTimeout(timer);
    settledAt = performance.now();
    set(undefined);
    keepInTab(undefined, staffId);
  }, [staffId]);

  // Changes the server does not have yet: the browser asks before the tab closes, and they are sent when it is online again.
  const unsent = draft !== undefined && draft.status !== 'saved';
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const online = () => scheduleSave(0);
    window.addEventListener('beforeunload', warn);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('online', online);
    };
  }, [unsent]);

  /** The draft as the fields read it, one value each (fields.tsx). */
  const store = useMemo<EditingStore>(
    () => ({
      get: () => (state?.staffId === staffId ? state.document : undefined) ?? live.document,
      subscribe,
      change,
      typed: () => lastTyped,
    }),
    [staffId, live, change],
  );

  return { draft, store, change, replace, discard, flush, published, knowBase };
}
