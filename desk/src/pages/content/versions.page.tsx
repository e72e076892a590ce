/**
 * Every version of the site's content (editors and admins): who published it, when it went
 * (or goes) live, their note, what changed from the version it was made from, "Restore"
 * (publishes that version's content again, as a new version; the starting content too, so the
 * first publication can be undone) and, for a cancelled one, "Edit again" (it becomes the
 * editor's draft, carried onto what is live, to publish or schedule again).
 */
import { App, Button, Flex, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { ChangeList } from './change-list';
import { api, ApiError } from '../../lib/api';
import { when } from '../../lib/format';
import { PageHeading } from '../../components/page-heading';
import { deskPath } from '../../../../shared/desk-pages';
import { saveAction, useSave } from '../../lib/save';
import type { VersionChangesReply, VersionsReply } from '../../../../shared/schema/replies/content';

/** The starting content (src/content/), as the server names it among the versions. */
const STARTING = 'starting';

type Version = VersionsReply['versions'][number];

export async function loader() {
  const [{ versions }, live] = await Promise.all([api('GET /content/versions'), api('GET /content/live')]);
  return { versions, live: live.version };
}
export { PageError as ErrorBoundary } from '../../components/page-error';

type Outcome = { ok: true } | { ok: false; error: string; problems: string[] };
type Sent = { intent: 'restore'; id: string; basedOn: string | null } | { intent: 'edit'; id: string };
export const action = saveAction<Sent, Outcome>(async (sent) => {
  try {
    if (sent.intent === 'edit') await api('POST /content/versions/:id/draft', { params: { id: sent.id } });
    else await api('POST /content/versions/:id/restore', { params: { id: sent.id }, body: { basedOn: sent.basedOn } });
    return { ok: true };
  } catch (caught) {
    if (!(caught instanceof ApiError)) return { ok: false, error: 'Could not reach the server.', problems: [] };
    return { ok: false, error: caught.message, problems: (caught.body.problems as string[] | undefined) ?? [] };
  }
});

const states: Record<Version['state'], { label: string; color?: string }> = {
  // Solid dark colours: white words on them read at 4.5:1 and more (antd's light tags do not).
  live: { label: 'Live', color: '#237804' },
  scheduled: { label: 'Scheduled', color: '#0050b3' },
  earlier: { label: 'Earlier' },
  cancelled: { label: 'Cancelled' },
};

function Changes({ id }: { id: string }) {
  const [changes, setChanges] = useState<VersionChangesReply['groups']>();
  const [error, setError] = useState<string>();
  return (
    <details
      onToggle={(event) => {
        if (!(event.currentTarget as HTMLDetailsElement).open || changes) return;
        api('GET /content/versions/:id', { params: { id: id } }).then(
          (reply) => setChanges(reply.groups),
          () => setError('Could not load what changed.'),
        );
      }}
    >
      <summary>What changed</summary>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {changes && changes.length === 0 && <Typography.Text type="secondary">Nothing.</Typography.Text>}
      {changes && <ChangeList groups={changes} />}
    </details>
  );
}

export default function ContentVersions() {
  const { versions, live } = useLoaderData<typeof loader>();
  const { message } = App.useApp();
  const save = useSave<Sent, Outcome>();
  const navigate = useNavigate();
  const restore = async (id: string) => {
    const outcome = await save({ intent: 'restore', id, basedOn: live });
    if (outcome?.ok) message.success('Restored: the pages show it within seconds.');
    else message.error([outcome?.error ?? 'Nothing was restored.', ...(outcome?.problems ?? [])].join(' '));
  };
  const editAgain = async (id: string) => {
    const outcome = await save({ intent: 'edit', id });
    if (outcome?.ok) await navigate(deskPath('content'));
    else message.error(outcome?.error ?? 'Could not open it.');
  };
  const restoreButton = (id: string, what: string) => (
    <Popconfirm key="restore" title={`Publish ${what} again?`} onConfirm={() => restore(id)}>
      <Button>Restore</Button>
    </Popconfirm>
  );
  return (
    <Flex vertical gap="large">
      <PageHeading>Versions of the site</PageHeading>
      {versions.length === 0 && (
        <Typography.Paragraph>
          Nothing has been published yet: the site shows its starting content.
        </Typography.Paragraph>
      )}
      <List
        dataSource={versions}
        // Each row keeps its own "What changed" when a restore adds a row above it.
        rowKey="id"
        renderItem={(version) => (
          <List.Item
            actions={
              version.state === 'earlier'
                ? [restoreButton(version.id, 'this version’s content')]
                : version.state === 'cancelled'
                  ? [
                      <Button key="edit" onClick={() => void editAgain(version.id)}>
                        Edit again
                      </Button>,
                    ]
                  : []
            }
          >
            <Flex vertical gap={4} style={{ minWidth: 0 }}>
              <Space wrap>
                <Tag color={states[version.state].color}>{states[version.state].label}</Tag>
                <Typography.Text strong>{when(version.live_from)}</Typography.Text>
                <Typography.Text type="secondary">
                  by {version.author ?? 'someone no longer on the staff'}
                </Typography.Text>
              </Space>
              {version.note && <Typography.Text>{version.note}</Typography.Text>}
              <Changes id={version.id} />
            </Flex>
          </List.Item>
        )}
        footer={
          versions.length > 0 && (
            <Flex justify="space-between" align="center" wrap gap="small">
              <Flex vertical gap={4}>
                <Typography.Text strong>The starting content</Typography.Text>
                <Typography.Text type="secondary">What the site showed before anything was published.</Typography.Text>
              </Flex>
              {restoreButton(STARTING, 'the starting content')}
            </Flex>
          )
        }
      />
    </Flex>
  );
}
