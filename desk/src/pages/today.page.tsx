/**
 * Where signing in lands: the member's own work first ("Mine", with everyone's a tap away),
 * in the order it should be done: new enquiries past their first-call target, follow-ups due,
 * then new enquiries, the newest first; above them, what the member was told since they last
 * looked (a lead assigned to them, a family asking again). It reloads by itself while open.
 * A list of short entries rather than a table: it reads on a phone, and it keeps the desk's
 * first load small. Each entry says the language to call in, and calls a parent first for a
 * student under 18.
 */
import { Button, Flex, List, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { formatInstituteTime } from '../../../shared/institute-calendar';
import { languageForStaff } from '../../../shared/languages';
import { callFirst } from '../../../shared/schema/desk-vocabulary';
import { ago, labelOf } from '../lib/format';
import { rememberQueue } from '../lib/lead-queue';
import { useReload, useWhileVisible } from '../lib/live';
import { useOptions } from '../lib/options';
import { PhoneLinks } from '../components/contact-links';
import { ColourTag, StatusTag } from '../components/status-tag';
import { ListSection } from '../components/list-section';
import { PageHeading } from '../components/page-heading';
import { deskPath } from '../../../shared/desk-pages';
import type { EnquirySummary } from '../../../shared/schema/replies/enquiries';
import { api } from '../lib/api';

type Who = 'mine' | 'all';
const whoOf = (search: URLSearchParams): Who => (search.get('who') === 'all' ? 'all' : 'mine');

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const who = whoOf(new URL(request.url).searchParams);
  const [today, told] = await Promise.all([
    api('GET /today', { query: { who: who } }),
    api('GET /notifications').catch(() => undefined),
  ]);
  return { ...today, told: told?.items.filter((item) => !item.read_at) ?? [] };
};
export { PageError as ErrorBoundary } from '../components/page-error';

/** How often the lists are read again while the page is open (a lead assigned to someone else shows up too). */
const REFRESH_MS = 30_000;

/** "1 try", "2 tries": calls made with no answer yet. */
const tries = (count: number) => (count === 1 ? '1 try' : `${count} tries`);

const toldAbout = { assigned: 'New lead for you', 'came-back': 'Asked again', overdue: 'First call overdue' } as const;
const toldColour = { assigned: 'blue', 'came-back': 'purple', overdue: 'red' } as const;

type Lists = ReturnType<typeof useLoaderData<typeof loader>>;
/** The enquiries the lists show, in their places. */
const placesOf = (lists: Lists) =>
  [
    ...lists.told.map((item) => `told:${item.enquiry_id}`),
    ...[lists.overdue, lists.followUps, lists.fresh].flatMap((rows, list) => rows.map((row) => `${list}:${row.id}`)),
  ].join(' ');
const enquiriesIn = (lists: Lists) =>
  new Set([
    ...lists.told.map((item) => item.enquiry_id),
    ...[...lists.overdue, ...lists.followUps, ...lists.fresh].map((row) => row.id),
  ]);

/**
 * The lists hold still under the thumb (issue 41): once the member has touched, scrolled or typed
 * on the page, lists read again that would move its rows wait behind "1 new lead · Show" (a row
 * that became another family's under a finger was one tap from calling them). What changes in
 * place (a status, a time) shows at once, as does everything on a page nobody has touched yet.
 */
function useHeldStill(data: Lists, who: Who) {
  const [held, setHeld] = useState({ data, who });
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    const mark = () => setTouched(true);
    const events = ['pointerdown', 'scroll', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, mark, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, mark, { capture: true });
    };
  }, [touched]);
  const moves = held.data !== data && placesOf(held.data) !== placesOf(data);
  if (held.data !== data && (held.who !== who || !moves || !touched)) setHeld({ data, who });
  const waiting = held.who === who && moves && touched;
  const shown = enquiriesIn(held.data);
  const newLeads = waiting ? [...enquiriesIn(data)].filter((id) => !shown.has(id)).length : 0;
  return {
    lists: held.data,
    waiting: waiting
      ? newLeads === 0
        ? 'The lists have changed'
        : newLeads === 1
          ? '1 new lead'
          : `${newLeads} new leads`
      : undefined,
    show: () => {
      setHeld({ data, who });
      setTouched(false);
    },
  };
}

