/**
 * What the enquiry page saves, through its route action (save.ts): the work on the form, a note
 * on its own, a call and its undo, a message opened. Each says how it went, for the page to say.
 */
import type { z } from 'zod';
import type { CallOutcomeKey } from '../../../../shared/call-outcomes';
import type { enquiryChangeSchema } from '../../../../shared/schema/desk';
import { api, ApiError } from '../../lib/api';
import { saveAction } from '../../lib/save';

/** The work on the form saved together (from the version it was made from), or a note on its own. */
export type Work =
  | {
      save: z.input<typeof enquiryChangeSchema>;
    }
  /** noteId, id: the desk's own (newRequestId), the same when the same thing is sent again: stored once. */
  | { addNote: string; noteId: string }
  | { call: { version: number; outcome: CallOutcomeKey; reason?: string; next?: string; id: string } }
  /** The member's last call on it, within its undo window (shared/call-outcomes.ts UNDO_SECONDS). */
  | { undoCall: true }
  | { message: string };
/**
 * Stored; or someone else changed the enquiry first (409); or the family asked again, and its
 * newest enquiry is its record now (409 naming it); or the session has ended (the desk goes to
 * sign-in); or why not.
 */
export type Outcome =
  /** repeated: stored already, the first time it was sent (its answer was lost): nothing changed now. */
  | { done: true; why?: string; repeated?: true }
  | { conflict: true }
  | { moved: string; error: string }
  | { signedOut: true }
  /**
   * `offline`: no answer came (no connection, or none within the ceiling). The server may or may not
   * have it: sent again with the same id, it is stored once.
   */
  | { error: string; offline?: true };

export const action = saveAction<Work, Outcome>(async (work, { params }) => {
  const id = params.id ?? '';
  try {
    if ('addNote' in work)
      await api('POST /enquiries/:id/notes', { params: { id: id }, body: { body: work.addNote, id: work.noteId } });
    else if ('call' in work) {
      const answer = await api('POST /enquiries/:id/calls', { params: { id: id }, body: work.call });
      return { done: true, why: answer.why, ...(answer.repeated ? { repeated: answer.repeated } : {}) };
    } else if ('undoCall' in work) {
      const answer = await api('POST /enquiries/:id/calls/undo', { params: { id: id } });
      return { done: true, why: answer.why };
    } else if ('message' in work)
      await api('POST /enquiries/:id/messages', { params: { id: id }, body: { template: work.message } });
    else await api('PATCH /enquiries/:id', { params: { id: id }, body: work.save });
    return { done: true };
  } catch (caught) {
    if (caught instanceof ApiError && caught.status === 401) return { signedOut: true };
    if (caught instanceof ApiError && caught.status === 409 && typeof caught.body.record === 'string')
      return { moved: caught.body.record, error: caught.message };
    if (caught instanceof ApiError && caught.status === 409 && ('save' in work || 'call' in work))
      return { conflict: true };
    if (caught instanceof ApiError) return { error: caught.message };
    return {
      error: 'addNote' in work ? 'Could not add the note.' : 'Could not save. Check the connection and try again.',
      offline: true,
    };
  }
});
