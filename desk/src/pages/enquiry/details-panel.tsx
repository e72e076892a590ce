/**
 * Every field of the enquiry as the family sent it (or the desk took it), the consent record,
 * whether the number was proved and how, and where the enquiry came from.
 */
import { Button, Descriptions, Space, Typography } from 'antd';
import {
  attributionFieldNames,
  attributionFields,
  attributionOfRow,
  describeSource,
} from '../../../../shared/schema/attribution';
import { deskFieldNames, enquiryDescription, type Shown, shownAs } from '../../../../shared/schema/enquiry-fields';
import { deskLabels } from '../../../../shared/schema/desk-vocabulary';
import { formatPhone, labelOf, when } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { Panel } from '../../components/panel';
import type { EnquiryDetail } from '../../../../shared/schema/replies/enquiries';

type Props = {
  enquiry: EnquiryDetail['enquiry'];
  /** The family's number confirmed on a call (a number not proved shows the button). */
  onConfirmNumber: () => void;
};

export function DetailsPanel({ enquiry, onConfirmNumber }: Props) {
  const options = useOptions();
  const shown = (column: keyof EnquiryDetail['enquiry'], kind: Shown) => {
    const value = enquiry[column];
    if (value === null || value === undefined || value === '') return '—';
    if (kind === 'flag') return value ? 'Yes' : 'No';
    // The number as text: its call and WhatsApp links are at the top (the call panel), once.
    if (kind === 'phone') return formatPhone(String(value));
    if (column === 'course') return labelOf(options?.courses, String(value));
    if (column === 'class_level') return labelOf(options?.classLevels, String(value));
    if (column === 'enquirer') return labelOf(options?.enquirers, String(value));
    if (column === 'language') return labelOf(options?.languages, String(value));
    return String(value);
  };
  const fields = deskFieldNames.map((name) => {
    const field = enquiryDescription[name];
    return { key: field.column, label: field.label, children: shown(field.column, shownAs(field)) };
  });
  return (
    <Panel title="Enquiry">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'received', label: deskLabels.received, children: when(enquiry.created_at) },
          ...fields,
          {
            key: 'consent_at',
            label: deskLabels.consentGiven,
            children: enquiry.consent_at
              ? `${when(enquiry.consent_at)}${
                  enquiry.consent_taken_by
                    ? `, asked for by ${options?.team.find((member) => member.id === enquiry.consent_taken_by)?.name ?? 'a member of staff'} when the enquiry was taken`
                    : ''
                }`
              : '—',
          },
          {
            key: 'number_proved',
            label: enquiry.parent_phone ? "Parent's number proved" : 'Number proved',
            children: enquiry.number_proved_at ? (
              `${provedBy[enquiry.number_proved_by ?? 'sms']}, ${when(enquiry.number_proved_at)}`
            ) : (
              <Space wrap>
                <Typography.Text>Not proved</Typography.Text>
                <Button size="small" onClick={onConfirmNumber}>
                  Confirmed on a call
                </Button>
              </Space>
            ),
          },
          {
            key: 'source',
            label: 'Sent',
            children: enquiry.source === 'form' ? 'Without JavaScript' : 'From the form',
          },
          { key: 'came-from', label: deskLabels.cameFrom, children: describeSource(attributionOfRow(enquiry)) },
          ...attributionFieldNames.flatMap((name) => {
            const value = enquiry[attributionFields[name].column];
            return value ? [{ key: name, label: attributionFields[name].csv, children: String(value) }] : [];
          }),
        ]}
      />
    </Panel>
  );
}

/** How a number was proved (number_proved_by), as the desk says it. */
const provedBy = {
  sms: 'By a code sent by SMS',
  whatsapp: 'By a code sent on WhatsApp',
  log: "By a code (no SMS provider: the server's log)",
  call: 'Confirmed on a call',
  desk: 'Spoken with when the enquiry was taken (a call, at the counter)',
} as const;
