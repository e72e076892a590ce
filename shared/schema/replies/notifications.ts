/**
 * What staff are told: the desk's notifications and the devices they are pushed to.
 */
import { z } from 'zod';
import { storedText } from './common';

/** GET /api/staff/notifications/unread: how many, and the newest's time (the desk refreshes when it changes). */
export const unreadReply = z.object({ unread: z.number(), latest: storedText().nullable() });

/** GET /api/staff/notifications. */
export const notificationsReply = unreadReply.extend({
  items: z.array(
    z.object({
      id: storedText(),
      enquiry_id: storedText(),
      kind: z.enum(['assigned', 'came-back', 'overdue']),
      created_at: storedText(),
      read_at: storedText().nullable(),
      student_name: storedText(),
      course: storedText(),
      language: storedText(),
    }),
  ),
});

/** GET /api/staff/push: the key a device subscribes with, and the member's devices notified. */
export const pushReply = z.object({
  publicKey: storedText(),
  devices: z.array(
    z.object({
      id: storedText(),
      endpoint: storedText(),
      device: storedText(),
      created_at: storedText(),
      last_pushed_at: storedText().nullable(),
    }),
  ),
});

/** POST /api/staff/push/test: how many of the member's devices the push services took it for. */
export const pushTestReply = z.object({ sent: z.number().int(), gone: z.number().int() });
