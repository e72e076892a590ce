/** An admin's tools: the outbox's failed deliveries, erasing a family (server/routes/desk/admin-tools.ts). */
import type { z } from 'zod';
import type { erasureSchema } from '../../../shared/schema/desk';
import type { deliveriesReply, erasureReply, retriedReply } from '../../../shared/schema/replies/admin-tools';
import { api } from '../lib/api';

/** What the server answers, as its routes declare it (shared/schema/replies/admin-tools.ts). */
export type DeliveriesReply = z.output<typeof deliveriesReply>;
export type ErasureReply = z.output<typeof erasureReply>;

export const adminToolsApi = {
  deliveries: () => api<DeliveriesReply>('/deliveries'),
  retryDelivery: (id: string) =>
    api<z.output<typeof retriedReply>>(`/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
  erase: (body: z.input<typeof erasureSchema>) => api<ErasureReply>('/erasure', { method: 'POST', body }),
};
