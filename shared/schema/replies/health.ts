/**
 * GET /healthz: the process, the database, the outbox and the pages.
 */
import { z } from 'zod';
import { storedText } from './common';

/** GET /healthz. */
const engineName = z.enum(['sqlite', 'postgres']);

const deliveryBacklog = z.object({ pending: z.number(), failed: z.number() });

export const healthReply = z.object({
  status: z.literal('ok'),
  database: z.object({ status: z.literal('ok'), engine: engineName, latencyMs: z.number() }),
  deliveries: z.object({
    oldestPendingSeconds: z.number(),
    ...deliveryBacklog.shape,
    byChannel: z.record(storedText(), deliveryBacklog),
  }),
  /** What this instance's pages were rendered from (version null: the build's content), and a newer version it could not render. */
  /** One-time codes (issue 38): being sent again now, and never taken by the provider in the last hour. */
  phoneCodes: z.object({ retrying: z.number(), failedLastHour: z.number() }),
  pages: z.object({ day: storedText(), version: storedText().nullable(), failedVersion: storedText().nullable() }),
});

export const healthDownReply = z.object({
  status: z.literal('error'),
  database: z.object({ status: z.literal('unavailable'), engine: engineName }),
});
