/**
 * One enquiry: every field (the parent's details and the consent record included), the
 * work on it (status, reason, follow-up, assignee and a note, saved together by "Save
 * changes" from the version shown, so two people never silently overwrite each other),
 * notes, and its history. Nothing typed is lost without a word: unsaved work is kept as
 * a draft in the tab (drafts.ts) and comes back after a reload or signing in again, and
 * leaving the page with it asks first.
 */
import { Alert, App, Button, Col, Descriptions, Flex, Form, Input, List, Row, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useParams, useRevalidator } from 'react-router';
import {
  attributionFieldNames,
  attributionFields,
  attributionOfRow,
  describeSource,
} from '../../../../shared/schema/attribution';
import { deskFieldNames, enquiryDescription, type Shown, shownAs } from '../../../../shared/schema/enquiry-fields';
import {
  deskLabels,
  enquiryStatuses,
  intakeChannels,
  MAX_NOTE_LENGTH,
  statusLabel,
  statusNeedsReason,
} from '../../../../shared/schema/desk-vocabulary';
import { api, ApiError, type EnquiryDetail, type FamilyRegistrationsReply, type MessagesReply } from '../../api';
import { FamilySeats } from '../family-seats';
import { callOutcomes, type CallOutcomeKey, UNDO_SECONDS } from '../../../../shared/call-outcomes';
import { formatInstituteTime, INSTITUTE_TIME } from '../../../../shared/institute-calendar';
import { instituteHours } from '../../../../shared/institute';
import { localInput } from '../../../../shared/next-call';
import { NextCallInput } from '../../next-call-input';
import { inboxSearch, nextLead } from '../../lead-queue';
import { LeaveGuard } from '../../leave-guard';
import { type CallExtra, CallPanel } from '../call-panel';
import { clearDraft, readDraft, type WorkFields, writeDraft } from '../../drafts';
import { formatPhone, labelOf, when } from '../../format';
import { searchByName, useOptions } from '../../options';
import { StatusTag } from '../status-tag';
import { PageHeading } from '../../page-heading';
import { deskPages, deskPath } from '../../../../shared/desk-pages';
import { Panel } from '../../panel';
import { saveAction, useSave } from '../../save';
import { currentStaff, useSession } from '../../session';

type Detail = EnquiryDetail;

/** `nextFollowUp` as the date-and-time input gives it: YYYY-MM-DDTHH:MM (India time), or empty. */
type WorkForm = { status: string; reason?: string; nextFollowUp?: string; assigneeId?: string | null };

const fieldNames: Record<string, string> = {
  status: deskLabels.status,
  status_reason: deskLabels.reason,
  assignee_id: deskLabels.assignee,
  next_follow_up: deskLabels.nextFollowUp,
};

/** The work form as the server stored it. */
const storedWork = (enquiry: Detail['enquiry']): WorkForm => ({
  status: enquiry.status,
  reason: enquiry.status_reason ?? undefined,
  // A day stored without a time (before the next call had one) shows at the desk's opening.
  nextFollowUp: enquiry.next_follow_up_at
    ? localInput(new Date(enquiry.next_follow_up_at))
    : enquiry.next_follow_up
      ? `${enquiry.next_follow_up}T${instituteHours.opens}`
      : '',
  assigneeId: enquiry.assignee_id,
});

/** The fields of the form that differ from what the server stored (the reason only where the status asks for one). */
function changedWork(values: Partial<WorkForm>, stored: WorkForm): WorkFields {
  const changed: WorkFields = {};
  const status = values.status ?? stored.status;
  if (status !== stored.status) changed.status = status;
  if (statusNeedsReason(status) && (values.reason ?? '') !== (stored.reason ?? '')) changed.reason = values.reason;
  if ((values.nextFollowUp ?? '') !== (stored.nextFollowUp ?? '')) changed.nextFollowUp = values.nextFollowUp ?? '';
  if ((values.assigneeId ?? null) !== (stored.assigneeId ?? null)) changed.assigneeId = values.assigneeId ?? null;
  return changed;
}

const workFieldNames: Record<keyof WorkFields, string> = {
  status: deskLabels.status,
  reason: deskLabels.reason,
  nextFollowUp: deskLabels.nextFollowUp,
  assigneeId: deskLabels.assignee,
};

