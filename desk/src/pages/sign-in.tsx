import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api';
import { useSession } from '../session';
import { DESK_NAME, PageHeading } from '../page-heading';
import { Panel } from '../panel';
import { returnPath } from '../return-path';

export default function SignIn() {
  const { staff, checking, signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Back to the page that was open when the session ended (only a desk page), or Today.
  const next = returnPath(useSearchParams()[0].get('next'));
  if (checking) return null;
  if (staff) return <Navigate to={next} replace />;

  const submit = async ({ email, password }: { email: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await signIn(email, password);
      navigate(next, { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught.message : 'Could not reach the server. Check the connection and try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={{ maxWidth: 400, margin: '10vh auto', padding: 16 }}>
      <Panel>
        <PageHeading title="Sign in" style={{ marginBottom: 16 }}>
          {DESK_NAME}
        </PageHeading>
        <Typography.Paragraph type="secondary">
          For the institute&apos;s staff. Sign in with your work email.
        </Typography.Paragraph>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input type="email" autoComplete="username" inputMode="email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            Sign in
          </Button>
        </Form>
      </Panel>
    </main>
  );
}
