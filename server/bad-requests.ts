/**
 * Requests that are wrong before any route sees them, and what from outside no route
 * should read uncleaned:
 *
 * - A malformed address (`/about%ZZ`, a path segment longer than Fastify's 100-character
 *   parameter limit) makes Fastify answer through `frameworkErrors`, before any hook: no
 *   security headers, and its own JSON naming the raw path. Such a request is sent through
 *   the router again, to an address no route has, so it meets the not-found handler with
 *   every hook (security headers, logging) like any other answer; `badAddress` tells that
 *   handler it was one (400 for bad encoding, 404 for too long).
 * - Path parameters and query values are cleaned (shared/schema/clean-text.ts) before any
 *   check or handler reads them, as every body field is by its schema (shared/schema/text.ts):
 *   an id with a NUL in it is simply not found, on either database.
 * - A database refusing a value as data (PostgreSQL's class 22, e.g. a NUL that got through)
 *   is the request's fault, not the server's: 400, and a warning in the log, not an error
 *   that any visitor could raise at will.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { cleanText } from '../shared/schema/clean-text';

type BadAddress = { status: 400 | 404; message: string; path: string };
const badAddresses = new WeakMap<IncomingMessage, BadAddress>();

/** Where a malformed address is routed again: no route has it, so the not-found handler answers. */
const REROUTE_TO = '/__bad-address';

/** Fastify's `frameworkErrors`: the request goes through the router again, to the not-found handler. */
export function rerouteFrameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const path = (request.raw.url ?? '/').split('?', 1)[0] ?? '/';
  badAddresses.set(
    request.raw,
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { status: 404, message: 'Not found.', path }
      : { status: 400, message: 'This address is not valid.', path },
  );
  request.raw.url = REROUTE_TO;
  request.server.routing(request.raw, reply.raw);
}

/** When the not-found handler is answering a malformed address: its status, words and (raw) path. */
export const badAddress = (request: FastifyRequest): BadAddress | undefined => badAddresses.get(request.raw);

const cleanValue = (value: unknown): unknown =>
  typeof value === 'string' ? cleanText(value) : Array.isArray(value) ? value.map(cleanValue) : value;

/** A preValidation hook: every path parameter and query value, cleaned in place. */
export async function cleanPathAndQuery(request: FastifyRequest) {
  for (const values of [request.params, request.query]) {
    if (typeof values !== 'object' || values === null) continue;
    const record = values as Record<string, unknown>;
    for (const [name, value] of Object.entries(record)) record[name] = cleanValue(value);
  }
}

/** An error from PostgreSQL saying a value given to it is not valid data (SQLSTATE class 22). */
export function isBadDataError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('routine' in error) || !('code' in error)) return false;
  return typeof error.code === 'string' && error.code.startsWith('22');
}
