/**
 * What every content page shares: its loader (the live content), its action (publish now or
 * at a time, cancel the scheduled one), and the panel at its foot: the draft's changes in
 * words, a preview of the real page, and publishing. The server checks everything again
 * (the same check the build runs); what it finds is shown here and under each field.
 */
import { Alert, App, Button, Flex, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useLoaderData } from 'react-router';
import { contentChanges } from '../../../shared/content-changes';
import { api, ApiError, type PublishedReply, type ScheduledVersion } from '../api';
import { when } from '../format';
import { PageHeading } from '../page-heading';
import { Panel } from '../panel';
import { saveAction, useSave } from '../save';
import { useSession } from '../session';
import { type LiveContent, useContentDraft } from './draft';
import { Editing } from './fields';
import { Preview } from './preview';

export const loader = () => api<LiveContent>('/content');

type Sent =
  | {
      intent: 'publish';
      basedOn: string | null;
      document: Record<string, unknown>;
      note: string;
      publishAt: { day: string; time: string } | null;
      cancelScheduled: boolean;
    }
  | { intent: 'cancel'; id: string };
type Outcome =
  | { ok: true; published?: PublishedReply }
  | { ok: false; error: string; problems: string[]; scheduled?: ScheduledVersion };

export const action = saveAction<Sent, Outcome>(async (sent) => {
  try {
    if (sent.intent === 'cancel') {
      await api(`/content/scheduled/${sent.id}`, { method: 'DELETE' });
      return { ok: true };
    }
    const { basedOn, document, note, publishAt, cancelScheduled } = sent;
    const published = await api<PublishedReply>('/content', {
      method: 'PUT',
      body: { basedOn, document, note: note || undefined, publishAt: publishAt ?? undefined, cancelScheduled },
    });
    return { ok: true, published };
  } catch (caught) {
    if (!(caught instanceof ApiError))
      return { ok: false, error: 'Could not reach the server: nothing was published.', problems: [] };
    const { problems, scheduled } = caught.body as { problems?: string[]; scheduled?: ScheduledVersion | null };
    return { ok: false, error: caught.message, problems: problems ?? [], scheduled: scheduled ?? undefined };
  }
});

/** A path of the draft's changes as an editor reads it: institute › courses › jee › fees › amount. */
const where = (path: string[]) => path.join(' › ');

/**
 * A content page: its fields (children, which read and change the draft through Editing),
 * then the draft's changes, the preview of `previewPath` and publishing.
 */
