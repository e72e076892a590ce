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
  const response = await fetch(urlOf(path, where), {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? {}
        : { 'Content-Type': body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json' },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as Answer<At>;
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) {
    // Signing in or out is not a session that ended.
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw new ApiError(response.status, data.error ?? `The server answered ${response.status}.`, data);
  }
  return data as Answer<At>;
}
