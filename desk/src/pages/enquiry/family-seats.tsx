/**
 * The family's seats at the scholarship test and the demo class, on its record: which session,
 * the roll number, whether they came, and a scholarship test's marks and scholarship. Each
 * links to its session's page, where attendance and marks are recorded.
 */
import { Flex, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { FamilyRegistrationsReply } from '../../../../shared/schema/replies/events';
import { sessionLabel } from '../../lib/event-sessions';
import { when } from '../../lib/format';
import { Panel } from '../../components/panel';
import { deskPath } from '../../../../shared/desk-pages';
import { ColourTag } from '../../components/status-tag';

export function FamilySeats({ registrations }: FamilyRegistrationsReply) {
  if (registrations.length === 0) return null;
  return (
    <Panel title="Seats booked">
      <List
        size="small"
        dataSource={registrations}
        renderItem={(row) => (
          <List.Item>
            <Flex vertical gap={2}>
              <Link className="desk-target" to={deskPath('eventSession', { id: row.session_id })}>
                {row.session ? sessionLabel(row.session) : row.session_id}
              </Link>
              <Space wrap>
                <Typography.Text>
                  {row.student_name} · <Typography.Text code>{row.roll_number}</Typography.Text>
                </Typography.Text>
                {row.cancelled_at ? (
                  <ColourTag colour="red">Cancelled</ColourTag>
                ) : row.attended_at ? (
                  <ColourTag colour="green">Present {when(row.attended_at)}</ColourTag>
                ) : (
                  <ColourTag colour="grey">Booked {when(row.created_at)}</ColourTag>
                )}
                {row.score !== null && (
                  <Typography.Text strong>
                    Marks {row.score}:{' '}
                    {row.scholarship_percent ? `scholarship ${row.scholarship_percent}% off the fee` : 'no scholarship'}
                  </Typography.Text>
                )}
              </Space>
            </Flex>
          </List.Item>
        )}
      />
    </Panel>
  );
}
