/** The family's other enquiries (each a link, with what it is to the family's record) and its numbers. */
import { Flex, List, Typography } from 'antd';
import { Link } from 'react-router';
import { attributionOfRow, describeSource } from '../../../../shared/schema/attribution';
import { deskPath } from '../../../../shared/desk-pages';
import { labelOf, when } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { Panel } from '../../components/panel';
import type { EnquiryDetail } from '../../../../shared/schema/replies/enquiries';

export function FamilyPanel({ family }: { family: EnquiryDetail['family'] }) {
  const options = useOptions();
  if (family.enquiries.length === 0) return null;
  return (
    <Panel title="The family's other enquiries">
      <List
        size="small"
        dataSource={family.enquiries}
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
      {family.phones.length > 1 && (
        <Typography.Text type="secondary">Numbers: {family.phones.join(', ')}</Typography.Text>
      )}
    </Panel>
  );
}