export default function Today() {
  const loaded = useLoaderData<typeof loader>();
  const options = useOptions();
  const [search] = useSearchParams();
  const who = whoOf(search);
  const { lists: data, waiting, show } = useHeldStill(loaded, who);
  useWhileVisible(useReload(), REFRESH_MS);
  // "Next lead" on an enquiry works down Today's lists, in the order they are shown.
  useEffect(() => {
    rememberQueue(
      [...data.overdue, ...data.followUps, ...data.fresh].map((row) => row.id),
      'Today',
    );
  }, [data]);

  // What the member was told of, where the lists below already show it, is marked on its row
  // there rather than listed again above them (one row per lead filled four screens on a phone).
  const listed = new Set([...data.overdue, ...data.followUps, ...data.fresh].map((row) => row.id));
  const toldOn = new Map(
    data.told.filter((item) => listed.has(item.enquiry_id)).map((item) => [item.enquiry_id, item]),
  );
  const toldElsewhere = data.told.filter((item) => !listed.has(item.enquiry_id));

  const entry = (row: EnquirySummary, extra: ReactNode) => {
    const phone = callFirst(row);
    const parent = phone !== row.phone;
    const told = toldOn.get(row.id);
    return (
      <List.Item>
        <Flex vertical gap={4} style={{ width: '100%' }}>
          <Space wrap>
            <Link className="desk-target" to={deskPath('enquiry', { id: row.id })}>
              {row.student_name}
            </Link>
            <StatusTag status={row.status} />
            {told && <ColourTag colour={toldColour[told.kind]}>{toldAbout[told.kind]}</ColourTag>}
            {extra}
          </Space>
          <Typography.Text type="secondary">
            {labelOf(options?.courses, row.course)} · {row.city ? `${row.city} · ` : ''}
            {row.assignee_name ? `Assigned to ${row.assignee_name}` : 'Not assigned'}
          </Typography.Text>
          <Space wrap>
            <Typography.Text strong>Call in {languageForStaff(row.language)}</Typography.Text>
            {parent && <Typography.Text>· the parent first, {row.parent_name ?? 'parent'}:</Typography.Text>}
            <PhoneLinks phone={phone} name={parent ? `parent ${row.parent_name ?? ''}`.trim() : row.student_name} />
          </Space>
        </Flex>
      </List.Item>
    );
  };

  return (
    <Flex vertical gap="large">
      <PageHeading>Today</PageHeading>
      <Flex wrap gap="small large">
        <Link className="desk-target" to={deskPath('addEnquiry')}>
          Add an enquiry: a family that called or came in
        </Link>
        <Link className="desk-target" to={deskPath('notifications')}>
          Notifications: this phone rings for a new lead
        </Link>
      </Flex>
      {/* Links, not a switch: each view has its address (a bookmark, the back button). */}
      <nav aria-label="Whose work" className="desk-views">
        {(['mine', 'all'] as const).map((view) => (
          <Link
            key={view}
            to={view === 'all' ? '?who=all' : '?'}
            aria-current={view === who ? 'page' : undefined}
            className="desk-target"
          >
            {view === 'all' ? 'Everyone' : 'Mine'}
          </Link>
        ))}
      </nav>
      {waiting && (
        <div role="status" className="desk-held">
          <Button type="primary" onClick={show}>
            {waiting} · Show
          </Button>
        </div>
      )}
      {toldOn.size > 0 && (
        <Typography.Text>
          {toldOn.size === 1 ? '1 lead' : `${toldOn.size} leads`} new for you, marked in the lists below.
        </Typography.Text>
      )}
      {toldElsewhere.length > 0 && (
        <ListSection
          id="told"
          title="For you"
          rows={toldElsewhere}
          empty=""
          renderItem={(item) => (
            <List.Item>
              <Space wrap>
                <ColourTag colour={toldColour[item.kind]}>{toldAbout[item.kind]}</ColourTag>
                <Link className="desk-target" to={deskPath('enquiry', { id: item.enquiry_id })}>
                  {item.student_name}
                </Link>
                <Typography.Text type="secondary">
                  {labelOf(options?.courses, item.course)} · {languageForStaff(item.language)} · {ago(item.created_at)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <ListSection
        id="overdue"
        title="First call overdue"
        rows={data.overdue}
        empty="No new enquiry is past its first-call target."
        renderItem={(row) =>
          entry(
            row,
            <Typography.Text>
              Received {ago(row.created_at)} <ColourTag colour="red">Call now</ColourTag>
            </Typography.Text>,
          )
        }
      />
      <ListSection
        id="follow-ups"
        title="Follow-ups due"
        rows={data.followUps}
        empty="No follow-ups due today."
        renderItem={(row) =>
          entry(
            row,
            <Typography.Text>
              Follow up {row.next_follow_up_at ? formatInstituteTime(row.next_follow_up_at) : row.next_follow_up}
              {row.status === 'new' && row.tries > 0 ? ` · ${tries(row.tries)}, not reached yet` : ''}{' '}
              {row.overdue && <ColourTag colour="red">Overdue</ColourTag>}
            </Typography.Text>,
          )
        }
      />
      <ListSection
        id="fresh"
        title="New, not reached yet"
        rows={data.fresh}
        empty="Every new enquiry has been reached, or is listed above."
        renderItem={(row) =>
          entry(
            row,
            <Typography.Text>
              {row.tries > 0
                ? `${tries(row.tries)}, next ${row.next_follow_up_at ? formatInstituteTime(row.next_follow_up_at) : (row.next_follow_up ?? 'not set')}`
                : `Received ${ago(row.created_at)}, call by ${formatInstituteTime(row.dueAt)}`}
            </Typography.Text>,
          )
        }
      />
    </Flex>
  );
}
