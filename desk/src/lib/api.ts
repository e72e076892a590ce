/**
 * The desk's calls to /api/staff. Every call sends the session cookie (same origin);
 * a 401 means the session has ended, and the desk goes back to the sign-in page. Pages call
 * the server through desk/src/api/<area>.ts (a lint rule holds it), where each call names its
 * path, what it sends (a JSON body, or a file as it is) and the type of the server's answer.
 */
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

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { body } = init;
  const response = await fetch(`/api/staff${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers:
      body === undefined
        ? {}
        : { 'Content-Type': body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json' },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) {
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw new ApiError(response.status, data.error ?? `The server answered ${response.status}.`, data);
  }
  return data as T;
}
