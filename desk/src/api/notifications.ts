/** What the desk is told of: new leads, unread, and the devices its pushes go to (server/routes/desk/assignment.ts, push.ts). */
import type {
  notificationsReply,
  pushReply,
  pushTestReply,
  unreadReply,
} from '../../../shared/schema/replies/notifications';
import type { z } from 'zod';
import type { pushDeviceSchema } from '../../../shared/schema/desk';
import { api } from '../lib/api';

/** What the server answers, as its routes declare it (shared/schema/replies/notifications.ts). */
export type NotificationsReply = z.output<typeof notificationsReply>;
export type UnreadReply = z.output<typeof unreadReply>;
export type PushReply = z.output<typeof pushReply>;
export type PushTestReply = z.output<typeof pushTestReply>;

export const notificationsApi = {
  unread: () => api<UnreadReply>('/notifications/unread'),
  notifications: () => api<NotificationsReply>('/notifications'),
  push: () => api<PushReply>('/push'),
  addDevice: (body: z.input<typeof pushDeviceSchema>) => api<PushReply>('/push/devices', { method: 'PUT', body }),
  removeDevice: (id: string) => api<PushReply>(`/push/devices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  testPush: () => api<PushTestReply>('/push/test', { method: 'POST' }),
};
