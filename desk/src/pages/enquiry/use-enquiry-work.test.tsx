// @vitest-environment jsdom
/**
 * The work form's state (use-enquiry-work.ts) on a page of its own, through the real route
 * loader and action (loader.ts, action.ts) and the tab's drafts: only the server is made up,
 * as `fetch` (one enquiry, its version raised by every change, 409 for a save from an older one).
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider, useLoaderData, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from '../../lib/drafts';
import { action } from './action';
import { loader } from './loader';
import { useEnquiryWork } from './use-enquiry-work';

// Waits end when what they wait for shows; on a busy machine the page's first load alone has taken seconds.
configure({ asyncUtilTimeout: 15_000 });

const ID = 'enquiry-1';
const STAFF = 'staff-1';

type Row = { version: number; status: string; assignee_id: string | null } & Record<string, unknown>;
/** What the made-up server holds: the enquiry, and every save it was sent. */
let server: { enquiry: Row; saves: Record<string, unknown>[] };

/** Someone else's change, made on the server: a new version. */
function changedElsewhere(changes: Partial<Row>) {
  server.enquiry = { ...server.enquiry, ...changes, version: server.enquiry.version + 1 };
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function fakeServer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = String(input).replace('/api/staff', '');
  const method = init.method ?? 'GET';
  if (path === '/me') return answer({ staff: { id: STAFF } });
  if (path === `/enquiries/${ID}` && method === 'GET')
    return answer({ enquiry: server.enquiry, family: { enquiries: [], phones: [] }, notes: [], audit: [] });
  if (path === `/enquiries/${ID}` && method === 'PATCH') {
    const save = JSON.parse(String(init.body)) as { version: number; status: string; assigneeId: string | null };
    server.saves.push(save);
    if (save.version !== server.enquiry.version) return answer({ error: 'Someone else changed it first.' }, 409);
    changedElsewhere({ status: save.status, assignee_id: save.assigneeId });
    return answer({ enquiry: server.enquiry });
  }
  return answer({ error: 'Not here.' }, 404);
}

/** The hook as the page uses it, on a form of plain inputs ("Load again": a change made outside the form). */
function WorkOnEnquiry() {
  const { id = '' } = useParams();
  const data = useLoaderData<typeof loader>();
  const shown = useEnquiryWork({ id, staffId: STAFF, data });
  return (
    <>
      {shown.conflict && <p role="alert">{shown.conflict}</p>}
      {shown.restored && <p>Restored: {shown.restored.join(', ')}</p>}
      <Form form={shown.form} onFinish={(values) => void shown.save(values)} onValuesChange={shown.keepDraft}>
        <Form.Item label="Status" name="status">
          <Input />
        </Form.Item>
        <Form.Item label="Assignee" name="assigneeId">
          <Input />
        </Form.Item>
        <label>
          Note
          <textarea value={shown.note} onChange={(event) => shown.typeNote(event.target.value)} />
        </label>
        <button type="submit">Save changes</button>
        <button type="button" onClick={shown.reloadKeepingWork}>
          Load again
        </button>
      </Form>
    </>
  );
}

