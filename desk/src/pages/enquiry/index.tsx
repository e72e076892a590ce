/**
 * One enquiry: every field (the parent's details and the consent record included), the
 * work on it (status, reason, follow-up, assignee and a note, saved together by "Save
 * changes" from the version shown, so two people never silently overwrite each other),
 * notes, and its history. Nothing typed is lost without a word: unsaved work is kept as
 * a draft in the tab (drafts.ts) and comes back after a reload or signing in again, and
 * leaving the page with it asks first.
 */
import { Alert, App, Button, Col, Flex, Form, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useParams, useRevalidator } from 'react-router';
import { attributionOfRow, describeSource } from '../../../../shared/schema/attribution';
import { statusNeedsReason } from '../../../../shared/schema/desk-vocabulary';
import { api, ApiError, type EnquiryDetail, type FamilyRegistrationsReply, type MessagesReply } from '../../api';
import { FamilySeats } from './family-seats';
import { callOutcomes, type CallOutcomeKey, UNDO_SECONDS } from '../../../../shared/call-outcomes';
import { formatInstituteTime } from '../../../../shared/institute-calendar';
import { inboxSearch, nextLead } from '../../lead-queue';
import { LeaveGuard } from '../../leave-guard';
import { type CallExtra, CallPanel } from './call-panel';
import { clearDraft, readDraft, type WorkFields, writeDraft } from '../../drafts';
import { labelOf, when } from '../../format';
import { useOptions } from '../../options';
import { StatusTag } from '../status-tag';
import { PageHeading } from '../../page-heading';
import { deskPages, deskPath } from '../../../../shared/desk-pages';
import { saveAction, useSave } from '../../save';
import { currentStaff, useSession } from '../../session';
import { DetailsPanel } from './details-panel';
import { FamilyPanel } from './family-panel';
import { HistoryPanel } from './history-panel';
import { MergePanel } from './merge-panel';
import { NotesPanel } from './notes-panel';
import { WorkPanel } from './work-panel';
import { changedWork, storedWork, type WorkForm, workFieldNames } from './work-form';

type Detail = EnquiryDetail;

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

  /** When this is history: the family's record (its newest enquiry). */
  const record = enquiry.superseded_at ? data.family.enquiries.find((each) => each.superseded_at === null) : undefined;
  /** The family's other questions, about other courses (one not proved, or kept apart, is not known to be theirs). */
  const alsoAsked = data.family.enquiries.filter(
    (other) =>
      other.course !== enquiry.course && other.repeat_check !== 'pending' && other.repeat_check !== 'kept-apart',
  );

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
          <DetailsPanel enquiry={enquiry} onConfirmNumber={() => void confirmNumber()} />
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 10, order: 2 }}>
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <WorkPanel
              form={form}
              status={status}
              conflict={conflict}
              restored={restored}
              saving={saving}
              onSave={(values) => void save(values)}
              onChange={keepDraft}
            />
            <NotesPanel
              notes={data.notes}
              note={note}
              onNote={(typing) => {
                setNote(typing);
                typed.current = typing;
                keepDraft();
              }}
              onAddNote={() => void addNote()}
            />
            {data.seats && <FamilySeats registrations={data.seats.registrations} />}
            <FamilyPanel family={data.family} />
            {!record && <MergePanel onMerge={merge} />}
            <HistoryPanel audit={data.audit} messages={data.messages} />
          </Space>
        </Col>
      </Row>
    </Space>
  );
}
