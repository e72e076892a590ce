/**
 * What a member of staff is told on the desk: a lead assigned to them, a family of theirs that
 * asked again. Written in the transaction that assigns (with the email and the push to them,
 * through the outbox); unread until they open the enquiry.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from './database';
import type { PushContext } from '../delivery/push';
import type { Owner } from './assignment';
import type { QueuedWith } from '../../shared/delivery-channels';
import type { Database, NotificationsTable } from './schema';

export type NotificationKind = NotificationsTable['kind'];

/**
 * Tells `owner` of the enquiry, inside the caller's transaction: on the desk, by email when
 * `byEmail`, and by a push to each of their devices (delivery/push.ts) when they have one.
 */
export async function notifyOwner(
  trx: Kysely<Database>,
  {
    owner,
    enquiryId,
    kind,
    byEmail,
    now,
  }: { owner: Owner; enquiryId: string; kind: NotificationKind; byEmail: boolean; now: Date },
) {
  await trx
    .insertInto('notifications')
    .values({
      id: randomUUID(),
      staff_id: owner.id,
      enquiry_id: enquiryId,
      kind,
      created_at: now.toISOString(),
      read_at: null,
    })
    .execute();
  // By email when it is set up, and to the member's phone when they turned notifications on there.
  if (byEmail) await queue(trx, 'assignee', enquiryId, { to: owner.email, name: owner.name, kind }, now);
  const device = await trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('staff_id', '=', owner.id)
    .limit(1)
    .executeTakeFirst();
  if (device) await queue(trx, 'push', enquiryId, { staffId: owner.id, kind } satisfies PushContext, now);
}

/**
 * One row per enquiry and channel (the outbox's key), kept until delivered, with whom to tell and
 * why: a lead given to someone else later is sent again, to them.
 */
async function queue(
  trx: Kysely<Database>,
  /** The channels to the member a lead is given to: queued here when it is given, never with the enquiry itself. */
  channel: QueuedWith<'owner'>,
  enquiryId: string,
  context: object,
  now: Date,
) {
  const due = {
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now.toISOString(),
    context: JSON.stringify(context),
  };
  await trx
    .insertInto('deliveries')
    .values({ id: randomUUID(), enquiry_id: enquiryId, channel, created_at: now.toISOString(), ...due })
    .onConflict((conflict) =>
      conflict
        .columns(['enquiry_id', 'channel'])
        .where('registration_id', 'is', null)
        .doUpdateSet({
          ...due,
          last_error: null,
          delivered_at: null,
          lease_owner: null,
          lease_until: null,
        }),
    )
    .execute();
}

export function createNotificationsRepository({ db }: Db) {
  /** How many are unread (the count on the desk's menu), and the newest one's time (the desk refreshes when it changes). */
  async function unread(staffId: string) {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('created_at').as('latest')])
      .where('staff_id', '=', staffId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { unread: Number(row.n), latest: (row.latest as string | null) ?? null };
  }

  /** The newest 50, with the enquiry's name and course (what the list shows). */
  const list = (staffId: string) =>
    db
      .selectFrom('notifications')
      .innerJoin('enquiries', 'enquiries.id', 'notifications.enquiry_id')
      .select([
        'notifications.id',
        'notifications.enquiry_id',
        'notifications.kind',
        'notifications.created_at',
        'notifications.read_at',
        'enquiries.student_name',
        'enquiries.course',
        'enquiries.language',
      ])
      .where('notifications.staff_id', '=', staffId)
      .orderBy('notifications.created_at', 'desc')
      .limit(50)
      .execute();

  /** Opening an enquiry reads what told this member of it (any enquiry of its family). */
  async function markRead(staffId: string, enquiryIds: string[], now = new Date()) {
    if (enquiryIds.length === 0) return;
    await db
      .updateTable('notifications')
      .set({ read_at: now.toISOString() })
      .where('staff_id', '=', staffId)
      .where('enquiry_id', 'in', enquiryIds)
      .where('read_at', 'is', null)
      .execute();
  }

  return { unread, list, markRead };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
