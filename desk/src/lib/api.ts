/**
 * The desk's calls to /api/staff, each by its address as shared/desk-api.ts lists it, typed from
 * its record: what it sends (the server's own request schema) and what it gets back.
 *
 *   api('GET /events/:id', { params: { id } })   api('POST /enquiries/:id/notes', { params: { id }, body })
 *
 * Every call sends the session cookie (same origin); a 401 means the session has ended, and the
 * desk goes back to the sign-in page.
 */
import type { DeskApi } from '../../../shared/desk-api';
import { type Address, type Reply, type Request, splitAddress } from '../../../shared/schema/endpoint';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole answer: some say more than the message (the content check's problems, a scheduled publication). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * No answer came within the ceiling (a signal that stalls rather than drops: the browser would
 * otherwise wait minutes). Whether the server got the request is not known: a call, note or save
 * sent again with its request id (request-id.ts) is stored once.
 */
export class NoAnswer extends Error {
  constructor(seconds: number) {
    super(`No answer from the server in ${seconds} s. Check the connection and try again.`);
  }
}

/**
 * How long a call waits for its whole answer: far above what one takes (a busy server answers in
 * a second or two). Publishing is checked by rendering every page in both languages first (tens of
 * seconds on a busy server), and an upload crosses a phone's slow signal: those wait far longer.
 */
export const ANSWER_CEILING_MS = 30_000;
const LONG_CEILING_MS = 180_000;
const LONG_CALLS: ReadonlySet<Call> = new Set<Call>(['PUT /content', 'POST /content/versions/:id/restore']);

/** Set by the session provider: what to do when the server says the session has ended. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

type Call = keyof DeskApi;
/** The call's request, which may be left out when it has no part the endpoint needs. */
type Args<At extends Call> =
  Record<never, never> extends Request<DeskApi[At]>
    ? [request?: Request<DeskApi[At]>]
    : [request: Request<DeskApi[At]>];
/** What a call sends as its body. */
export type Body<At extends Call> = Request<DeskApi[At]> extends { body: infer Sent } ? Sent : never;
/** What a call takes as its query, as an object. */
export type Query<At extends Call> =
  Request<DeskApi[At]> extends { query?: infer Asked } ? Exclude<Asked, string | undefined> : never;
/** What a call answers. */
export type Answer<At extends Call> = Reply<DeskApi[At]>;
type Sent = { params?: Record<string, string>; query?: string | Record<string, unknown>; body?: unknown };

/** The address's URL: its parameters filled in, its query after it (a value left empty is not sent). */
function urlOf(path: string, { params = {}, query }: Omit<Sent, 'body'>): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search =
    typeof query === 'string'
      ? query.replace(/^\?/, '')
      : new URLSearchParams(
          Object.entries(query ?? {}).flatMap(([key, value]) =>
            value === undefined || value === '' ? [] : [[key, String(value)]],
          ),
        ).toString();
  return `/api/staff${filled}${search ? `?${search}` : ''}`;
}

/** A GET endpoint's URL, for a link the browser follows itself (a CSV download). */
export function apiHref<At extends Call & `GET ${string}`>(address: At, ...[request]: Args<At>): string {
  return urlOf(splitAddress(address as Address).path, (request ?? {}) as Sent);
}

export async function api<At extends Call>(address: At, ...[request]: Args<At>): Promise<Answer<At>> {
  const { method, path } = splitAddress(address as Address);
  const { body, ...where } = (request ?? {}) as Sent;
  const ceiling = body instanceof Blob || LONG_CALLS.has(address) ? LONG_CEILING_MS : ANSWER_CEILING_MS;
  const stalled = new AbortController();
  const timer = setTimeout(() => stalled.abort(), ceiling);
  let response: Response;
  let data: { error?: string };
  try {
    response = await fetch(urlOf(path, where), {
      method,
      credentials: 'same-origin',
      signal: stalled.signal,
      headers:
        body === undefined
          ? {}
          : { 'Content-Type': body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    });
    if (response.status === 204) return undefined as Answer<At>;
    data = (await response.json().catch((error: unknown) => {
      if (stalled.signal.aborted) throw error;
      return {};
    })) as { error?: string };
  } catch (error) {
    if (stalled.signal.aborted) throw new NoAnswer(ceiling / 1000);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    // Signing in or out is not a session that ended.
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw new ApiError(response.status, data.error ?? `The server answered ${response.status}.`, data);
  }
  return data as Answer<At>;
}
