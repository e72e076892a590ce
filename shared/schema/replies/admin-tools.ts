/**
 * The admins' tools: the outbox's deliveries, an erasure, the API's OpenAPI document.
 */
import { z } from 'zod';
import { maybeText, storedText } from './common';

/** How many of something are in each status ({ pending: 2, failed: 1 }). */
const statusCounts = z.record(storedText(), z.number());

/**
 * GET /api/staff/deliveries: the counts, and each delivery not yet delivered, without its
 * context (what a Meta event carries: the visitor's address, browser and cookies).
 */
export const deliveriesReply = z.object({
  total: statusCounts,
  byChannel: z.record(storedText(), statusCounts),
  deliveries: z.array(
    z.object({
      id: storedText(),
      enquiry_id: storedText(),
      channel: storedText(),
      status: storedText(),
      attempts: z.number(),
      next_attempt_at: storedText(),
      lease_owner: maybeText(),
      lease_until: maybeText(),
      last_error: maybeText(),
      delivered_at: maybeText(),
      created_at: storedText(),
    }),
  ),
});

/** POST /api/staff/erasure: how many enquiries were erased. */
export const erasureReply = z.object({ erased: z.number() });

/** POST /api/staff/deliveries/:id/retry: queued again. */
export const retriedReply = z.object({ retried: z.literal(true) });

/** GET /api/staff/openapi.json: this API's OpenAPI document (@fastify/swagger). */
export const openApiReply = z.looseObject({
  openapi: storedText(),
  info: z.looseObject({ title: storedText(), version: storedText() }),
  paths: z.record(storedText(), z.unknown()),
});