export function ContentEditor({
  heading,
  previewPath,
  children,
}: {
  /** The page's h1 (a page whose heading reads the draft renders its own among its fields). */
  heading?: string;
  previewPath: string;
  children: ReactNode;
}) {
  const live = useLoaderData<typeof loader>();
  const { staff } = useSession();
  const { message } = App.useApp();
  const { document, draft, change, discard } = useContentDraft(staff?.id ?? '', live);
  const [outcome, setOutcome] = useState<Extract<Outcome, { ok: false }>>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [at, setAt] = useState({ day: '', time: '09:00' });
  const save = useSave<Sent, Outcome>();
  const id = useId();
  const stale = draft !== undefined && draft.basedOn !== live.version;
  const changes = useMemo(
    () => (draft && !stale ? contentChanges(live.document, draft.document) : []),
    [draft, stale, live.document],
  );
  const problems = outcome?.problems ?? [];

  const publish = async (scheduled: boolean, cancelScheduled = false) => {
    if (!draft) return;
    setBusy(true);
    const result = await save({
      intent: 'publish',
      basedOn: draft.basedOn,
      document: draft.document,
      note,
      publishAt: scheduled ? at : null,
      cancelScheduled,
    });
    setBusy(false);
    if (!result?.ok) {
      setOutcome(result ?? { ok: false, error: 'Nothing was published.', problems: [] });
      return;
    }
    setOutcome(undefined);
    setNote('');
    discard();
    message.success(
      scheduled
        ? `Scheduled: it goes live ${when(result.published?.liveFrom ?? '')}.`
        : 'Published: the pages show it within seconds.',
    );
  };

  const cancelScheduled = async (id: string) => {
    const result = await save({ intent: 'cancel', id });
    if (result?.ok) message.success('The scheduled publication is cancelled.');
    else message.error(result?.error ?? 'Could not cancel it.');
  };

  return (
    <Editing.Provider value={{ document, change, problems }}>
      <Flex vertical gap="large">
        {heading && <PageHeading>{heading}</PageHeading>}
        <Form component="div" layout="vertical" requiredMark={false}>
          {children}
        </Form>
        <Panel title="Publish">
          <Flex vertical gap="middle">
            {live.scheduled && (
              <Alert
                type="info"
                showIcon
                title={`A publication by ${live.scheduled.author ?? 'someone'} goes live ${when(live.scheduled.live_from)}.`}
                action={
                  <Popconfirm
                    title="Cancel the scheduled publication?"
                    onConfirm={() => cancelScheduled(live.scheduled?.id ?? '')}
                  >
                    <Button size="small">Cancel it</Button>
                  </Popconfirm>
                }
              />
            )}
            {!draft && (
              <Typography.Text type="secondary">
                No changes yet: what you change above is kept here until you publish it.
              </Typography.Text>
            )}
            {stale && (
              <Alert
                type="warning"
                showIcon
                title="Someone published since you started these changes."
                description="Your changes are kept, but publishing them would undo theirs, so the desk will not. Discard yours to start again from what is live now."
              />
            )}
            {changes.length > 0 && (
              <details>
                <summary>{changes.length === 1 ? '1 change' : `${changes.length} changes`} not yet published</summary>
                <ul>
                  {changes.map((entry) => (
                    <li key={entry.path.join('.')}>
                      {where(entry.path)}: {entry.before ?? '(none)'} → {entry.after ?? '(removed)'}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {outcome && (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={outcome.error}
                description={
                  outcome.problems.length > 0 && (
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      {outcome.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  )
                }
                action={
                  outcome.scheduled && (
                    <Button size="small" onClick={() => void publish(false, true)}>
                      Publish now and cancel it
                    </Button>
                  )
                }
              />
            )}
            {draft && <Preview document={document} path={previewPath} day={at.day || undefined} />}
            {draft && (
              <>
                <Form layout="vertical" component="div">
                  <Form.Item label="What changed (for the versions list)" htmlFor={`${id}-note`}>
                    <Input
                      id={`${id}-note`}
                      value={note}
                      maxLength={500}
                      onChange={(event) => setNote(event.target.value)}
                    />
                  </Form.Item>
                </Form>
                <Space wrap>
                  <Button type="primary" loading={busy} disabled={stale} onClick={() => void publish(false)}>
                    Publish now
                  </Button>
                  <Popconfirm
                    title="Discard every change not yet published?"
                    onConfirm={() => {
                      setOutcome(undefined);
                      discard();
                    }}
                  >
                    <Button danger>Discard changes</Button>
                  </Popconfirm>
                </Space>
                <Form layout="vertical" component="div">
                  <Flex wrap gap="middle" align="end">
                    {(
                      [
                        { key: 'day', label: 'Publish on (India time)', type: 'date' },
                        { key: 'time', label: 'At', type: 'time' },
                      ] as const
                    ).map((field) => (
                      <Form.Item
                        key={field.key}
                        label={field.label}
                        htmlFor={`${id}-${field.key}`}
                        style={{ marginBottom: 0 }}
                      >
                        <Input
                          id={`${id}-${field.key}`}
                          type={field.type}
                          value={at[field.key]}
                          onChange={(event) => setAt({ ...at, [field.key]: event.target.value })}
                        />
                      </Form.Item>
                    ))}
                    <Button loading={busy} disabled={stale || !at.day || !at.time} onClick={() => void publish(true)}>
                      Schedule
                    </Button>
                  </Flex>
                </Form>
              </>
            )}
          </Flex>
        </Panel>
      </Flex>
    </Editing.Provider>
  );
}
