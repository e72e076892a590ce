/** What the desk is told of: new leads, unread, and the devices its pushes go to (server/routes/desk/assignment.ts, push.ts). */
import type { z } from 'zod';
import type { pushDeviceSchema } from '../../../shared/schema/desk';
import { api, type NotificationsReply, type PushReply, type PushTestReply, type UnreadReply } from '../lib/api';

export const notificationsApi = {
  unread: () => api<UnreadReply>('/notifications/unread'),
  notifications: () => api<NotificationsReply>('/notifications'),
  push: () => api<PushReply>('/push'),
  addDevice: (body: z.input<typeof pushDeviceSchema>) => api<PushReply>('/push/devices', { method: 'PUT', body }),
  removeDevice: (id: string) => api<PushReply>(`/push/devices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  testPush: () => api<PushTestReply>('/push/test', { method: 'POST' }),
};
