/**
 * Every version of the site's content (editors and admins): who published it, when it went
 * (or goes) live, their note, what changed from the version it was made from, and
 * "Restore" (publishes that version's content again, as a new version).
 */
import { App, Button, Flex, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { api, ApiError, type VersionChangesReply, type VersionsReply } from '../api';
import { when } from '../format';
import { PageHeading } from '../page-heading';
import { saveAction, useSave } from '../save';

type Version = VersionsReply['versions'][number];

export async function loader() {
  const [{ versions }, live] = await Promise.all([
    api<VersionsReply>('/content/versions'),
    api<{ version: string | null }>('/content'),
  ]);
  return { versions, live: live.version };
}
export { PageError as ErrorBoundary } from '../page-error';

type Outcome = { ok: true } | { ok: false; error: string; problems: string[] };
export const action = saveAction<{ id: string; basedOn: string | null }, Outcome>(async ({ id, basedOn }) => {
  try {
    await api(`/content/versions/${id}/restore`, { method: 'POST', body: { basedOn } });
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
  const [changes, setChanges] = useState<VersionChangesReply['changes']>();
  const [error, setError] = useState<string>();
  return (
    <details
      onToggle={(event) => {
        if (!(event.currentTarget as HTMLDetailsElement).open || changes) return;
        api<VersionChangesReply>(`/content/versions/${id}`).then(
          (reply) => setChanges(reply.changes),
          () => setError('Could not load what changed.'),
        );
      }}
    >
      <summary>What changed</summary>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {changes && changes.length === 0 && <Typography.Text type="secondary">Nothing.</Typography.Text>}
      {changes && (
        <ul>
          {changes.map((change) => (
            <li key={change.path.join('.')}>
              {change.path.join(' › ')}: {change.before ?? '(none)'} → {change.after ?? '(removed)'}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

export default function ContentVersions() {
  const { versions, live } = useLoaderData<typeof loader>();
  const { message } = App.useApp();
  const save = useSave<{ id: string; basedOn: string | null }, Outcome>();
  const restore = async (version: Version) => {
    const outcome = await save({ id: version.id, basedOn: live });
    if (outcome?.ok) message.success('Restored: the pages show it within seconds.');
    else message.error([outcome?.error ?? 'Nothing was restored.', ...(outcome?.problems ?? [])].join(' '));
  };
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
        renderItem={(version) => (
          <List.Item
            actions={
              version.state === 'earlier'
                ? [
                    <Popconfirm
                      key="restore"
                      title="Publish this version's content again?"
                      onConfirm={() => restore(version)}
                    >
                      <Button>Restore</Button>
                    </Popconfirm>,
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
      />
    </Flex>
  );
}
