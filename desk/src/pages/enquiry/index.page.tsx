/**
 * One enquiry: every field (the parent's details and the consent record included), the
 * work on it (status, reason, follow-up, assignee and a note, saved together by "Save
 * changes" from the version shown, so two people never silently overwrite each other),
 * notes, and its history. Nothing typed is lost without a word: unsaved work is kept as
 * a draft in the tab (drafts.ts) and comes back after a reload or signing in again, and
 * leaving the page with it asks first.
 */
import { Alert, App, Button, Col, Flex, Row, Space, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams } from 'react-router';
import { attributionOfRow, describeSource } from '../../../../shared/schema/attribution';
import { api, ApiError } from '../../lib/api';
import { newRequestId } from '../../lib/request-id';
import { FamilySeats } from './family-seats';
import { callOutcomes, type CallOutcomeKey, UNDO_SECONDS } from '../../../../shared/call-outcomes';
import { formatInstituteTime } from '../../../../shared/institute-calendar';
import { inboxSearch, nextLead } from '../../lib/lead-queue';
import { LeaveGuard } from '../../components/leave-guard';
import { type CallExtra, CallPanel } from './call-panel';
import { labelOf, when } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { StatusTag } from '../../components/status-tag';
import { PageHeading } from '../../components/page-heading';
import { deskPages, deskPath } from '../../../../shared/desk-pages';
import { useSave } from '../../lib/save';
import { useSession } from '../../lib/session';
import type { Outcome, Work } from './action';
import { DetailsPanel } from './details-panel';
import { FamilyPanel } from './family-panel';
import { HistoryPanel } from './history-panel';
import { MergePanel } from './merge-panel';
import { NotesPanel } from './notes-panel';
import type { loader } from './loader';
import { useEnquiryWork } from './use-enquiry-work';
import { WorkPanel } from './work-panel';
import type { EnquiryDetail } from '../../../../shared/schema/replies/enquiries';

export { loader } from './loader';
export { action } from './action';
export { PageError as ErrorBoundary } from '../../components/page-error';

export default function Enquiry() {
  const { id = '' } = useParams();
  const data = useLoaderData<typeof loader>();
  const options = useOptions();
  const { staff } = useSession();
  const staffId = staff?.id ?? '';
  const { message } = App.useApp();
  const work = useEnquiryWork({ id, staffId, data });
  const { enquiry } = work;
  const send = useSave<Work, Outcome>();
  // Apart from the calls': a message's record never holds up a call tapped while it is on its way.
  const sendMessage = useSave<Work, Outcome>();

  const [calling, setCalling] = useState(false);
  const [said, setSaid] = useState<string>();
  /** When the last call recorded here may no longer be undone (ms since the epoch). */
  const [undoUntil, setUndoUntil] = useState<number>();
  /** The enquiry as a call (or its undo) left it, what is typed here kept over it; then `say` what happened. */
  const showAfterCall = (before: EnquiryDetail, say: () => void, { repeated = false } = {}) =>
    work.showKeepingWork(before, say, { changed: !repeated });
  /** A call recorded with no connection: kept on this page, and sent when the connection returns. */
  const [waiting, setWaiting] = useState<{ version: number; outcome: CallOutcomeKey; extra: CallExtra; id: string }>();
  /**
   * A call and what it came to, on the enquiry as shown (or, for a call kept while the connection
   * was down, as it was then). What is typed in the work form and the note stays (over what the
   * call changed); the form is then made from the new version.
   */
  const recordCall = async (
    outcome: CallOutcomeKey,
    extra: CallExtra = {},
    version = enquiry.version,
    /** The call's own id (newRequestId): the same when it is sent again, so it is counted once. */
    id = newRequestId(),
  ) => {
    setCalling(true);
    setSaid(undefined);
    const before = work.current();
    const sent = await send({ call: { version, outcome, ...extra, id } });
    setCalling(false);
    if (sent && 'offline' in sent) {
      setWaiting({ version, outcome, extra, id });
      return true;
    }
    setWaiting(undefined);
    if (sent && 'done' in sent) {
      const label = callOutcomes.find((each) => each.key === outcome)?.label ?? outcome;
      // Sent again after its answer was lost: stored the first time, so no new version comes now.
      showAfterCall(
        before,
        () => {
          setSaid(`${label}: recorded. ${sent.why ?? ''}`.trim());
          setUndoUntil(Date.now() + UNDO_SECONDS * 1000);
        },
        { repeated: sent.repeated },
      );
      return true;
    }
    if (sent && 'conflict' in sent) {
      message.warning('Someone else changed this enquiry just now: it is shown as it is. Record the call again.');
      work.showLatest(before);
    } else if (sent && 'moved' in sent) work.setConflict(sent.error);
    else if (!(sent && 'signedOut' in sent)) message.error(sent?.error ?? 'Could not record the call. Try again.');
    return false;
  };
  const sendWaiting = () => {
    if (waiting) void recordCall(waiting.outcome, waiting.extra, waiting.version, waiting.id);
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
    const before = work.current();
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
    void sendMessage({ message: template });
  };
  const next = nextLead(enquiry.id);
  const navigate = useNavigate();
  /** Another family (by one of its numbers) joins this record's; the record may be theirs (the newer). */
  const merge = async (phone: string) => {
    try {
      const answer = await api('POST /enquiries/:id/merge', { params: { id: enquiry.id }, body: { phone } });
      message.success('Merged: one family now.');
      navigate(deskPath('enquiry', { id: answer.record }));
    } catch (caught) {
      message.error(
        caught instanceof ApiError ? caught.message : 'Could not merge. Check the connection and try again.',
      );
    }
  };

  /** The server's reason a change was refused, or the connection's. */
  const saidWhyNot = (caught: unknown) =>
    message.error(caught instanceof ApiError ? caught.message : 'Could not save. Check the connection and try again.');
  /**
   * An unproved enquiry kept beside the family's record (issue 38): made the record once someone
   * has spoken to the family, or kept apart. The desk opens whichever is the record then.
   */
  const settleRepeat = async (decision: 'confirm' | 'apart') => {
    try {
      const answer = await api('POST /enquiries/:id/repeat', { params: { id: enquiry.id }, body: { decision } });
      message.success(decision === 'confirm' ? "Confirmed: it is the family's record now." : 'Kept apart.');
      if (answer.record === enquiry.id) work.reloadKeepingWork();
      else navigate(deskPath('enquiry', { id: answer.record }));
    } catch (caught) {
      saidWhyNot(caught);
      work.reloadKeepingWork();
    }
  };
  /** The family's number (a child's parent's) confirmed on a call: kept with when, and who in History. */
  const confirmNumber = async () => {
    try {
      await api('POST /enquiries/:id/number-confirmed', { params: { id: enquiry.id } });
      message.success('Saved: the number is confirmed.');
      work.reloadKeepingWork();
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
        unsaved={() => work.unsaved().any || waiting !== undefined}
        stay="Stay on this enquiry"
        onLeave={work.dropDraft}
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
              form={work.form}
              status={work.status}
              conflict={work.conflict}
              restored={work.restored}
              saving={work.saving}
              onSave={(values) => void work.save(values)}
              onChange={work.keepDraft}
            />
            <NotesPanel
              notes={data.notes}
              note={work.note}
              onNote={work.typeNote}
              onAddNote={() => void work.addNote()}
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
