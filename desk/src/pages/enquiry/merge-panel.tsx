/** Another number of the same family (a parent's and a student's): its enquiries join this record's, once confirmed. */
import { App, Button, Form, Input } from 'antd';
import { Panel } from '../../components/panel';

export function MergePanel({ onMerge }: { onMerge: (phone: string) => Promise<void> }) {
  const { modal } = App.useApp();
  return (
    <Panel title="Another number of this family?">
      <Form
        layout="vertical"
        onFinish={(values: { phone: string }) => {
          modal.confirm({
            title: 'Merge the two families?',
            content: `Every enquiry from ${values.phone} becomes this family's, with the work on this one kept. This cannot be undone here.`,
            okText: 'Merge',
            cancelText: 'Cancel',
            onOk: () => onMerge(values.phone),
          });
        }}
      >
        <Form.Item
          label="Their other mobile number"
          name="phone"
          rules={[{ required: true, whitespace: true }]}
          help="A parent's and a student's numbers, say: their enquiries become one record."
        >
          <Input inputMode="tel" autoComplete="off" maxLength={30} />
        </Form.Item>
        <Button htmlType="submit">Merge into this record</Button>
      </Form>
    </Panel>
  );
}
