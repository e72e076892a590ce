/**
 * What staff are told: the desk's notifications and the devices they are pushed to.
 */
import { z } from 'zod';
import { pushDeviceSchema } from '../desk';
import type { Endpoints } from '../endpoint';
import { errorReply, idParams, storedText } from './common';

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

/** What the desk reads of them. */
export type NotificationsReply = z.output<typeof notificationsReply>;
export type UnreadReply = z.output<typeof unreadReply>;
export type PushReply = z.output<typeof pushReply>;
export type PushTestReply = z.output<typeof pushTestReply>;

/** What the desk is told of: new leads, unread, and the devices its pushes go to (server/routes/desk/assignment.ts, push.ts). */
export const notificationEndpoints = {
  'GET /notifications/unread': { access: 'enquiries', response: { 200: unreadReply, '4xx': errorReply } },
  'GET /notifications': { access: 'enquiries', response: { 200: notificationsReply, '4xx': errorReply } },
  'GET /push': { access: 'signed-in', response: { 200: pushReply, '4xx': errorReply } },
  'PUT /push/devices': { access: 'signed-in', body: pushDeviceSchema, response: { 200: pushReply, '4xx': errorReply } },
  'DELETE /push/devices/:id': {
    access: 'signed-in',
    params: idParams,
    response: { 200: pushReply, '4xx': errorReply },
  },
  'POST /push/test': { access: 'signed-in', response: { 200: pushTestReply, '4xx': errorReply } },
} as const satisfies Endpoints;
