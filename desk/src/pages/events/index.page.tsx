/**
 * Events (counsellors and admins): every session of the scholarship test and the demo class,
 * the coming ones first (the nearest at the top), then the ones over, the latest first. Each
 * says its day, time and place, the seats booked of its capacity, how many came, and how many
 * have no email (the reminder goes by WhatsApp or a call: the session's page lists them).
 */
import { Flex, List, Space, Typography } from 'antd';
import { Link, useLoaderData } from 'react-router';
import type { DeskEventSession } from '../../../../shared/schema/replies/events';
import { api } from '../../lib/api';
import { bookedText, sessionPlace, sessionTitle } from '../../lib/event-sessions';
import { ListSection } from '../../components/list-section';
import { PageHeading } from '../../components/page-heading';
import { deskPath } from '../../../../shared/desk-pages';
import { ColourTag } from '../../components/status-tag';

export const loader = () => api('GET /events');
export { PageError as ErrorBoundary } from '../../components/page-error';

/** A session: its day and time (its page), seats booked, who came, and who is to be reminded by phone. */
function entry(session: DeskEventSession) {
  return (
    <List.Item>
      <Flex vertical gap={4}>
        <Link className="desk-target" to={deskPath('eventSession', { id: session.id })}>
          {sessionTitle(session)}
        </Link>
        <Space wrap>
          <Typography.Text>
            {bookedText(session)} · {sessionPlace(session)}
          </Typography.Text>
          {session.present > 0 && <ColourTag colour="green">{session.present} present</ColourTag>}
          {!session.over && session.noEmail > 0 && (
            <ColourTag colour="orange">{session.noEmail} to remind by phone</ColourTag>
          )}
        </Space>
      </Flex>
    </List.Item>
  );
}

export default function Events() {
  const { sessions } = useLoaderData<typeof loader>();
  const coming = sessions.filter((session) => !session.over);
  const over = sessions.filter((session) => session.over);

  return (
    <Flex vertical gap="large">
      <PageHeading>Events</PageHeading>
      <Typography.Paragraph style={{ margin: 0 }}>
        Sessions come from the site&apos;s content (an editor adds and changes them). Open one to mark who came, by roll
        number, and to enter scores.
      </Typography.Paragraph>
      <ListSection id="coming" title="Coming up" rows={coming} empty="No session is coming up." renderItem={entry} />
      <ListSection id="over" title="Over" rows={over} empty="No session is over yet." renderItem={entry} />
    </Flex>
  );
}
