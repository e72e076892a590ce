/**
 * Events (counsellors and admins): every session of the scholarship test and the demo class,
 * the coming ones first (the nearest at the top), then the ones over, the latest first. Each
 * says its day, time and place, the seats booked of its capacity, how many came, and how many
 * have no email (the reminder goes by WhatsApp or a call: the session's page lists them).
 */
import { Flex, List, Space, Typography } from 'antd';
import { Link, useLoaderData } from 'react-router';
import { api, type DeskEventSession, type DeskEventsReply } from '../api';
import { dayWithWeekday } from '../format';
import { PageHeading } from '../page-heading';
import { deskPath } from '../routes';
import { ColourTag } from './status-tag';

export const loader = () => api<DeskEventsReply>('/events');
export { PageError as ErrorBoundary } from '../page-error';

/** "Scholarship and admission test · Sun, 13 Dec 2026, 10:00–12:00 · at the centre": how staff name a session. */
export const sessionTitle = (session: DeskEventSession) =>
  session.inContent
    ? `${session.name} · ${dayWithWeekday(session.date)} ${session.date.slice(0, 4)}, ${session.starts}–${session.ends}`
    : `${session.name} · ${session.id}`;

export const sessionPlace = (session: DeskEventSession) =>
  !session.inContent ? 'taken out of the content' : session.online ? 'online' : 'at the centre';

export default function Events() {
  const { sessions } = useLoaderData<typeof loader>();
  const coming = sessions.filter((session) => !session.over);
  const over = sessions.filter((session) => session.over);

  const section = (id: string, title: string, rows: DeskEventSession[], empty: string) => (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 18 }}>
        {title} ({rows.length})
      </Typography.Title>
      <List
        bordered
        dataSource={rows}
        locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
        renderItem={(session) => (
          <List.Item>
            <Flex vertical gap={4}>
              <Link className="desk-target" to={deskPath('eventSession', { id: session.id })}>
                {sessionTitle(session)}
              </Link>
              <Space wrap>
                <Typography.Text>
                  {session.inContent ? `${session.booked} of ${session.capacity} booked` : `${session.booked} booked`} ·{' '}
                  {sessionPlace(session)}
                </Typography.Text>
                {session.present > 0 && <ColourTag colour="green">{session.present} present</ColourTag>}
                {!session.over && session.noEmail > 0 && (
                  <ColourTag colour="orange">{session.noEmail} to remind by phone</ColourTag>
                )}
              </Space>
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );

  return (
    <Flex vertical gap="large">
      <PageHeading>Events</PageHeading>
      <Typography.Paragraph style={{ margin: 0 }}>
        Sessions come from the site&apos;s content (an editor adds and changes them). Open one to mark who came, by roll
        number, and to enter scores.
      </Typography.Paragraph>
      {section('coming', 'Coming up', coming, 'No session is coming up.')}
      {section('over', 'Over', over, 'No session is over yet.')}
    </Flex>
  );
}
