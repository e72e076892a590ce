/**
 * What every content page shares: its loader (the live content and the editor's draft on the
 * server), its action (publish now or at a time, cancel the scheduled one), and the panel at
 * its foot: where the draft is saved, the draft's changes in words, a preview of the real page,
 * and publishing. When someone else publishes (asked every 30 s, and told by the server when
 * Publish is pressed), the draft's changes are carried onto their version; a value both changed
 * is asked about here, with both values. The
 * server checks everything again (the same check the build runs); what it finds is shown here
 * and under each field.
 */
import { Alert, App, Button, Flex, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import { describeChanges, describePlace, describeValue } from '../../../../shared/content-change-words';
import { ChangeList, changeCount } from './change-list';
import { type Choice, conflictKey, mergeContent } from '../../../../shared/content-merge';
import type { SiteContent } from '../../../../src/content/site-content';
import { api, ApiError } from '../../lib/api';
import { when } from '../../lib/format';
import { useReload, useWhileVisible } from '../../lib/live';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { saveAction, useSave } from '../../lib/save';
import { useSession } from '../../lib/session';
import { type DraftState, type LiveContent, liveContent, openedDraft, useContentDraft } from './draft';
import { Editing, Problems } from './fields';
import { Preview } from './preview';
import type { PublishedReply, ScheduledVersion } from '../../../../shared/schema/replies/content';

export const loader = async () => {
  const asked = performance.now();
  const [live, opened] = await Promise.all([liveContent(), openedDraft()]);
  return { live, opened: { ...opened, asked } };
};

/** No problems: one array, so the fields (which read the problems) are not drawn again on a key. */
const NONE: string[] = [];

/** How long after the last key the list of changes is made again. */
const LIST_AFTER_MS = 400;

/** How often an editor's page asks whether someone else published. */
const LIVE_CHECK_MS = 30_000;

type Sent =
  | {
      intent: 'publish';
      basedOn: string | null;
      document: SiteContent;
      note: string;
      publishAt: { day: string; time: string } | null;
      cancelScheduled: boolean;
      draftRevision: number;
    }
  | { intent: 'cancel'; id: string };
type Outcome =
  | { ok: true; published?: PublishedReply }
  | { ok: false; error: string; problems: string[]; scheduled?: ScheduledVersion; newer?: boolean };

export const action = saveAction<Sent, Outcome>(async (sent) => {
  try {
    if (sent.intent === 'cancel') {
      await api('DELETE /content/scheduled/:id', { params: { id: sent.id } });
      return { ok: true };
    }
    const { basedOn, document, note, publishAt, cancelScheduled, draftRevision } = sent;
    const published = await api('PUT /content', {
      body: {
        basedOn,
        document,
        note: note || undefined,
        publishAt: publishAt ?? undefined,
        cancelScheduled,
        draftRevision,
      },
    });
    return { ok: true, published };
  } catch (caught) {
    if (!(caught instanceof ApiError))
      return { ok: false, error: 'Could not reach the server: nothing was published.', problems: [] };
    const { problems, scheduled, version } = caught.body as {
      problems?: string[];
      scheduled?: ScheduledVersion | null;
      version?: string | null;
    };
    return {
      ok: false,
      error: caught.message,
      problems: problems ?? [],
      scheduled: scheduled ?? undefined,
      // Someone published after the version this draft is on (the 409 names theirs).
      newer: caught.status === 409 && !scheduled && sent.intent === 'publish' && version !== sent.basedOn,
    };
  }
});

/** A place in the content as its desk page names it: "JEE Main: Fees · Fee (GST included)". */
const where = (path: string[], document: SiteContent) => {
  const { page, what } = describePlace(path, document);
  return `${page}: ${what}`;
};

/** Where the draft is: saved on the server (from what, when), being saved, or not yet. */
function SavedState({ draft }: { draft: DraftState }) {
  if (draft.status === 'failed')
    return <Alert type="warning" showIcon role="status" title={`Not saved yet. ${draft.failure ?? ''}`} />;
  const saved = draft.saved && `Saved from the ${draft.saved.device} ${when(draft.saved.at)}`;
  return (
    <Typography.Text type="secondary" role="status">
      {draft.status === 'saved'
        ? `Your changes are kept on the server: open them on any device. ${saved}.`
        : `Saving your changes…${saved ? ` (${saved}.)` : ''}`}
    </Typography.Text>
  );
}

/**
 * Someone published after this draft was started: values both changed, each with what is live
 * and what the draft says; the editor keeps one of each, and the draft is carried onto the live
 * version with the rest of its changes.
 */
function Conflicts({
  mine,
  live,
  base,
  replace,
}: {
  /** The draft's content now (read when carried: keys typed meanwhile are kept). */
  mine: () => SiteContent;
  live: LiveContent;
  base: SiteContent;
  replace: ReturnType<typeof useContentDraft>['replace'];
}) {
  const [choices, setChoices] = useState(new Map<string, Choice>());
  const merged = useMemo(
    () => mergeContent(base, mine(), live.document, choices),
    [base, mine, live.document, choices],
  );
  const choose = (path: string[], choice: Choice) => setChoices(new Map(choices).set(conflictKey(path), choice));
  const settled = merged.conflicts.every((conflict) => choices.has(conflictKey(conflict.path)));
  const who = live.author ?? 'Someone';
  return (
    <Alert
      type="warning"
      showIcon
      title={`${who} published ${when(live.liveFrom ?? '')}, changing ${merged.conflicts.length === 1 ? 'a value' : `${merged.conflicts.length} values`} you changed too.`}
      description={
        <Flex vertical gap="small">
          <Typography.Text>
            Your other changes are kept. For each of these, keep one; then your changes are carried onto what is live.
          </Typography.Text>
          {merged.conflicts.map((conflict) => {
            const key = conflictKey(conflict.path);
            return (
              <section key={key} aria-label={where(conflict.path, live.document)}>
                <Typography.Text strong>{where(conflict.path, live.document)}</Typography.Text>
                <Flex wrap gap="small" style={{ marginTop: 4 }}>
                  <Button
                    size="small"
                    aria-pressed={choices.get(key) === 'theirs'}
                    type={choices.get(key) === 'theirs' ? 'primary' : 'default'}
                    onClick={() => choose(conflict.path, 'theirs')}
                  >
                    Keep {who}’s: {describeValue(conflict.path, conflict.theirs, live.document) ?? '(removed)'}
                  </Button>
                  <Button
                    size="small"
                    aria-pressed={choices.get(key) === 'mine'}
                    type={choices.get(key) === 'mine' ? 'primary' : 'default'}
                    onClick={() => choose(conflict.path, 'mine')}
                  >
                    Keep yours: {describeValue(conflict.path, conflict.mine, live.document) ?? '(removed)'}
                  </Button>
                </Flex>
              </section>
            );
          })}
          <Space>
            <Button
              type="primary"
              disabled={!settled}
              onClick={() =>
                replace({
                  basedOn: live.version,
                  base: live.document,
                  document: mergeContent(base, mine(), live.document, choices).document as SiteContent,
                  carried: { author: live.author, liveFrom: live.liveFrom },
                })
              }
            >
              Carry my changes onto it
            </Button>
          </Space>
        </Flex>
      }
    />
  );
}

/**
 * A content page: its fields (children, which read and change the draft through Editing),
 * then the draft's changes, the preview of `previewPaths` (the pages it appears on) and publishing.
 */
export function ContentEditor({
  heading,
  previewPaths,
  children,
}: {
  /** The page's h1 (a page whose heading reads the draft renders its own among its fields). */
  heading?: string;
  /** The pages what this page edits appears on, the one it shows most first. */
  previewPaths: readonly string[];
  children: ReactNode;
}) {
  const { live, opened } = useLoaderData<typeof loader>();
  const { staff } = useSession();
  const { message } = App.useApp();
  const { draft, store, replace, discard, flush, published, knowBase } = useContentDraft(staff?.id ?? '', live, opened);
  const [outcome, setOutcome] = useState<Extract<Outcome, { ok: false }>>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [at, setAt] = useState({ day: '', time: '09:00' });
  const save = useSave<Sent, Outcome>();
  const id = useId();
  const stale = draft !== undefined && draft.basedOn !== live.version;
  // The list of changes is made again once typing pauses, not on every key (it compares the whole content).
  const [listed, setListed] = useState<SiteContent>();
  const drafting = draft !== undefined;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const list = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setListed(store.get()), LIST_AFTER_MS);
    };
    list();
    const stop = store.subscribe(list);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [store]);
  // The live version itself has no changes (the first key starts a draft before the list catches up).
  const changes = useMemo(
    () => (listed && listed !== live.document && drafting && !stale ? describeChanges(live.document, listed) : []),
    [listed, drafting, stale, live.document],
  );
  const problems = outcome?.problems ?? NONE;
  // The page's fields, drawn again only when the page draws them: this panel changes as the draft is
  // saved and listed, and antd's Form gives its items a new context on every render of its own (its
  // merged tooltip is a new object), which drew every field of the page again.
  // Panels off the screen are skipped only once each has been drawn (desk.css: desk-content-settled).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setSettled(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const fields = useMemo(
    () => (
      <Form
        component="div"
        layout="vertical"
        requiredMark={false}
        className={settled ? 'desk-content-fields desk-content-settled' : 'desk-content-fields'}
      >
        {children}
      </Form>
    ),
    [children, settled],
  );

  // Someone else published: this page reloads the live version, and the draft is carried onto it.
  const reload = useReload();
  useWhileVisible(() => {
    api('GET /content/live')
      .then((now) => {
        if (now.version !== live.version) reload();
      })
      .catch(() => {});
  }, LIVE_CHECK_MS);
  const base = stale ? draft.base : undefined;
  const carry = useMemo(
    () => (stale && base ? mergeContent(base, store.get(), live.document) : undefined),
    [stale, base, store, live.document],
  );
  useEffect(() => {
    if (!carry || carry.conflicts.length > 0) return;
    replace({
      basedOn: live.version,
      base: live.document,
      document: carry.document as SiteContent,
      carried: { author: live.author, liveFrom: live.liveFrom },
    });
  }, [carry, replace, live]);
  const carried = draft?.carried;
  // A draft opened from another device's save, made from a version this page does not have: the server gives it.
  useEffect(() => {
    if (stale && !base) void knowBase();
  }, [stale, base, knowBase]);

  /**
   * Publishes the draft. When someone published after its version, between the page's checks, its
   * changes are carried onto theirs here and now and published in the same press, unless a value
   * both changed must be asked about (the page then asks, with both values, as it does when its
   * own check finds a newer version).
   */
  const publish = async (scheduled: boolean, cancelScheduled = false) => {
    if (!draft) return;
    setBusy(true);
    // The server has every change first, so the draft it drops is the one published.
    const sent = (await flush()) ?? { ...draft, document: store.get() };
    const send = (basedOn: string | null, document: SiteContent) =>
      save({
        intent: 'publish',
        basedOn,
        document,
        note,
        publishAt: scheduled ? at : null,
        cancelScheduled,
        draftRevision: sent.revision,
      });
    let result = await send(sent.basedOn, sent.document);
    let carriedOnto = sent.carried;
    if (result && !result.ok && result.newer && sent.base) {
      const newer = await liveContent().catch(() => undefined);
      const merged = newer && mergeContent(sent.base, store.get(), newer.document);
      if (newer && merged && merged.conflicts.length === 0) {
        result = await send(newer.version, merged.document as SiteContent);
        carriedOnto = { author: newer.author, liveFrom: newer.liveFrom };
      }
    }
    setBusy(false);
    if (!result?.ok) {
      setOutcome(
        result?.newer
          ? {
              ...result,
              error:
                'Someone else published just now: nothing was published. Your changes are carried onto their version above; where you both changed a value, keep one, then publish.',
            }
          : (result ?? { ok: false, error: 'Nothing was published.', problems: [] }),
      );
      return;
    }
    setOutcome(undefined);
    setNote('');
    published();
    const carried = result.published?.carried;
    message.success({
      content: scheduled
        ? `Scheduled: it goes live ${when(result.published?.liveFrom ?? '')}.`
        : `Published: the pages show it within seconds.${
            carriedOnto
              ? ` Your changes went on top of the publication by ${carriedOnto.author ?? 'someone'} ${when(carriedOnto.liveFrom ?? '')}.`
              : ''
          }${
            carried
              ? ` The publication by ${carried.author ?? 'someone'} scheduled for ${when(carried.live_from)} stays scheduled, with your changes in it${
                  carried.keeps.length > 0
                    ? `; when it goes live it sets its own ${carried.keeps.map((path) => where(path, store.get())).join(', ')}`
                    : ''
                }.`
              : ''
          }`,
      duration: carried ? 10 : 3,
    });
  };

  const cancelScheduled = async (id: string) => {
    const result = await save({ intent: 'cancel', id });
    if (result?.ok) message.success('The scheduled publication is cancelled.');
    else message.error(result?.error ?? 'Could not cancel it.');
  };

  // The buttons and the preview are there before the first change (disabled until there is one):
  // the first key only enables them, where it used to draw the panel and the preview (a tenth of a
  // second on a phone, issue 40). They are drawn again only when what they show changes, not
  // when the draft's saving news does.
  const latest = useRef({ publish });
  useLayoutEffect(() => {
    latest.current = { publish };
  });
  const controls = useMemo(
    () => (
      <>
        <Form layout="vertical" component="div">
          <Form.Item label="What changed (for the versions list)" htmlFor={`${id}-note`}>
            <Input id={`${id}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Form.Item>
        </Form>
        <Space wrap>
          <Button
            type="primary"
            loading={busy}
            disabled={!drafting || stale}
            onClick={() => void latest.current.publish(false)}
          >
            Publish now
          </Button>
          <Popconfirm
            title="Discard every change not yet published?"
            disabled={!drafting}
            onConfirm={() => {
              setOutcome(undefined);
              void discard();
            }}
          >
            <Button danger disabled={!drafting}>
              Discard changes
            </Button>
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
              <Form.Item key={field.key} label={field.label} htmlFor={`${id}-${field.key}`} style={{ marginBottom: 0 }}>
                <Input
                  id={`${id}-${field.key}`}
                  type={field.type}
                  value={at[field.key]}
                  onChange={(event) => setAt({ ...at, [field.key]: event.target.value })}
                />
              </Form.Item>
            ))}
            <Button
              loading={busy}
              disabled={!drafting || stale || !at.day || !at.time}
              onClick={() => void latest.current.publish(true)}
            >
              Schedule
            </Button>
          </Flex>
        </Form>
      </>
    ),
    [id, note, busy, drafting, stale, at, discard],
  );

  return (
    <Editing.Provider value={store}>
      <Problems.Provider value={problems}>
        <Flex vertical gap="large">
          {heading && <PageHeading>{heading}</PageHeading>}
          {fields}
          <Panel title="Publish">
            <Flex vertical gap="middle">
              {live.scheduled && (
                <Alert
                  type="info"
                  showIcon
                  title={`${live.scheduled.author && live.scheduled.author === staff?.name ? 'Your publication' : `A publication by ${live.scheduled.author ?? 'someone'}`} goes live ${when(live.scheduled.live_from)}.`}
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
              {stale && base && carry && carry.conflicts.length > 0 && (
                <Conflicts mine={store.get} live={live} base={base} replace={replace} />
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
              {controls}
              {/* Below the buttons what changes by itself (the save's news, someone else's publication, the
                  list once typing pauses, the preview a moment after the first key): above them, it moved a button
                  between a thumb's touch and its lift, and the tap was lost. */}
              {draft ? (
                <SavedState draft={draft} />
              ) : (
                <Typography.Text type="secondary">
                  No changes yet: what you change above is kept here until you publish it.
                </Typography.Text>
              )}
              {carried && !stale && (
                <Alert
                  type="info"
                  showIcon
                  role="status"
                  closable={{ onClose: () => replace({ carried: undefined }) }}
                  title={`${carried.author ?? 'Someone'} published ${when(carried.liveFrom ?? '')}: your changes are kept, on top of theirs.`}
                />
              )}
              {changes.length > 0 && (
                <details>
                  <summary>
                    {changeCount(changes) === 1 ? '1 change' : `${changeCount(changes)} changes`} not yet published
                  </summary>
                  <ChangeList groups={changes} />
                </details>
              )}
              <Preview document={store.get} pages={previewPaths} day={at.day || undefined} />
            </Flex>
          </Panel>
        </Flex>
      </Problems.Provider>
    </Editing.Provider>
  );
}
