/** A member of staff changes their own password: the current one, then the new one twice. */
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schema/desk-vocabulary';
import { api, ApiError } from '../lib/api';
import { PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { saveAction, useSave } from '../lib/save';

type Fields = { currentPassword: string; newPassword: string; repeated: string };
type Change = Pick<Fields, 'currentPassword' | 'newPassword'>;

/** Changing the password: why not, if it was refused. */
export const action = saveAction<Change, { error?: string }>(async (change) => {
  try {
    await api('PUT /me/password', { body: change });
    return {};
  } catch (caught) {
    return {
      error: caught instanceof ApiError ? caught.message : 'Could not change the password. Please try again.',
    };
  }
});

export default function Password() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const send = useSave<Change, { error?: string }>();

  const save = async ({ currentPassword, newPassword }: Fields) => {
    setError(undefined);
    setSaving(true);
    const outcome = await send({ currentPassword, newPassword });
    setSaving(false);
    if (outcome && !outcome.error) {
      form.resetFields();
      message.success('Your password is changed. Any other device you were signed in on is signed out.');
    } else {
      // What was typed stays, so a refused password can be changed rather than typed again.
      setError(outcome?.error ?? 'Could not change the password. Please try again.');
    }
  };

  return (
    <>
      <PageHeading>Your password</PageHeading>
      <Panel title="Change your password" style={{ maxWidth: 520 }}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)} requiredMark={false}>
          <Form.Item label="Current password" name="currentPassword" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="New password"
            name="newPassword"
            extra={`At least ${MIN_PASSWORD_LENGTH} characters, not your name or email, and not easy to guess: a few unrelated words work well.`}
            rules={[{ required: true }, { min: MIN_PASSWORD_LENGTH }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="New password again"
            name="repeated"
            dependencies={['newPassword']}
            rules={[
              { required: true },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error('The two new passwords are not the same.')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Change password
          </Button>
        </Form>
      </Panel>
    </>
  );
}