/**
 * The enquiry with its notes and history, and its messages filled in for the family (without
 * them the page still works); one that cannot load (gone, or no connection) shows why.
 */
export const loader = async ({ params }: LoaderFunctionArgs): Promise<Loaded> => {
  const id = params.id ?? '';
  try {
    const [detail, messages, seats] = await Promise.all([
      api<Detail>(`/enquiries/${id}`),
      api<MessagesReply>(`/enquiries/${id}/messages`).catch(() => undefined),
      api<FamilyRegistrationsReply>(`/enquiries/${id}/registrations`).catch(() => undefined),
    ]);
    const loaded: Loaded = { ...detail, messages, seats, loadedAt: new Date().toISOString(), offline: false };
    lastLoaded = { id, staffId: (await currentStaff())?.id, loaded };
    return loaded;
  } catch (caught) {
    // The connection dropped (a call recorded, a new lead's reload): the page stays as it was, and says so.
    if (caught instanceof ApiError || lastLoaded?.id !== id || lastLoaded.staffId !== (await currentStaff())?.id)
      throw caught;
    return { ...lastLoaded.loaded, offline: true };
  }
};
type Loaded = Detail & {
  messages: MessagesReply | undefined;
  seats: FamilyRegistrationsReply | undefined;
  loadedAt: string;
  offline: boolean;
};
/** The enquiry last loaded (and for whom), shown again to them when loading it again finds no connection. */
let lastLoaded: { id: string; staffId: string | undefined; loaded: Loaded } | undefined;
export { PageError as ErrorBoundary } from '../../page-error';

/** The work on the form saved together (from the version it was made from), or a note on its own. */
type Work =
  | {
      save: {
        version: number;
        status: string;
        reason?: string;
        nextFollowUp: string | null;
        assigneeId: string | null;
        note?: string;
      };
    }
  | { addNote: string }
  | { call: { version: number; outcome: CallOutcomeKey; reason?: string; next?: string } }
  /** The member's last call on it, within its undo window (shared/call-outcomes.ts UNDO_SECONDS). */
  | { undoCall: true }
  | { message: string };
/**
 * Stored; or someone else changed the enquiry first (409); or the family asked again, and its
 * newest enquiry is its record now (409 naming it); or the session has ended (the desk goes to
 * sign-in); or why not.
 */
type Outcome =
  | { done: true; why?: string }
  | { conflict: true }
  | { moved: string; error: string }
  | { signedOut: true }
  /** `offline`: the server was not reached (nothing was stored). */
  | { error: string; offline?: true };

