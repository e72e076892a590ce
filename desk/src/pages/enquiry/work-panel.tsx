/**
 * The work on the enquiry: status, reason, next call and assignee, saved together by "Save
 * changes" (with the note typed under it). Says when someone else's change came first, and
 * what of a draft was brought back; the state behind it is use-enquiry-work.ts's.
 */
import { Alert, Button, Form, type FormInstance, Input, Select } from 'antd';
import { deskLabels, enquiryStatuses, statusNeedsReason } from '../../../../shared/schema/desk-vocabulary';
import { INSTITUTE_TIME } from '../../../../shared/institute-calendar';
import { NextCallInput } from '../../components/next-call-input';
import { searchByName, useOptions } from '../../lib/options';
import { Panel } from '../../components/panel';
import type { WorkForm } from './work-form';

type Props = {
  form: FormInstance<WorkForm>;
  /** The status chosen on the form (a status that needs a reason asks for it). */
  status: string | undefined;
  conflict: string | undefined;
  /** What of a draft was brought back when the page opened. */
  restored: string[] | undefined;
  saving: boolean;
  onSave: (values: WorkForm) => void;
  /** Any field changed: the draft is kept. */
  onChange: () => void;
};

export function WorkPanel({ form, status, conflict, restored, saving, onSave, onChange }: Props) {
  const options = useOptions();
  return (
    <Panel title="Work on this enquiry">
      {conflict && <Alert type="warning" title={conflict} showIcon style={{ marginBottom: 16 }} role="alert" />}
      {restored && (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={`Restored what you had not saved here: ${restored.join(', ')}. Press Save changes to keep it.`}
        />
      )}
      <Form form={form} layout="vertical" onFinish={onSave} onValuesChange={onChange} requiredMark={false}>
        <Form.Item label="Status" name="status" rules={[{ required: true }]}>
          <Select options={enquiryStatuses.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
        {status && statusNeedsReason(status) && (
          <Form.Item label={deskLabels.reason} name="reason" rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={500} />
          </Form.Item>
        )}
        <Form.Item label={`${deskLabels.nextFollowUp} (${INSTITUTE_TIME})`} name="nextFollowUp">
          <NextCallInput />
        </Form.Item>
        <Form.Item label={deskLabels.assignee} name="assigneeId">
          <Select
            allowClear
            placeholder="Nobody"
            showSearch={searchByName}
            options={options?.team.map((member) => ({ value: member.id, label: member.name }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save changes
        </Button>
      </Form>
    </Panel>
  );
}
