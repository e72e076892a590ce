import { Alert, Button, Form, Input, Typography } from 'antd';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  replace,
  useActionData,
  useNavigation,
  useSubmit,
} from 'react-router';
import { ApiError } from '../lib/api';
import { currentStaff, signIn } from '../lib/session';
import { DESK_NAME, PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { returnPath } from '../lib/return-path';

type Credentials = { email: string; password: string };

/** Back to the page that was open when the session ended (only a desk page), or Today. */
const next = (request: Request) => returnPath(new URL(request.url).searchParams.get('next'));

/** Signed in already: straight on to where signing in would go. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await currentStaff()) throw replace(next(request));
  return null;
}

/** Signs in (the session store learns who), then goes on in place of the sign-in page; or says why not. */
export async function action({ request }: ActionFunctionArgs) {
  const { email, password } = (await request.json()) as Credentials;
  try {
    await signIn(email, password);
  } catch (caught) {
    return {
      error:
        caught instanceof ApiError ? caught.message : 'Could not reach the server. Check the connection and try again.',
    };
  }
  return replace(next(request));
}

export default function SignIn() {
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const refused = useActionData<{ error: string } | undefined>();
  // A new try clears the last one's reason.
  const error = busy ? undefined : refused?.error;

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
        <Form
          layout="vertical"
          onFinish={({ email, password }: Credentials) =>
            void submit({ email, password }, { method: 'post', encType: 'application/json', replace: true })
          }
          requiredMark={false}
        >
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
