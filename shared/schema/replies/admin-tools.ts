/**
 * The admins' tools: the outbox's deliveries, an erasure, the API's OpenAPI document.
 */
import { z } from 'zod';
import { enrolmentPeriodSchema, erasureSchema, inboxQuerySchema } from '../desk';
import type { Endpoints } from '../endpoint';
import { csvReply, errorReply, idParams, maybeText, storedText } from './common';

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

/** What the desk reads of them. */
export type DeliveriesReply = z.output<typeof deliveriesReply>;
export type ErasureReply = z.output<typeof erasureReply>;

/** An admin's tools: the exports, the outbox's failed deliveries, erasing a family (server/routes/desk/admin-tools.ts, google-ads.ts). */
export const adminToolEndpoints = {
  /** The CSV is a stream, sent as it is: its 200 is documented, never serialized. */
  'GET /export': {
    access: 'admin',
    querystring: inboxQuerySchema,
    response: {
      200: csvReply(
        'The enquiries the filters match, as a spreadsheet (a CSV download for Excel and Google Sheets): UTF-8 with a byte-order mark, headers and values in words, times in India time (YYYY-MM-DD HH:MM), the notes on the family in one cell.',
      ),
      '4xx': errorReply,
    },
  },
  'GET /exports/google-ads': {
    access: 'admin',
    querystring: enrolmentPeriodSchema,
    response: {
      200: csvReply('Enrolments from Google ads, as Google Ads imports them (CSV).'),
      '4xx': errorReply,
    },
  },
  'POST /erasure': { access: 'admin', body: erasureSchema, response: { 200: erasureReply, '4xx': errorReply } },
  'GET /deliveries': { access: 'admin', response: { 200: deliveriesReply, '4xx': errorReply } },
  /** This API's reference (OpenAPI), made from these records. */
  'GET /openapi.json': { access: 'signed-in', response: { 200: openApiReply, '4xx': errorReply } },
  'POST /deliveries/:id/retry': {
    access: 'admin',
    params: idParams,
    response: { 200: retriedReply, '4xx': errorReply },
  },
} as const satisfies Endpoints;
