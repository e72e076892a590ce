/**
 * Where signing in lands: follow-ups due today or overdue, and new enquiries nobody has
 * called yet. A list of short entries rather than a table: it reads on a phone, and it
 * keeps the desk's first load small.
 */
import { Flex, List, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { api, type EnquirySummary, type TodayReply } from '../api';
import { ago, labelOf } from '../format';
import { useOptions } from '../options';
import { PhoneLinks } from './contact-links';
import { ColourTag, StatusTag } from './status-tag';
import { PageHeading } from '../page-heading';
import { deskPath } from '../routes';

export const loader = () => api<TodayReply>('/today');
export { PageError as ErrorBoundary } from '../page-error';

export default function Today() {
  const data = useLoaderData<typeof loader>();
  const options = useOptions();

  const entry = (row: EnquirySummary, extra: ReactNode) => (
    <List.Item>
      <Flex vertical gap={4} style={{ width: '100%' }}>
        <Space wrap>
          <Link className="desk-target" to={deskPath('enquiry', { id: row.id })}>
            {row.student_name}
          </Link>
          <StatusTag status={row.status} />
          {extra}
        </Space>
        <Typography.Text type="secondary">
          {labelOf(options?.courses, row.course)} · {row.city} ·{' '}
          {row.assignee_name ? `Assigned to ${row.assignee_name}` : 'Not assigned'}
        </Typography.Text>
        <PhoneLinks phone={row.phone} name={row.student_name} />
      </Flex>
    </List.Item>
  );

  return (
    <Flex vertical gap="large">
      <PageHeading>Today</PageHeading>
      <section aria-labelledby="follow-ups">
        <Typography.Title level={2} id="follow-ups" style={{ fontSize: 18 }}>
          Follow-ups due
        </Typography.Title>
        <List
          bordered
          dataSource={data.followUps}
          locale={{ emptyText: <Typography.Text type="secondary">No follow-ups due today.</Typography.Text> }}
          renderItem={(row) =>
            entry(
              row,
              <Typography.Text>
                Follow up {row.next_follow_up} {row.overdue && <ColourTag colour="red">Overdue</ColourTag>}
              </Typography.Text>,
            )
          }
        />
      </section>
      <section aria-labelledby="fresh">
        <Typography.Title level={2} id="fresh" style={{ fontSize: 18 }}>
          New, not yet contacted
        </Typography.Title>
        <List
          bordered
          dataSource={data.fresh}
          locale={{ emptyText: <Typography.Text type="secondary">Every enquiry has been contacted.</Typography.Text> }}
          renderItem={(row) =>
            entry(
              row,
              <Typography.Text>
                Received {ago(row.created_at)} {row.late && <ColourTag colour="red">Over one working day</ColourTag>}
              </Typography.Text>,
            )
          }
        />
      </section>
    </Flex>
  );
}
