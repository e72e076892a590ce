/**
 * Unsaved work on an enquiry (the fields changed and the note typed), kept in this tab's
 * sessionStorage as it is typed: a reload, or signing in again after the session ended,
 * brings it back. One draft per enquiry and member of staff; gone when saved or dropped,
 * and with the tab.
 */
import type { EnquiryStatus } from '../../../shared/schema/desk-vocabulary';

export type WorkFields = { status?: EnquiryStatus; reason?: string; nextFollowUp?: string; assigneeId?: string | null };
export type Draft = {
  staffId: string;
  /** The enquiry's version the changes were made from (a save from it gets 409 if someone changed it since). */
  version: number;
  fields: WorkFields;
  note: string;
  /** The id the note was last sent with, its answer lost: sent again after a reload, it is stored once. */
  noteId?: string;
};

const key = (enquiryId: string) => `desk-draft:${enquiryId}`;

export function readDraft(enquiryId: string, staffId: string): Draft | undefined {
  try {
    const draft = JSON.parse(sessionStorage.getItem(key(enquiryId)) ?? 'null') as Partial<Draft> | null;
    if (
      !draft ||
      draft.staffId !== staffId ||
      typeof draft.version !== 'number' ||
      typeof draft.note !== 'string' ||
      typeof draft.fields !== 'object' ||
      draft.fields === null
    )
      return undefined;
    return { ...(draft as Draft), noteId: typeof draft.noteId === 'string' ? draft.noteId : undefined };
  } catch {
    return undefined;
  }
}

export function writeDraft(enquiryId: string, draft: Draft) {
  try {
    sessionStorage.setItem(key(enquiryId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the leave warnings still stand guard.
  }
}

export function clearDraft(enquiryId: string) {
  try {
    sessionStorage.removeItem(key(enquiryId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
