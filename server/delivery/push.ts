/**
 * The push to a counsellor's phone for a lead of theirs (issue 41): queued in the transaction
 * that assigns it, beside the desk's notification and the email (notifications-repository.ts),
 * when the member has a device to notify; sent to each of their devices here. A device its push
 * service no longer knows is forgotten; a device that could not be reached has the whole push
 * tried again (a notification with the same tag replaces the first, so a device told twice
 * shows it once).
 */
import { languageForStaff } from '../../shared/languages';
import { DESK_BASENAME, deskPath } from '../../shared/desk-pages';
import { callFirst } from '../../shared/schema/desk-vocabulary';
import type { PushRepository } from '../db/push-repository';
import type { EnquiryRow, NotificationsTable } from '../db/schema';
import { courseName } from '../content/enquiry-words';
import type { PushMessage, WebPush } from '../push/web-push';
import { NothingToSend, type Send } from './worker';

type NotificationKind = NotificationsTable['kind'];

/** Stored with a 'push' delivery: whom to notify, and why. */
export type PushContext = { staffId: string; kind: NotificationKind };

/** What the counsellor's phone shows: who, which course, and the enquiry's page on the desk (in English, as the desk). */
export function leadPush(e: EnquiryRow, kind: NotificationKind): PushMessage {
  const parent = callFirst(e) !== e.phone;
  const who = parent ? `${e.parent_name ?? 'the parent'} (parent)` : e.student_name;
  const speaks = `Speaks ${languageForStaff(e.language)}.`;
  const course = courseName(e.course);
  // A phone shows a title's first 40 or so characters: the name first.
  const [title, body] = (
    {
      assigned: ['New lead', `${course}. Call ${who} within the hour. ${speaks}`],
      'came-back': ['Asked again', `${course}. The family is yours: call ${who} back today. ${speaks}`],
      overdue: ['First call overdue', `${course}. Nobody has called the family yet: open it to see who has it.`],
    } satisfies Record<NotificationKind, [string, string]>
  )[kind];
  return {
    title: `${title}: ${e.student_name}`,
    body,
    url: `${DESK_BASENAME}${deskPath('enquiry', { id: e.id })}`,
    tag: `lead-${e.id}`,
  };
}

/**
 * `message` to each device of the member: a device its push service no longer knows is forgotten.
 * What each device came to: taken (its id), gone, or an error (the first is kept).
 */
export async function pushToMember(webPush: WebPush, pushes: PushRepository, staffId: string, message: PushMessage) {
  const reached: string[] = [];
  let gone = 0;
  const failures: unknown[] = [];
  for (const device of await pushes.subscriptionsOf(staffId)) {
    try {
      if ((await webPush.send(device, message)) === 'gone') {
        gone += 1;
        await pushes.forget(device.id);
      } else reached.push(device.id);
    } catch (error) {
      failures.push(error);
    }
  }
  return { reached, gone, failures };
}

export function pushSend(webPush: WebPush, pushes: PushRepository): Send {
  return async (e, delivery) => {
    if (!delivery.context) throw new Error('no member was stored with this push');
    const { staffId, kind } = JSON.parse(delivery.context) as PushContext;
    const { reached, gone, failures } = await pushToMember(webPush, pushes, staffId, leadPush(e, kind));
    if (reached.length > 0) await pushes.pushed({ staffId, enquiryId: e.id, deviceIds: reached });
    if (failures.length > 0) throw failures[0];
    if (reached.length === 0)
      throw new NothingToSend(gone > 0 ? 'every device of the member had gone' : 'the member has no device to notify');
  };
}