export const action = saveAction<Work, Outcome>(async (work, { params }) => {
  const id = params.id ?? '';
  try {
    if ('addNote' in work) await api(`/enquiries/${id}/notes`, { method: 'POST', body: { body: work.addNote } });
    else if ('call' in work) {
      const answer = await api<{ why?: string }>(`/enquiries/${id}/calls`, { method: 'POST', body: work.call });
      return { done: true, why: answer.why };
    } else if ('undoCall' in work) {
      const answer = await api<{ why?: string }>(`/enquiries/${id}/calls/undo`, { method: 'POST' });
      return { done: true, why: answer.why };
    } else if ('message' in work)
      await api(`/enquiries/${id}/messages`, { method: 'POST', body: { template: work.message } });
    else await api(`/enquiries/${id}`, { method: 'PATCH', body: work.save });
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

export default function Enquiry() {
  const { id = '' } = useParams();
  const data = useLoaderData<typeof loader>();
  const options = useOptions();
  const { staff } = useSession();
  const staffId = staff?.id ?? '';
  const { message, modal } = App.useApp();
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

  const unsaved = useCallback(() => {
    if (!showing.current) return { fields: {}, note: '', any: false };
    const fields = changedWork(form.getFieldsValue(true), storedWork(showing.current));
    return { fields, note: typed.current, any: Object.keys(fields).length > 0 || typed.current.trim() !== '' };
  }, [form]);

  /** Keeps (or drops) this tab's draft of the work on this enquiry. */
  const keepDraft = useCallback(() => {
    const work = unsaved();
    if (!showing.current) return;
    if (work.any) writeDraft(id, { staffId, version: baseVersion.current, fields: work.fields, note: work.note });
    else clearDraft(id);
  }, [id, staffId, unsaved]);

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
      afterReload(before, (latest) => {
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
    }
  };

  /** A note on its own: the work form keeps whatever is on it, saved or not (the page gets the new notes and history only). */
  const addNote = async () => {
    const outcome = await send({ addNote: note });
    if (outcome && 'signedOut' in outcome) return;
    if (!outcome || 'error' in outcome) {
      message.error(outcome?.error ?? 'Could not add the note.');
      return;
    }
    setNote('');
    typed.current = '';
    keepDraft();
  };

  const [calling, setCalling] = useState(false);
  const [said, setSaid] = useState<string>();
  /** When the last call recorded here may no longer be undone (ms since the epoch). */
  const [undoUntil, setUndoUntil] = useState<number>();
  /** The enquiry as a call (or its undo) left it, what is typed here kept over it; then `say` what happened. */
  const showAfterCall = (before: typeof loaded.current, say: () => void) => {
    const mine = unsaved().fields;
    afterReload(
      before,
      (latest) => {
        showKeepingMine(latest, mine);
        say();
      },
      { changed: true },
    );
  };
  /** A call recorded with no connection: kept on this page, and sent when the connection returns. */
  const [waiting, setWaiting] = useState<{ version: number; outcome: CallOutcomeKey; extra: CallExtra }>();
  /**
   * A call and what it came to, on the enquiry as shown (or, for a call kept while the connection
   * was down, as it was then). What is typed in the work form and the note stays (over what the
   * call changed); the form is then made from the new version.
   */
  const recordCall = async (outcome: CallOutcomeKey, extra: CallExtra = {}, version = enquiry.version) => {
    setCalling(true);
    setSaid(undefined);
    const before = loaded.current;
    const sent = await send({ call: { version, outcome, ...extra } });
    setCalling(false);
    if (sent && 'offline' in sent) {
      setWaiting({ version, outcome, extra });
      return true;
    }
    setWaiting(undefined);
    if (sent && 'done' in sent) {
      const label = callOutcomes.find((each) => each.key === outcome)?.label ?? outcome;
      showAfterCall(before, () => {
        setSaid(`${label}: recorded. ${sent.why ?? ''}`.trim());
        setUndoUntil(Date.now() + UNDO_SECONDS * 1000);
      });
      return true;
    }
    if (sent && 'conflict' in sent) {
      message.warning('Someone else changed this enquiry just now: it is shown as it is. Record the call again.');
      afterReload(before, (latest) => {
        showing.current = latest.enquiry;
        setHeld(latest.enquiry);
      });
    } else if (sent && 'moved' in sent) setConflict(sent.error);
    else if (!(sent && 'signedOut' in sent)) message.error(sent?.error ?? 'Could not record the call. Try again.');
    return false;
  };
  const sendWaiting = () => {
    if (waiting) void recordCall(waiting.outcome, waiting.extra, waiting.version);
  };
  const sendWaitingNow = useEffectEvent(sendWaiting);
  // Sent again as soon as the browser is back online, and every 15 s meanwhile (a signal that
  // returns without the browser noticing).
  useEffect(() => {
    if (!waiting) return;
    const send = () => sendWaitingNow();
    window.addEventListener('online', send);
    const timer = setInterval(send, 15_000);
    return () => {
      window.removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [waiting]);
  /** A slip of the thumb: the call just recorded, put back (the server refuses once its window has passed). */
  const undoCall = async () => {
    setCalling(true);
    setUndoUntil(undefined);
    const before = loaded.current;
    const sent = await send({ undoCall: true });
    setCalling(false);
    if (sent && 'done' in sent) showAfterCall(before, () => setSaid(sent.why));
    else if (!(sent && 'signedOut' in sent)) {
      setSaid(undefined);
      message.error(sent && 'error' in sent ? sent.error : 'Could not undo the call. Check the connection.');
    }
  };
  /** The message opened (WhatsApp or SMS): recorded in the family's history; the link opens whatever happens here. */
  const recordMessage = (template: string) => {
    void send({ message: template });
  };
  const next = nextLead(enquiry.id);
  const navigate = useNavigate();
  /** Another family (by one of its numbers) joins this record's; the record may be theirs (the newer). */
  const merge = async (phone: string) => {
    try {
      const answer = await api<{ record: string }>(`/enquiries/${enquiry.id}/merge`, {
        method: 'POST',
        body: { phone },
      });
      message.success('Merged: one family now.');
      navigate(deskPath('enquiry', { id: answer.record }));
    } catch (caught) {
      message.error(
        caught instanceof ApiError ? caught.message : 'Could not merge. Check the connection and try again.',
      );
    }
  };

  const revalidator = useRevalidator();
  /** The enquiry loaded again after a change made here outside the work form: what is typed there stays. */
  /** The server's reason a change was refused, or the connection's. */
  const saidWhyNot = (caught: unknown) =>
    message.error(caught instanceof ApiError ? caught.message : 'Could not save. Check the connection and try again.');
  const reloadKeepingWork = () => {
    const mine = unsaved().fields;
    afterReload(data, (latest) => showKeepingMine(latest, mine));
    void revalidator.revalidate();
  };
  /**
   * An unproved enquiry kept beside the family's record (issue 38): made the record once someone
   * has spoken to the family, or kept apart. The desk opens whichever is the record then.
   */
  const settleRepeat = async (decision: 'confirm' | 'apart') => {
    try {
      const answer = await api<{ record: string }>(`/enquiries/${enquiry.id}/repeat`, {
        method: 'POST',
        body: { decision },
      });
      message.success(decision === 'confirm' ? "Confirmed: it is the family's record now." : 'Kept apart.');
      if (answer.record === enquiry.id) reloadKeepingWork();
      else navigate(deskPath('enquiry', { id: answer.record }));
    } catch (caught) {
      saidWhyNot(caught);
      reloadKeepingWork();
    }
  };
  /** The family's number (a child's parent's) confirmed on a call: kept with when, and who in History. */
  const confirmNumber = async () => {
    try {
      await api(`/enquiries/${enquiry.id}/number-confirmed`, { method: 'POST' });
      message.success('Saved: the number is confirmed.');
      reloadKeepingWork();
    } catch (caught) {
      saidWhyNot(caught);
    }
  };

  const shown = (column: keyof Detail['enquiry'], kind: Shown) => {
    const value = enquiry[column];
    if (value === null || value === undefined || value === '') return '—';
    if (kind === 'flag') return value ? 'Yes' : 'No';
    // The number as text: its call and WhatsApp links are at the top (the call panel), once.
    if (kind === 'phone') return formatPhone(String(value));
    if (column === 'course') return labelOf(options?.courses, String(value));
    if (column === 'class_level') return labelOf(options?.classLevels, String(value));
    if (column === 'enquirer') return labelOf(options?.enquirers, String(value));
    if (column === 'language') return labelOf(options?.languages, String(value));
    return String(value);
  };
  /** When this is history: the family's record (its newest enquiry). */
  const record = enquiry.superseded_at ? data.family.enquiries.find((each) => each.superseded_at === null) : undefined;
  /** The family's other questions, about other courses (one not proved, or kept apart, is not known to be theirs). */
  const alsoAsked = data.family.enquiries.filter(
    (other) =>
      other.course !== enquiry.course && other.repeat_check !== 'pending' && other.repeat_check !== 'kept-apart',
  );
  const fields = deskFieldNames.map((name) => {
    const field = enquiryDescription[name];
    return { key: field.column, label: field.label, children: shown(field.column, shownAs(field)) };
  });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {/* Leaving with unsaved work: the browser asks before a reload, the desk before another page
          (not when the session has ended: the draft is kept, and signing in comes back here). */}
      <LeaveGuard
        unsaved={() => unsaved().any || waiting !== undefined}
        stay="Stay on this enquiry"
        onLeave={() => clearDraft(id)}
      >
        What you changed, typed or recorded on this enquiry is not saved yet. To keep it, stay: a call is sent when the
        connection returns; the rest with Save changes.
      </LeaveGuard>
      <Flex wrap justify="space-between" gap="small">
        {/* Back to the list as it was: its filters, search and page. */}
        <Link className="desk-target" to={`${deskPages.inbox.path}${inboxSearch()}`}>
          ← All enquiries
        </Link>
        {next && (
          <Link className="desk-target" to={deskPath('enquiry', { id: next.id })}>
            Next lead ({next.label}) →
          </Link>
        )}
      </Flex>
      <Space wrap align="center">
        <PageHeading key={enquiry.id}>{enquiry.student_name}</PageHeading>
        <StatusTag status={enquiry.status} />
      </Space>
      {/* What else the family asked about, before the call starts (the review's M10: it was two
          screens down, under the work form). */}
      {alsoAsked.length > 0 && (
        <Typography.Text>
          Also asked:{' '}
          {alsoAsked.map((other, index) => (
            <span key={other.id}>
              {index > 0 && '; '}
              <Link className="desk-target" to={deskPath('enquiry', { id: other.id })}>
                {labelOf(options?.courses, other.course)}, {when(other.created_at)} (
                {describeSource(attributionOfRow(other))})
              </Link>
            </span>
          ))}
        </Typography.Text>
      )}
      {enquiry.repeat_check === 'pending' && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title="Sent on a number we know, without its code"
          description={
            <Space direction="vertical">
              <Typography.Text>
                Whoever sent this did not prove the number, so it changes nothing of the family&apos;s record
                {record ? (
                  <>
                    {' '}
                    (<Link to={deskPath('enquiry', { id: record.id })}>open their record</Link>)
                  </>
                ) : null}
                . Call the number: if it is the family, make this their record; if not, keep it apart.
              </Typography.Text>
              <Space wrap>
                <Button onClick={() => void settleRepeat('confirm')}>It is this family: make it their record</Button>
                <Button onClick={() => void settleRepeat('apart')}>Not this family: keep it apart</Button>
              </Space>
            </Space>
          }
        />
      )}
      {enquiry.repeat_check === 'kept-apart' && (
        <Alert
          type="info"
          showIcon
          role="status"
          title="Kept apart: sent on this family's number without its code, and not theirs (see History)."
        />
      )}
      {record && enquiry.repeat_check === null && (
        <Alert
          type="info"
          showIcon
          role="status"
          title={
            <>
              This family asked again on {when(record.created_at)}: their newest enquiry is their record, where the work
              on them goes on. <Link to={deskPath('enquiry', { id: record.id })}>Open their record</Link>
            </>
          }
        />
      )}
      {data.offline && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={`No connection: this is the enquiry as it was at ${formatInstituteTime(data.loadedAt)}.`}
        />
      )}
      <CallPanel
        enquiry={enquiry}
        messages={data.messages}
        busy={calling}
        waiting={waiting && (callOutcomes.find((each) => each.key === waiting.outcome)?.label ?? waiting.outcome)}
        onRetry={sendWaiting}
        said={said}
        undoUntil={undoUntil}
        onUndo={undoCall}
        onCall={recordCall}
        onMessage={recordMessage}
      />
      <Row gutter={[16, 16]}>
        {/* On a phone the work comes first, the 20 rows of details after it. */}
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 14, order: 1 }}>
          <Panel title="Enquiry">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'received', label: deskLabels.received, children: when(enquiry.created_at) },
                ...fields,
                {
                  key: 'consent_at',
                  label: deskLabels.consentGiven,
                  children: enquiry.consent_at
                    ? `${when(enquiry.consent_at)}${
                        enquiry.consent_taken_by
                          ? `, asked for by ${options?.team.find((member) => member.id === enquiry.consent_taken_by)?.name ?? 'a member of staff'} when the enquiry was taken`
                          : ''
                      }`
                    : '—',
                },
                {
                  key: 'number_proved',
                  label: enquiry.parent_phone ? "Parent's number proved" : 'Number proved',
                  children: enquiry.number_proved_at ? (
                    `${provedBy[enquiry.number_proved_by ?? 'sms']}, ${when(enquiry.number_proved_at)}`
                  ) : (
                    <Space wrap>
                      <Typography.Text>Not proved</Typography.Text>
                      <Button size="small" onClick={() => void confirmNumber()}>
                        Confirmed on a call
                      </Button>
                    </Space>
                  ),
                },
                {
                  key: 'source',
                  label: 'Sent',
                  children: enquiry.source === 'form' ? 'Without JavaScript' : 'From the form',
                },
                { key: 'came-from', label: deskLabels.cameFrom, children: describeSource(attributionOfRow(enquiry)) },
                ...attributionFieldNames.flatMap((name) => {
                  const value = enquiry[attributionFields[name].column];
                  return value ? [{ key: name, label: attributionFields[name].csv, children: String(value) }] : [];
                }),
              ]}
            />
          </Panel>
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 10, order: 2 }}>
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Panel title="Work on this enquiry">
              {conflict && <Alert type="warning" title={conflict} showIcon style={{ marginBottom: 16 }} role="alert" />}
              {restored && (
                <Alert
                  type="info"
                  showIcon
                  role="status"
                  style={{ marginBottom: 16 }}
                  title={`Restored what you had not saved here: ${restored.join(', ')}. Press Save changes to keep it.`}
                />
              )}
              <Form form={form} layout="vertical" onFinish={save} onValuesChange={keepDraft} requiredMark={false}>
                <Form.Item label="Status" name="status" rules={[{ required: true }]}>
                  <Select options={enquiryStatuses.map(({ value, label }) => ({ value, label }))} />
                </Form.Item>
                {status && statusNeedsReason(status) && (
                  <Form.Item label={deskLabels.reason} name="reason" rules={[{ required: true, whitespace: true }]}>
                    <Input maxLength={500} />
                  </Form.Item>
                )}
                <Form.Item label={`${deskLabels.nextFollowUp} (${INSTITUTE_TIME})`} name="nextFollowUp">
                  <NextCallInput />
                </Form.Item>
                <Form.Item label={deskLabels.assignee} name="assigneeId">
                  <Select
                    allowClear
                    placeholder="Nobody"
                    showSearch={searchByName}
                    options={options?.team.map((member) => ({ value: member.id, label: member.name }))}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Save changes
                </Button>
              </Form>
            </Panel>
            <Panel title={deskLabels.notes}>
              <Form layout="vertical" onFinish={addNote}>
                <Form.Item label="Note" htmlFor="note" help="Saved with Save changes, or on its own with Add note.">
                  <Input.TextArea
                    id="note"
                    value={note}
                    onChange={(event) => {
                      setNote(event.target.value);
                      typed.current = event.target.value;
                      keepDraft();
                    }}
                    maxLength={MAX_NOTE_LENGTH}
                    autoSize={{ minRows: 2, maxRows: 8 }}
                  />
                </Form.Item>
                <Button htmlType="submit" disabled={!note.trim()}>
                  Add note
                </Button>
              </Form>
              <List
                style={{ marginTop: 16 }}
                dataSource={data.notes}
                locale={{ emptyText: <Typography.Text type="secondary">No notes yet.</Typography.Text> }}
                renderItem={(item) => (
                  // Not List.Item.Meta: its title is an <h4>, out of order under this card's <h2>.
                  <List.Item>
                    <Flex vertical gap={4}>
                      <Typography.Text type="secondary">
                        {item.author_name ?? 'Someone'} · {when(item.created_at)}
                      </Typography.Text>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                        {item.body}
                      </Typography.Paragraph>
                    </Flex>
                  </List.Item>
                )}
              />
            </Panel>
            {data.seats && <FamilySeats registrations={data.seats.registrations} />}
            {data.family.enquiries.length > 0 && (
              <Panel title="The family's other enquiries">
                <List
                  size="small"
                  dataSource={data.family.enquiries}
                  renderItem={(other) => (
                    <List.Item>
                      <Flex vertical gap={2}>
                        <Link className="desk-target" to={deskPath('enquiry', { id: other.id })}>
                          {when(other.created_at)}: {labelOf(options?.courses, other.course)}
                          {other.superseded_at === null
                            ? ' (their record)'
                            : other.repeat_check === 'pending'
                              ? ' (not proved: confirm it or keep it apart)'
                              : other.repeat_check === 'kept-apart'
                                ? ' (kept apart)'
                                : ''}
                        </Link>
                        <Typography.Text type="secondary">
                          {other.student_name} · {describeSource(attributionOfRow(other))}
                          {other.landing_page ? ` · ${other.landing_page}` : ''}
                        </Typography.Text>
                      </Flex>
                    </List.Item>
                  )}
                />
                {data.family.phones.length > 1 && (
                  <Typography.Text type="secondary">Numbers: {data.family.phones.join(', ')}</Typography.Text>
                )}
              </Panel>
            )}
            {!record && (
              <Panel title="Another number of this family?">
                <Form
                  layout="vertical"
                  onFinish={(values: { phone: string }) => {
                    modal.confirm({
                      title: 'Merge the two families?',
                      content: `Every enquiry from ${values.phone} becomes this family's, with the work on this one kept. This cannot be undone here.`,
                      okText: 'Merge',
                      cancelText: 'Cancel',
                      onOk: () => merge(values.phone),
                    });
                  }}
                >
                  <Form.Item
                    label="Their other mobile number"
                    name="phone"
                    rules={[{ required: true, whitespace: true }]}
                    help="A parent's and a student's numbers, say: their enquiries become one record."
                  >
                    <Input inputMode="tel" autoComplete="off" maxLength={30} />
                  </Form.Item>
                  <Button htmlType="submit">Merge into this record</Button>
                </Form>
              </Panel>
            )}
            <Panel title="History">
              <List
                size="small"
                dataSource={data.audit}
                locale={{ emptyText: <Typography.Text type="secondary">No changes yet.</Typography.Text> }}
                renderItem={(entry) => (
                  <List.Item>
                    <Typography.Text>
                      {when(entry.at)} · {entry.actor_name ?? 'System'}:{' '}
                      {entry.action === 'note-added'
                        ? 'added a note'
                        : entry.action === 'entered'
                          ? `took the enquiry at the desk (${intakeChannels.find((channel) => channel.value === entry.field)?.label ?? entry.field}), with the family's consent to be contacted`
                          : entry.action === 'came-back'
                            ? 'the family asked again'
                            : entry.action === 'asked-again'
                              ? `the form was sent again within minutes (its number not proved by it): “${entry.to_value ?? ''}”`
                              : entry.action in familyCheckWords
                                ? familyCheckWords[entry.action as keyof typeof familyCheckWords]
                                : entry.action === 'call'
                                  ? `called: ${callOutcomes.find((each) => each.key === entry.field)?.label ?? entry.field}${entry.to_value ? `; next call ${formatInstituteTime(entry.to_value)}` : ''}`
                                  : entry.action === 'call-undone'
                                    ? `undid the call just recorded (${callOutcomes.find((each) => each.key === entry.field)?.label ?? entry.field}): nothing of it was kept`
                                    : entry.action === 'whatsapp' || entry.action === 'sms'
                                      ? `sent ${entry.action === 'sms' ? 'an SMS' : 'a WhatsApp message'}: “${data.messages?.messages.find((message) => message.id === entry.field)?.name ?? entry.field}”`
                                      : entry.action === 'escalated'
                                        ? `the first call was overdue: the admins were told${entry.to_value ? `, and the lead was given to ${describe('assignee_id', entry.to_value, options?.team)} by the rule` : ''}`
                                        : entry.action === 'merged'
                                          ? `merged the family with the one of ${entry.to_value ?? 'another number'}`
                                          : `${fieldNames[entry.field ?? ''] ?? entry.field} ${describe(entry.field, entry.from_value, options?.team)} → ${describe(entry.field, entry.to_value, options?.team)}`}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Panel>
          </Space>
        </Col>
      </Row>
    </Space>
  );
}

/** How a number was proved (number_proved_by), as the desk says it. */
const provedBy = {
  sms: 'By a code sent by SMS',
  whatsapp: 'By a code sent on WhatsApp',
  log: "By a code (no SMS provider: the server's log)",
  call: 'Confirmed on a call',
  desk: 'Spoken with when the enquiry was taken (a call, at the counter)',
} as const;

/** The trail's words for what was decided about an unproved enquiry on a family's number. */
const familyCheckWords = {
  'held-apart': "sent on the family's number without its code: kept beside their record",
  confirmed: "confirmed it is the family's: made it their record",
  'kept-apart': "kept it apart from the family's record",
  'number-confirmed': 'confirmed the number on a call',
} as const;

function describe(field: string | null, value: string | null, team?: { id: string; name: string }[]) {
  if (value === null) return '—';
  if (field === 'status') return statusLabel(value);
  if (field === 'assignee_id')
    return team?.find((member) => member.id === value)?.name ?? 'someone no longer on the team';
  return value;
}
