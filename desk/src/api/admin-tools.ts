/** An admin's tools: the outbox's failed deliveries, erasing a family (server/routes/desk/admin-tools.ts). */
import type { z } from 'zod';
import type { erasureSchema } from '../../../shared/schema/desk';
import type { retriedReply } from '../../../shared/schema/replies/admin-tools';
import { api, type DeliveriesReply, type ErasureReply } from '../lib/api';

export const adminToolsApi = {
  deliveries: () => api<DeliveriesReply>('/deliveries'),
  retryDelivery: (id: string) =>
    api<z.output<typeof retriedReply>>(`/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
  erase: (body: z.input<typeof erasureSchema>) => api<ErasureReply>('/erasure', { method: 'POST', body }),
};
