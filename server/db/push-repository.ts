/**
 * The devices each member of staff is notified on (Web Push subscriptions: server/push/web-push.ts),
 * and when a notification's push was taken by a push service (speed to lead from the push).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './database';
import type { PushSubscriptionsTable } from './schema';

export type NewDevice = Pick<PushSubscriptionsTable, 'endpoint' | 'p256dh' | 'auth' | 'device' | 'session_hash'>;

export function createPushRepository({ db }: Db) {
  /**
   * Notifies `staffId` on the device from now on. The endpoint is the device: one that subscribes
   * again (new keys), or is signed in to by another member, replaces its row.
   */
  async function subscribe(staffId: string, device: NewDevice, now = new Date()) {
    const id = randomUUID();
    await db
      .insertInto('push_subscriptions')
      .values({ id, staff_id: staffId, ...device, created_at: now.toISOString(), last_pushed_at: null })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet({
          staff_id: staffId,
          p256dh: device.p256dh,
          auth: device.auth,
          device: device.device,
          session_hash: device.session_hash,
          created_at: now.toISOString(),
        }),
      )
      .execute();
    return db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', device.endpoint)
      .executeTakeFirstOrThrow();
  }

  /** The member's devices, newest first (what the desk lists; no keys). */
  const devicesOf = (staffId: string) =>
    db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'device', 'created_at', 'last_pushed_at'])
      .where('staff_id', '=', staffId)
      .orderBy('created_at', 'desc')
      .execute();

  /** What a push to the member needs: each device's subscription. None for an account switched off. */
  const subscriptionsOf = (staffId: string) =>
    db
      .selectFrom('push_subscriptions')
      .innerJoin('staff', 'staff.id', 'push_subscriptions.staff_id')
      .select(['push_subscriptions.id', 'endpoint', 'p256dh', 'auth'])
      .where('staff_id', '=', staffId)
      .where('staff.disabled_at', 'is', null)
      .execute();

  /** Stops notifying the member on one of their devices; false: no such device of theirs. */
  async function remove(staffId: string, id: string) {
    const result = await db
      .deleteFrom('push_subscriptions')
      .where('id', '=', id)
      .where('staff_id', '=', staffId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** A push service said the device is gone. */
  async function forget(id: string) {
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  /** A push service took the push: for the device, and for what told the member of the enquiry. */
  async function pushed(
    { staffId, enquiryId, deviceIds }: { staffId: string; enquiryId: string; deviceIds: string[] },
    now = new Date(),
  ) {
    const at = now.toISOString();
    if (deviceIds.length > 0)
      await db.updateTable('push_subscriptions').set({ last_pushed_at: at }).where('id', 'in', deviceIds).execute();
    await db
      .updateTable('notifications')
      .set({ pushed_at: at })
      .where('staff_id', '=', staffId)
      .where('enquiry_id', '=', enquiryId)
      .where('pushed_at', 'is', null)
      .execute();
  }

  return { subscribe, devicesOf, subscriptionsOf, remove, forget, pushed };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
