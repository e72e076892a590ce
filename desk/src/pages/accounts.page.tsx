/**
 * Staff accounts (admins only): add, change role, disable or enable, reset a password,
 * sign someone out everywhere; and the recent activity on accounts, exports and erasures.
 */
import { App, Button, Flex, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { describeActivity, MIN_PASSWORD_LENGTH, staffRoles } from '../../../shared/schema/desk-vocabulary';
import { api, ApiError, type Body } from '../lib/api';
import { when } from '../lib/format';
import { ColourTag } from '../components/status-tag';
import { useSession } from '../lib/session';
import { Panel } from '../components/panel';
import { PageHeading } from '../components/page-heading';
import { saveAction, useSave } from '../lib/save';
import { CallsInAndTakes } from './leads/sharing';
import type { ActivityReply, StaffMember } from '../../../shared/schema/replies/staff';

type NewAccount = { email: string; name: string; role: string; password: string };
/** A new counsellor's work: the languages they call in and the courses they take (null: all). */
type Work = { languages: string[] | null; courses: string[] | null };
const ALL: Work = { languages: null, courses: null };
type Activity = ActivityReply['activity'][number];

export async function loader() {
  const [data, log] = await Promise.all([api('GET /accounts'), api('GET /activity')]);
  return { accounts: data.accounts, activity: log.activity };
}
export { PageError as ErrorBoundary } from '../components/page-error';

/** Adding an account, or changing one (`id`): the error to show, if any. */
type AccountChange = Body<'PATCH /accounts/:id'>;
type NewAccountBody = Body<'POST /accounts'>;
type Change = { id: string; body: AccountChange } | { body: NewAccountBody };
export const action = saveAction<Change, { error?: string }>(async (sent) => {
  try {
    if ('id' in sent) await api('PATCH /accounts/:id', { params: { id: sent.id }, body: sent.body });
    else await api('POST /accounts', { body: sent.body });
    return {};
  } catch (caught) {
    if (caught instanceof ApiError) return { error: caught.message };
    return { error: 'id' in sent ? 'Could not save.' : 'Could not add the account.' };
  }
});

export default function Accounts() {
  const { staff: me } = useSession();
  const { message } = App.useApp();
  const { accounts, activity } = useLoaderData<typeof loader>();
  const [resetting, setResetting] = useState<StaffMember>();
  const [addForm] = Form.useForm<NewAccount>();
  const role = Form.useWatch('role', addForm);
  const [work, setWork] = useState<Work>(ALL);
  const [resetForm] = Form.useForm<{ password: string }>();
  const save = useSave<Change, { error?: string }>();

  const change = async (member: StaffMember, body: AccountChange, done: string) => {
    const outcome = await save({ id: member.id, body });
    if (!outcome || outcome.error) {
      message.error(outcome?.error ?? 'Could not save.');
      return false;
    }
    message.success(done);
    return true;
  };

  const add = async (values: NewAccount) => {
    // The form offers only the schema's roles, languages and courses; the server checks them all the same.
    const body = (values.role === 'counsellor' ? { ...values, ...work } : values) as NewAccountBody;
    const outcome = await save({ body });
    if (!outcome || outcome.error) {
      message.error(outcome?.error ?? 'Could not add the account.');
      return;
    }
    message.success(`Added ${values.name}.`);
    addForm.resetFields();
    setWork(ALL);
  };

  return (
    <Flex vertical gap="large">
      <PageHeading>Staff accounts</PageHeading>
      <Table<StaffMember>
        rowKey="id"
        size="small"
        dataSource={accounts}
        pagination={false}
        // On a phone the table scrolls sideways inside itself (its buttons take keyboard focus).
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Email', dataIndex: 'email' },
          {
            title: 'Role',
            render: (_, member) => (
              <Select
                aria-label={`Role of ${member.name}`}
                value={member.role}
                disabled={member.id === me?.id}
                options={staffRoles.map(({ value, label }) => ({ value, label }))}
                onChange={(role) =>
                  void change(
                    member,
                    { role },
                    `${member.name} is now ${role === 'admin' ? 'an admin' : 'a counsellor'}.`,
                  )
                }
                style={{ width: 140 }}
              />
            ),
          },
          {
            title: 'State',
            render: (_, member) =>
              member.disabled_at ? (
                <ColourTag colour="grey">Disabled</ColourTag>
              ) : (
                <ColourTag colour="green">Active</ColourTag>
              ),
          },
          { title: 'Added', render: (_, member) => when(member.created_at) },
          {
            title: 'Actions',
            render: (_, member) =>
              member.id === me?.id ? null : (
                <Space>
                  {member.disabled_at ? (
                    <Button
                      onClick={() => void change(member, { disabled: false }, `${member.name} can sign in again.`)}
                    >
                      Enable {member.name}
                    </Button>
                  ) : (
                    <Button
                      danger
                      onClick={() =>
                        void change(member, { disabled: true }, `${member.name} is disabled and signed out.`)
                      }
                    >
                      Disable {member.name}
                    </Button>
                  )}
                  <Button onClick={() => setResetting(member)}>Reset password</Button>
                  {!member.disabled_at && (
                    <Button
                      onClick={() =>
                        void change(member, { signOut: true }, `${member.name} is signed out on every device.`)
                      }
                    >
                      Sign {member.name} out everywhere
                    </Button>
                  )}
                  <Button
                    onClick={() =>
                      void change(
                        member,
                        { clearSignInLimits: true },
                        `${member.name} may try signing in again at once, from anywhere.`,
                      )
                    }
                  >
                    Clear {member.name}'s sign-in limits
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Panel title="Add an account" style={{ maxWidth: 520 }}>
        <Form form={addForm} layout="vertical" onFinish={add} initialValues={{ role: 'counsellor' }}>
          <Form.Item label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Role" name="role" rules={[{ required: true }]}>
            <Select options={staffRoles.map(({ value, label }) => ({ value, label }))} />
          </Form.Item>
          {/* Set here where the account is made, so a Hindi family is never shared to someone who
              does not call in Hindi; changed later on Leads. */}
          {role === 'counsellor' && (
            <Flex vertical gap="middle" style={{ marginBottom: 24 }}>
              <CallsInAndTakes work={work} onChange={(change) => setWork({ ...work, ...change })} />
            </Flex>
          )}
          <Form.Item
            label="Password"
            name="password"
            extra={`At least ${MIN_PASSWORD_LENGTH} characters. Tell it to them in person or by phone.`}
            rules={[{ required: true }, { min: MIN_PASSWORD_LENGTH }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Add account
          </Button>
        </Form>
      </Panel>
      <Panel title="Activity">
        <Typography.Paragraph type="secondary">
          Accounts, exports and erasures, newest first (the last 200). Changes to an enquiry are in its own history.
        </Typography.Paragraph>
        <Table<Activity>
          rowKey="id"
          size="small"
          // The columns share the width and their text wraps: on a phone nothing scrolls sideways.
          tableLayout="fixed"
          dataSource={activity}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: 'When', render: (_, entry) => when(entry.at) },
            { title: 'Who', render: (_, entry) => entry.actor_name ?? 'Server command' },
            { title: 'What', render: (_, entry) => describeActivity(entry) },
          ]}
        />
      </Panel>
      <Modal
        title={`New password for ${resetting?.name ?? ''}`}
        open={Boolean(resetting)}
        okText="Set password"
        onCancel={() => setResetting(undefined)}
        onOk={() => resetForm.submit()}
        destroyOnHidden
      >
        <Form
          form={resetForm}
          layout="vertical"
          onFinish={async ({ password }) => {
            if (resetting && (await change(resetting, { password }, `New password set for ${resetting.name}.`))) {
              setResetting(undefined);
              resetForm.resetFields();
            }
          }}
        >
          <Form.Item label="New password" name="password" rules={[{ required: true }, { min: MIN_PASSWORD_LENGTH }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