/** The enquiry opened (again): a new router and page, as after a reload of the tab. */
async function openEnquiry() {
  const router = createMemoryRouter(
    [{ path: '/enquiries/:id', loader, action, Component: WorkOnEnquiry, HydrateFallback: () => null }],
    {
      initialEntries: [`/enquiries/${ID}`],
    },
  );
  const page = render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  await screen.findByLabelText('Status');
  return page;
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const saveChanges = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const loadAgain = () => fireEvent.click(screen.getByRole('button', { name: 'Load again' }));

beforeEach(() => {
  sessionStorage.clear();
  // jsdom has no media queries; antd's form asks one for its grid (a wide screen, never changing).
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
  server = {
    enquiry: { id: ID, version: 1, status: 'new', status_reason: null, assignee_id: null, next_follow_up: null },
    saves: [],
  };
  vi.stubGlobal('fetch', vi.fn(fakeServer));
  return () => vi.unstubAllGlobals();
});

describe('useEnquiryWork', () => {
  it('keeps what is typed as a draft in the tab, and brings it back when the page opens again', async () => {
    const first = await openEnquiry();
    type('Status', 'contacted');
    type('Note', 'Call after six.');
    first.unmount();

    await openEnquiry();
    expect(field('Status')).toHaveValue('contacted');
    expect(field('Note')).toHaveValue('Call after six.');
    expect(screen.getByText('Restored: Status, Note')).toBeInTheDocument();
  });

  it('clears the draft once the change is saved', async () => {
    await openEnquiry();
    type('Status', 'contacted');
    expect(readDraft(ID, STAFF)?.fields).toEqual({ status: 'contacted' });

    saveChanges();
    await screen.findByText('Saved.');
    expect(server.saves).toEqual([expect.objectContaining({ version: 1, status: 'contacted' })]);
    expect(server.enquiry).toMatchObject({ version: 2, status: 'contacted' });
    expect(field('Status')).toHaveValue('contacted');
    expect(readDraft(ID, STAFF)).toBeUndefined();
  });

  it('keeps what was typed when the server has a newer version (409), and tells of the conflict', async () => {
    await openEnquiry();
    type('Status', 'contacted');
    changedElsewhere({ assignee_id: 'staff-2' });

    saveChanges();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else changed this enquiry while you were working on it, so nothing of yours was saved.',
    );
    expect(server.enquiry).toMatchObject({ version: 2, status: 'new', assignee_id: 'staff-2' });
    // Theirs where nothing was typed here; what was typed here over it, still a draft.
    expect(field('Status')).toHaveValue('contacted');
    expect(field('Assignee')).toHaveValue('staff-2');
    expect(readDraft(ID, STAFF)).toMatchObject({ version: 2, fields: { status: 'contacted' } });

    // Saved again, now from their version: stored, theirs kept.
    saveChanges();
    await screen.findByText('Saved.');
    expect(server.enquiry).toMatchObject({ version: 3, status: 'contacted', assignee_id: 'staff-2' });
    expect(screen.queryByText(/Someone else changed/)).not.toBeInTheDocument();
  });

  it('shows a newer version from the server when nothing is typed', async () => {
    await openEnquiry();
    changedElsewhere({ status: 'contacted', assignee_id: 'staff-2' });

    loadAgain();
    await waitFor(() => expect(field('Status')).toHaveValue('contacted'));
    expect(field('Assignee')).toHaveValue('staff-2');
    expect(readDraft(ID, STAFF)).toBeUndefined();

    // The form is made from the new version now: a change saved from it is stored, not refused.
    type('Status', 'visit-booked');
    saveChanges();
    await screen.findByText('Saved.');
    expect(server.saves).toEqual([expect.objectContaining({ version: 2, status: 'visit-booked' })]);
  });

  it('keeps what is typed over a newer version from the server, and says so', async () => {
    const first = await openEnquiry();
    type('Status', 'contacted');
    first.unmount();
    changedElsewhere({ assignee_id: 'staff-2' });

    await openEnquiry();
    expect(field('Status')).toHaveValue('contacted');
    expect(field('Assignee')).toHaveValue('staff-2');
    expect(screen.getByText('Restored: Status')).toBeInTheDocument();
    // Still made from the version it was typed on: saving it tells of their change rather than overwriting it.
    saveChanges();
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this enquiry');
    expect(server.saves).toEqual([expect.objectContaining({ version: 1, status: 'contacted' })]);
  });

  it('keeps what is typed when the page loads the enquiry again after a change made outside the form', async () => {
    await openEnquiry();
    type('Status', 'contacted');
    changedElsewhere({ assignee_id: 'staff-2' });

    loadAgain();
    await waitFor(() => expect(field('Assignee')).toHaveValue('staff-2'));
    expect(field('Status')).toHaveValue('contacted');
    expect(readDraft(ID, STAFF)).toMatchObject({ version: 2, fields: { status: 'contacted' } });
  });
});
