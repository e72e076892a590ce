/**
 * One session of the scholarship test or the demo class (counsellors and admins), made for a
 * phone at the door: first the roll number box (typed as it is on the admit card, or read by
 * the camera where the phone can), which marks the student present and says who they are, and
 * on the session's day a student who did not book, added and marked present (door-walk-in.tsx);
 * then the counts, and the list: who booked, how to reach them (the parent first for a student
 * under 18), a WhatsApp reminder for those without email, present or not, and for the
 * scholarship test the marks and the scholarship they earn by the bands the site's content publishes. Admins can
 * download the list as a spreadsheet.
 */
import { Alert, Button, Flex, Input, InputNumber, List, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { scholarshipFor, scholarshipWords } from '../../../../shared/scholarship';
import { localDate } from '../../../../shared/institute-calendar';
import { callFirst } from '../../../../shared/schema/desk-vocabulary';
import type {
  DeskRegistration,
  DeskEventSessionReply,
  RegistrationWorkReply,
} from '../../../../shared/schema/replies/events';
import { api, apiHref } from '../../lib/api';
import { FieldError } from '../leads/field-error';
import { refusal } from '../leads/saving';
import { useOptions } from '../../lib/options';
import { labelOf, when } from '../../lib/format';
import { LeaveGuard } from '../../components/leave-guard';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { deskPath } from '../../../../shared/desk-pages';
import { saveAction, useSave } from '../../lib/save';
import { useSession } from '../../lib/session';
import { PhoneLinks } from '../../components/contact-links';
import { bookedText, sessionPlace, sessionTitle } from '../../lib/event-sessions';
import { ColourTag } from '../../components/status-tag';
import { DoorWalkIn } from './door-walk-in';

/** The camera's reader, loaded only where the browser has one (Chrome on Android). */
const Scanner = lazy(() => import('./roll-scanner'));
const canScan = typeof window !== 'undefined' && 'BarcodeDetector' in window;

export const loader = ({ params }: LoaderFunctionArgs) => api('GET /events/:id', { params: { id: params.id ?? '' } });
export { PageError as ErrorBoundary } from '../../components/page-error';

type Sent =
  | { kind: 'attend'; rollNumber: string }
  | { kind: 'change'; registration: string; present?: boolean; score?: number | null };
type Outcome = ({ done: true } & RegistrationWorkReply) | { error: string; field?: string };

export const action = saveAction<Sent, Outcome>(async (sent, { params }) => {
  try {
    const answer =
      sent.kind === 'attend'
        ? await api('POST /events/:id/attendance', {
            params: { id: params.id ?? '' },
            body: { rollNumber: sent.rollNumber },
          })
        : await api('PATCH /registrations/:id', {
            params: { id: sent.registration },
            body: {
              ...(sent.present === undefined ? {} : { present: sent.present }),
              ...(sent.score === undefined ? {} : { score: sent.score }),
            },
          });
    return { done: true, ...answer };
  } catch (caught) {
    return refusal(caught);
  }
});

type Show = 'all' | 'waiting' | 'no-email';
/** Booked and not here yet. */
const waiting = (row: DeskRegistration) => !row.cancelled_at && !row.attended_at;
/** Booked, not here yet, and with no email: reminded by phone (the link is there until the day is over). */
const toRemind = (row: DeskRegistration) => waiting(row) && row.reminder !== null;
const views: { key: Show; label: string }[] = [
  { key: 'all', label: 'Everyone' },
  { key: 'waiting', label: 'Not here yet' },
  { key: 'no-email', label: 'To remind by phone' },
];

export default function EventSession() {
  const { session, registrations, scholarship } = useLoaderData<typeof loader>();
  // Marks typed and not saved yet, by registration: leaving the page asks first.
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback(
    (id: string, holds: boolean) =>
      setUnsaved((ids) => {
        if (ids.has(id) === holds) return ids;
        const next = new Set(ids);
        if (holds) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const { staff } = useSession();
  const [search] = useSearchParams();
  const show: Show = views.find((view) => view.key === search.get('show'))?.key ?? 'all';
  const shown = registrations.filter((row) =>
    show === 'waiting' ? waiting(row) : show === 'no-email' ? toRemind(row) : true,
  );
  const count = (key: Show) =>
    key === 'waiting'
      ? registrations.filter(waiting).length
      : key === 'no-email'
        ? registrations.filter(toRemind).length
        : registrations.length;
  // Before its day the door is for a test run: said, so that nobody is marked present weeks early.
  const daysAway = Math.round((Date.parse(session.date) - Date.parse(localDate(new Date()))) / 86_400_000);

  return (
    <Flex vertical gap="large">
      <Link to={deskPath('events')} className="desk-target">
        ← All events
      </Link>
      <PageHeading>{sessionTitle(session)}</PageHeading>
      <Typography.Text>
        {bookedText(session)} · {session.present} present · {sessionPlace(session)}
        {session.cancelled > 0 ? ` · ${session.cancelled} cancelled` : ''}
      </Typography.Text>
      <LeaveGuard unsaved={unsaved.size > 0} stay="Stay on this session">
        Marks typed here are not saved yet. To keep them, stay and press Save marks.
      </LeaveGuard>
      {session.inContent && daysAway > 0 && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={`This session is ${daysAway === 1 ? 'tomorrow' : `in ${daysAway} days`}: mark students present on its day.`}
        />
      )}
      <Door />
      {session.inContent && daysAway === 0 && <DoorWalkIn sessionId={session.id} />}
      <nav aria-label="Who to show" className="desk-views">
        {views.map((view) => (
          <Link
            key={view.key}
            to={view.key === 'all' ? '?' : `?show=${view.key}`}
            aria-current={view.key === show ? 'page' : undefined}
            className="desk-target"
            replace
          >
            {view.label} ({count(view.key)})
          </Link>
        ))}
      </nav>
      <List
        bordered
        aria-label="Registrations"
        dataSource={shown}
        locale={{ emptyText: <Typography.Text type="secondary">Nobody here.</Typography.Text> }}
        renderItem={(row) => (
          <Registration
            key={row.id}
            row={row}
            scores={session.type === 'scholarship-test'}
            table={scholarship}
            report={report}
          />
        )}
      />
      {staff?.role === 'admin' && (
        <Typography.Link
          href={apiHref('GET /events/:id/export', { params: { id: session.id } })}
          className="desk-target"
        >
          Download this list (spreadsheet)
        </Typography.Link>
      )}
    </Flex>
  );
}

/** At the door: the roll number, typed or scanned, marks the student present and says who they are. */
function Door() {
  const save = useSave<Sent, Outcome>();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [roll, setRoll] = useState('');
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [said, setSaid] = useState<Outcome>();

  const mark = async (rollNumber: string) => {
    if (!rollNumber.trim()) {
      setSaid({ error: 'Type the roll number from the admit card.' });
      return;
    }
    setBusy(true);
    const outcome = await save({ kind: 'attend', rollNumber });
    setBusy(false);
    setSaid(outcome ?? { error: 'Could not save.' });
    // The next student's number goes in at once; a refused one stays to be corrected.
    if (outcome && 'done' in outcome) setRoll('');
    input.current?.focus();
  };

  const who = (row: DeskRegistration) => `${row.student_name} (${row.roll_number})`;
  return (
    <Panel title="At the door">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void mark(roll);
        }}
      >
        <Flex vertical gap="small">
          <label htmlFor={id} style={{ fontWeight: 600 }}>
            Roll number
          </label>
          <Flex gap="small" wrap>
            <Input
              id={id}
              ref={(element) => {
                input.current = element?.input ?? null;
              }}
              value={roll}
              onChange={(event) => setRoll(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="done"
              maxLength={40}
              placeholder="ST-7K3M9Q2X"
              status={said && 'error' in said ? 'error' : undefined}
              style={{ width: 200, fontSize: 16 }}
            />
            <Button type="primary" htmlType="submit" loading={busy}>
              Mark present
            </Button>
            {canScan && <Button onClick={() => setScanning(true)}>Scan the admit card</Button>}
          </Flex>
          <div role="status">
            {said && 'done' in said && (
              <Typography.Text strong>
                {said.already
                  ? `Already marked present at ${when(said.registration.attended_at ?? '')}: ${who(said.registration)}.`
                  : `Present: ${who(said.registration)}.`}
              </Typography.Text>
            )}
          </div>
          <FieldError>{said && 'error' in said ? said.error : undefined}</FieldError>
        </Flex>
      </form>
      {scanning && (
        <Suspense fallback={null}>
          <Scanner
            onRead={(value) => {
              setScanning(false);
              setRoll(value);
              void mark(value);
            }}
            onClose={() => setScanning(false)}
          />
        </Suspense>
      )}
    </Panel>
  );
}

function Registration({
  row,
  scores,
  table,
  report,
}: {
  row: DeskRegistration;
  scores: boolean;
  table: DeskEventSessionReply['scholarship'];
  /** Says whether this row holds marks not saved yet. */
  report: (id: string, unsaved: boolean) => void;
}) {
  const options = useOptions();
  const save = useSave<Sent, Outcome>();
  const marksId = useId();
  const [marks, setMarks] = useState<number | null>(row.score);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Outcome>();
  const phone = callFirst(row);
  const parent = phone !== row.phone;

  const change = async (sent: Omit<Extract<Sent, { kind: 'change' }>, 'kind' | 'registration'>) => {
    setBusy(true);
    const outcome = await save({ kind: 'change', registration: row.id, ...sent });
    setBusy(false);
    setSaid(outcome ?? { error: 'Could not save.' });
  };

  const changedMarks = marks !== row.score;
  // Said as typed, never changed for the counsellor (an InputNumber's min and max would make 105 into 100).
  const outOfRange = marks !== null && (marks < -table.maxMarks || marks > table.maxMarks);
  const present = row.attended_at !== null;
  useEffect(() => {
    report(row.id, changedMarks);
    return () => report(row.id, false);
  }, [report, row.id, changedMarks]);
  return (
    <List.Item>
      <Flex vertical gap={6} style={{ width: '100%' }}>
        <Space wrap>
          <Link className="desk-target" to={deskPath('enquiry', { id: row.enquiry_id })}>
            {row.student_name}
          </Link>
          <Typography.Text code>{row.roll_number}</Typography.Text>
          {row.cancelled_at ? (
            <ColourTag colour="red">Cancelled</ColourTag>
          ) : row.attended_at ? (
            <ColourTag colour="green">Present {when(row.attended_at)}</ColourTag>
          ) : (
            <ColourTag colour="grey">Not here yet</ColourTag>
          )}
        </Space>
        <Typography.Text type="secondary">
          {labelOf(options?.classLevels, row.class_level)} · {labelOf(options?.courses, row.course)} · booked{' '}
          {when(row.created_at)}
        </Typography.Text>
        {!row.cancelled_at && (
          <Space wrap>
            {parent && <Typography.Text>The parent first, {row.parent_name ?? 'parent'}:</Typography.Text>}
            <PhoneLinks phone={phone} name={parent ? `parent ${row.parent_name ?? ''}`.trim() : row.student_name} />
            {row.reminder ? (
              <Typography.Link className="desk-target" href={row.reminder} target="_blank" rel="noreferrer">
                No email: send the reminder by WhatsApp
              </Typography.Link>
            ) : null}
          </Space>
        )}
        {!row.cancelled_at && (
          <Flex gap="small" wrap align="end">
            <Button
              onClick={() => void change({ present: !row.attended_at })}
              disabled={busy}
              aria-label={
                row.attended_at ? `Not present after all: ${row.student_name}` : `Mark present: ${row.student_name}`
              }
            >
              {row.attended_at ? 'Not present after all' : 'Mark present'}
            </Button>
            {scores && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void change({ score: marks });
                }}
              >
                <Flex gap="small" wrap align="end">
                  <Flex vertical gap={2}>
                    <label htmlFor={marksId}>Marks (out of {table.maxMarks})</label>
                    <InputNumber
                      id={marksId}
                      value={marks}
                      onChange={(value) => setMarks(typeof value === 'number' ? value : null)}
                      status={outOfRange ? 'error' : undefined}
                      aria-invalid={outOfRange}
                      inputMode="decimal"
                      style={{ width: 120 }}
                    />
                  </Flex>
                  <Button
                    htmlType="submit"
                    disabled={busy || !changedMarks || outOfRange || (!present && marks !== null)}
                    aria-label={`Save marks for ${row.student_name}`}
                  >
                    Save marks
                  </Button>
                  <Typography.Text strong={!changedMarks} type={outOfRange ? 'danger' : undefined}>
                    {outOfRange
                      ? `Give marks from ${-table.maxMarks} to ${table.maxMarks}: the test is out of ${table.maxMarks}.`
                      : !present && marks !== null && changedMarks
                        ? 'Mark the student present first: marks are for a student who sat the test.'
                        : changedMarks
                          ? marks === null
                            ? 'No marks'
                            : scholarshipFor(marks, table) > 0
                              ? `Would earn ${scholarshipFor(marks, table)}% off the fee`
                              : scholarshipWords(0, table)
                          : row.score === null
                            ? 'No marks yet'
                            : scholarshipWords(row.scholarship_percent ?? 0, table)}
                  </Typography.Text>
                </Flex>
              </form>
            )}
          </Flex>
        )}
        <FieldError>{said && 'error' in said ? said.error : undefined}</FieldError>
      </Flex>
    </List.Item>
  );
}
