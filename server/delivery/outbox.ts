/**
 * The delivery outbox: which enquiries still have to reach the institute, by which
 * channel. Claims are leased, so when several server instances share one PostgreSQL
 * database each delivery is taken by exactly one of them (FOR UPDATE SKIP LOCKED),
 * and a delivery whose instance died mid-send is taken again once its lease expires.
 */
import type { Db } from '../db/database';
import type { DeliveriesTable, DeliveryChannel, DeliveryStatus, EnquiryRow } from '../db/schema';

export type ClaimedDelivery = DeliveriesTable & { enquiry: EnquiryRow };
export type StatusCounts = Partial<Record<DeliveryStatus, number>>;

export function createOutbox({ db, engine }: Db) {
  /** Takes up to `limit` due deliveries for `owner` until `leaseMs` from now. */
  async function claim(owner: string, limit: number, leaseMs: number, now = new Date()): Promise<ClaimedDelivery[]> {
    const nowIso = now.toISOString();
    let due = db
      .selectFrom('deliveries')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit);
    // SQLite has one writer at a time; PostgreSQL needs the row locks, skipping rows another instance holds.
    if (engine === 'postgres') due = due.forUpdate().skipLocked();

    const claimed = await db
      .updateTable('deliveries')
      .set((eb) => ({
        status: 'sending',
        lease_owner: owner,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    if (claimed.length === 0) return [];

    const enquiries = await db
      .selectFrom('enquiries')
      .selectAll()
      .where(
        'id',
        'in',
        claimed.map((d) => d.enquiry_id),
      )
      .execute();
    const byId = new Map(enquiries.map((e) => [e.id, e]));
    return claimed.flatMap((delivery) => {
      const enquiry = byId.get(delivery.enquiry_id);
      return enquiry ? [{ ...delivery, enquiry }] : [];
    });
  }

  /**
   * Records a successful send (its context is no longer needed), or one with nothing to send
   * (`notSent`: why, kept in `last_error`). Resolves to false, recording nothing, when this
   * instance's lease ran out meanwhile (another instance may have taken it).
   */
  async function markDelivered(id: string, owner: string, now = new Date(), notSent?: string): Promise<boolean> {
    const result = await db
      .updateTable('deliveries')
      .set({
        status: 'delivered',
        delivered_at: now.toISOString(),
        lease_owner: null,
        lease_until: null,
        last_error: notSent ? `not sent: ${notSent}` : null,
        context: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records a failed send: due again at `retryAt`, or failed for good when there is none. */
  async function markFailed(id: string, owner: string, error: string, retryAt: Date | null): Promise<void> {
    await db
      .updateTable('deliveries')
      .set({
        status: retryAt ? 'pending' : 'failed',
        next_attempt_at: (retryAt ?? new Date()).toISOString(),
        last_error: error.slice(0, 1000),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  async function listFailed(): Promise<DeliveriesTable[]> {
    return db.selectFrom('deliveries').selectAll().where('status', '=', 'failed').orderBy('created_at').execute();
  }

  /** Deliveries not yet delivered (waiting, being sent, or failed), oldest first; without their context (a visitor's IP). */
  async function listUndelivered(
    limit = 200,
  ): Promise<Omit<DeliveriesTable, 'context' | 'registration_id' | 'due_at'>[]> {
    return db
      .selectFrom('deliveries')
      .select([
        'id',
        'enquiry_id',
        'channel',
        'status',
        'attempts',
        'next_attempt_at',
        'lease_owner',
        'lease_until',
        'last_error',
        'delivered_at',
        'created_at',
      ])
      .where('status', '!=', 'delivered')
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Makes a failed delivery due now, with a fresh set of attempts. Resolves to whether it was found. */
  async function retry(id: string, now = new Date()): Promise<boolean> {
    const result = await db
      .updateTable('deliveries')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Seconds since the oldest delivery still waiting came due (when it was created, or its
   * `due_at`: a reminder queued days ahead waits only from then); 0 when nothing waits.
   */
  async function oldestPendingAgeSeconds(now = new Date()): Promise<number> {
    const row = await db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.min(eb.fn.coalesce('due_at', 'created_at')).as('oldest'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    const oldest = row?.oldest;
    return oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : 0;
  }

  /** How many deliveries are in each status, in all and by channel. */
  async function counts(): Promise<{ total: StatusCounts; byChannel: Partial<Record<DeliveryChannel, StatusCounts>> }> {
    const rows = await db
      .selectFrom('deliveries')
      .select(['channel', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy(['channel', 'status'])
      .execute();
    const total: StatusCounts = {};
    const byChannel: Partial<Record<DeliveryChannel, StatusCounts>> = {};
    for (const { channel, status, n } of rows) {
      total[status] = (total[status] ?? 0) + Number(n);
      (byChannel[channel] ??= {})[status] = Number(n);
    }
    return { total, byChannel };
  }

  return { claim, markDelivered, markFailed, listFailed, listUndelivered, retry, oldestPendingAgeSeconds, counts };
}

export type Outbox = ReturnType<typeof createOutbox>;
