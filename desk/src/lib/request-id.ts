/**
 * The desk's ids for what it sends: a call, a note, a walk-in sent again after an answer that
 * never came is stored once (shared/schema/desk.ts requestId; the walk-in's idempotency key).
 */

/**
 * The desk's own id for what it sends (a call, a note): made once, and sent again with it when no
 * answer came, so that the server stores it once (shared/schema/desk.ts requestId). A page served
 * over plain HTTP has no crypto.randomUUID; its random bytes make the same kind of id.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id one thing to send goes with (a note, a walk-in): kept while what is sent stays the same,
 * so that, sent again after an answer that never came, it is stored once; a new one when it changes
 * or once it is stored (forget).
 */
export class RequestId {
  constructor(private last?: { sent: string; id: string }) {}
  /** The id to send `sent` with. */
  for(sent: string): string {
    if (this.last?.sent !== sent) this.last = { sent, id: newRequestId() };
    return this.last.id;
  }
  /** The id `sent` went with, when it was the last thing sent (to keep with a draft of it). */
  of(sent: string): string | undefined {
    return this.last?.sent === sent ? this.last.id : undefined;
  }
  forget() {
    this.last = undefined;
  }
}
