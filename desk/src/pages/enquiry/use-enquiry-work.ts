/**
 * The work on one enquiry's form (status, reason, next call, assignee and the note typed under
 * it) and what keeps it safe: the version it was made from, so a save from an older one gets 409
 * rather than overwriting someone else's change; the conflict when it does; this tab's draft of
 * what is not saved yet (drafts.ts), brought back when the page opens again; and what the form
 * shows when the loader answers again after a save, a call or someone else's change.
 */
import { App, Form } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { statusNeedsReason } from '../../../../shared/schema/desk-vocabulary';
import { RequestId } from '../../lib/request-id';
import { clearDraft, readDraft, type WorkFields, writeDraft } from '../../lib/drafts';
import { useSave } from '../../lib/save';
import type { Outcome, Work } from './action';
import { changedWork, storedWork, type WorkForm, workFieldNames } from './work-form';
import type { EnquiryDetail } from '../../../../shared/schema/replies/enquiries';

type Detail = EnquiryDetail;

/**
 * `data`: the loader's answer for enquiry `id`, as the page has it now (a new object each time
 * the loader answers); `staffId`: whose draft this tab keeps.
 */
export function useEnquiryWork({ id, staffId, data }: { id: string; staffId: string; data: Detail }) {
  const { message } = App.useApp();
  /**
   * The enquiry as the page shows it, which the work on the form is made from: the one
   * opened, then the one stored by a save (or someone else's, after a conflict). Adding a
   * note brings the latest notes and history only (`data`), never the enquiry under the form.
   */
  const [held, setHeld] = useState(data.enquiry);
  const enquiry = held.id === data.enquiry.id ? held : data.enquiry;
  const [conflict, setConflict] = useState<string>();
  /** What of a draft was brought back when the page opened (shown until saved). */
  const [restored, setRestored] = useState<string[]>();
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState('');
  const [form] = Form.useForm<WorkForm>();
  const status = Form.useWatch('status', form);
  const send = useSave<Work, Outcome>();
  // Read by the leave warnings and the draft at the moment they are needed.
  const showing = useRef<Detail['enquiry'] | undefined>(undefined);
  const typed = useRef('');
  useLayoutEffect(() => {
    showing.current = enquiry;
    typed.current = note;
  }, [enquiry, note]);
  /** The version the work on the form was made from: a save from it gets 409 if someone changed the enquiry since. */
  const baseVersion = useRef(0);
  /** The note's id: sent again unchanged (its answer did not come), the server stores it once. */
  const noteRequest = useRef(new RequestId());

  const unsaved = useCallback(() => {
    if (!showing.current) return { fields: {}, note: '', any: false };
    const fields = changedWork(form.getFieldsValue(true), storedWork(showing.current));
    return { fields, note: typed.current, any: Object.keys(fields).length > 0 || typed.current.trim() !== '' };
  }, [form]);

  /** Keeps (or drops) this tab's draft of the work on this enquiry. */
  const keepDraft = useCallback(() => {
    const work = unsaved();
    if (!showing.current) return;
    // The note's request id goes with it while it is the note last sent (noteRequest).
    const noteId = noteRequest.current.of(work.note.trim());
    if (work.any)
      writeDraft(id, {
        staffId,
        version: baseVersion.current,
        fields: work.fields,
        note: work.note,
        ...(noteId ? { noteId } : {}),
      });
    else clearDraft(id);
  }, [id, staffId, unsaved]);

  /** The note as typed, kept in the draft with the form. */
  const typeNote = (typing: string) => {
    setNote(typing);
    typed.current = typing;
    keepDraft();
  };

  /** An enquiry opened: what the server stored, with this tab's draft of unsaved work on it. */
  const open = useCallback(
    (opened: Detail) => {
      const draft = readDraft(id, staffId);
      const draftFields = draft?.fields ?? {};
      const draftChangesFields = Object.keys(draftFields).length > 0;
      // A draft of changed fields keeps the version it was made from; a note alone never conflicts.
      baseVersion.current = draftChangesFields && draft ? draft.version : opened.enquiry.version;
      showing.current = opened.enquiry;
      setHeld(opened.enquiry);
      form.setFieldsValue({ ...storedWork(opened.enquiry), ...draftFields });
      setNote(draft?.note ?? '');
      typed.current = draft?.note ?? '';
      noteRequest.current = new RequestId(draft?.noteId ? { sent: draft.note.trim(), id: draft.noteId } : undefined);
      const parts = [
        ...Object.keys(changedWork(form.getFieldsValue(true), storedWork(opened.enquiry))).map(
          (name) => workFieldNames[name as keyof WorkFields],
        ),
        ...(draft?.note.trim() ? ['Note'] : []),
      ];
      setRestored(parts.length > 0 ? parts : undefined);
      if (parts.length === 0) clearDraft(id);
    },
    [id, staffId, form],
  );

  /**
   * The loader's answers: a new enquiry opened (its id in the URL changed), or the same
   * one again after a save, a note or a conflict (revalidation). A save's handler says
   * what to do with the answer after its own (`afterReload`); anything else keeps the
   * form, and the enquiry under it, as they are.
   */
  const loaded = useRef(data);
  const opened = useRef<string | undefined>(undefined);
  const onReload = useRef<((latest: Detail) => void) | undefined>(undefined);
  useLayoutEffect(() => {
    const fresh = data !== loaded.current;
    loaded.current = data;
    if (opened.current !== id) {
      opened.current = id;
      onReload.current = undefined;
      open(data);
      return;
    }
    if (!fresh) return;
    const then = onReload.current;
    onReload.current = undefined;
    then?.(data);
  }, [id, data, open]);

  /**
   * Runs `then` with the loader's answer after `before`, once the page has it: a save's
   * outcome comes when the router has the new data, which React may show a moment later.
   */
  const afterReload = (before: Detail, then: (latest: Detail) => void, { changed = false } = {}) => {
    const sameEnquiry = (latest: Detail) => {
      if (latest.enquiry.id !== before.enquiry.id) return;
      // A call recorded always makes a new version (a save of a note alone does not): an answer
      // without it is another request's (a message opened just before, answered while the call
      // was out), so wait for the next one rather than show the enquiry without the call.
      if (changed && latest.enquiry.version <= before.enquiry.version) {
        onReload.current = sameEnquiry;
        return;
      }
      then(latest);
    };
    if (loaded.current !== before) sameEnquiry(loaded.current);
    else onReload.current = sameEnquiry;
  };

  /**
   * After someone else's change or a call recorded: the page shows what the server has now,
   * with what was typed here (`mine`) over it, still a draft.
   */
  const showKeepingMine = (latest: Detail, mine: Partial<WorkFields>) => {
    showing.current = latest.enquiry;
    baseVersion.current = latest.enquiry.version;
    setHeld(latest.enquiry);
    form.setFieldsValue({ ...storedWork(latest.enquiry), ...mine });
    keepDraft();
  };

  /** After a save: the page shows what the server stored, and nothing is left unsaved. */
  const showStored = (latest: Detail) => {
    showing.current = latest.enquiry;
    baseVersion.current = latest.enquiry.version;
    setHeld(latest.enquiry);
    form.setFieldsValue(storedWork(latest.enquiry));
    setNote('');
    typed.current = '';
    noteRequest.current.forget();
    setRestored(undefined);
    setConflict(undefined);
    clearDraft(id);
  };

  const save = async (values: WorkForm) => {
    if (!unsaved().any) {
      message.info('Nothing to save: nothing has changed.');
      return;
    }
    setSaving(true);
    setConflict(undefined);
    const before = loaded.current;
    const outcome = await send({
      save: {
        version: baseVersion.current,
        status: values.status,
        reason: statusNeedsReason(values.status) ? values.reason : undefined,
        nextFollowUp: values.nextFollowUp || null,
        assigneeId: values.assigneeId ?? null,
        note: note.trim() || undefined,
        noteId: note.trim() ? noteRequest.current.for(note.trim()) : undefined,
      },
    });
    setSaving(false);
    if (outcome && 'done' in outcome) {
      afterReload(before, (latest) => {
        showStored(latest);
        message.success('Saved.');
      });
    } else if (outcome && 'conflict' in outcome) {
      // Someone else's change came first: show it, and keep everything typed here (the
      // fields changed here over theirs; the fields not touched here show their values).
      const mine = unsaved().fields;
      const sentNote = note.trim();
      afterReload(before, (latest) => {
        // The enquiry already holds every field as sent here, and no note was sent: the same save
        // arrived before and its answer was lost (or someone made this very change). Saved.
        const stored = storedWork(latest.enquiry);
        if (!sentNote && Object.keys(changedWork({ ...stored, ...mine }, stored)).length === 0) {
          showStored(latest);
          message.success('Saved.');
          return;
        }
        showKeepingMine(latest, mine);
        setConflict(
          'Someone else changed this enquiry while you were working on it, so nothing of yours was saved. ' +
            'Their change is at the top of the page and in History; what you typed is still here. ' +
            'Check it and press Save changes again.',
        );
      });
    } else if (outcome && 'moved' in outcome) {
      // Nothing was saved; what was typed stays, and the record is one tap away.
      keepDraft();
      setConflict(outcome.error);
    } else if (!(outcome && 'signedOut' in outcome)) {
      message.error(outcome?.error ?? 'Could not save. Check the connection and try again.');
      keepDraft();
    }
  };

  /** A note on its own: the work form keeps whatever is on it, saved or not (the page gets the new notes and history only). */
  const addNote = async () => {
    const outcome = await send({ addNote: note, noteId: noteRequest.current.for(note.trim()) });
    if (outcome && 'signedOut' in outcome) return;
    if (!outcome || 'error' in outcome) {
      message.error(outcome?.error ?? 'Could not add the note.');
      keepDraft();
      return;
    }
    setNote('');
    typed.current = '';
    noteRequest.current.forget();
    keepDraft();
  };

  /**
   * After a change made here outside the work form (a call, its undo, a decision on the
   * family), sent when the page had `before`: once the loader has answered again, the page
   * shows the enquiry as it is now, with what is typed here kept over it; then `then`.
   * `changed`: the change always makes a new version (a call), so an answer without one is
   * not yet its.
   */
  const showKeepingWork = (before: Detail, then?: () => void, { changed = false } = {}) => {
    const mine = unsaved().fields;
    afterReload(
      before,
      (latest) => {
        showKeepingMine(latest, mine);
        then?.();
      },
      { changed },
    );
  };

  /** After a change sent when the page had `before` was refused: the enquiry as the server has it, the form left as it is. */
  const showLatest = (before: Detail) =>
    afterReload(before, (latest) => {
      showing.current = latest.enquiry;
      setHeld(latest.enquiry);
    });

  /** Leaving without saving: this tab's draft goes. */
  const dropDraft = useCallback(() => clearDraft(id), [id]);

  const revalidator = useRevalidator();
  /** The enquiry loaded again after a change made here outside the work form: what is typed there stays. */
  const reloadKeepingWork = () => {
    showKeepingWork(data);
    void revalidator.revalidate();
  };

  return {
    /** The enquiry the work on the form is made from. */
    enquiry,
    form,
    /** The status chosen on the form. */
    status,
    note,
    typeNote,
    conflict,
    /** Says why nothing was saved (another request's answer: the family's record has moved). */
    setConflict,
    restored,
    saving,
    /** What is on the form and the note that the server does not have, asked at the moment it is needed. */
    unsaved,
    keepDraft,
    dropDraft,
    save,
    addNote,
    /** The loader's answer the page has now: the `before` of a change about to be sent. */
    current: () => loaded.current,
    showKeepingWork,
    showLatest,
    reloadKeepingWork,
  };
}
