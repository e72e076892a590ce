/** The enquiry's history: every change, call, message and decision on it, in words, with who and when. */
import { List, Typography } from 'antd';
import { callOutcomes } from '../../../../shared/call-outcomes';
import { formatInstituteTime } from '../../../../shared/institute-calendar';
import { deskLabels, intakeChannels, statusLabel } from '../../../../shared/schema/desk-vocabulary';
import { when } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { Panel } from '../../components/panel';
import type { EnquiryDetail, MessagesReply } from '../../../../shared/schema/replies/enquiries';

type Props = {
  audit: EnquiryDetail['audit'];
  /** The family's messages, to name a message sent by its template's name. */
  messages: MessagesReply | undefined;
};

export function HistoryPanel({ audit, messages }: Props) {
  const options = useOptions();
  return (
    <Panel title="History">
      <List
        size="small"
        dataSource={audit}
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
                              ? `sent ${entry.action === 'sms' ? 'an SMS' : 'a WhatsApp message'}: “${messages?.messages.find((message) => message.id === entry.field)?.name ?? entry.field}”`
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
  );
}

const fieldNames: Record<string, string> = {
  status: deskLabels.status,
  status_reason: deskLabels.reason,
  assignee_id: deskLabels.assignee,
  next_follow_up: deskLabels.nextFollowUp,
};

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
