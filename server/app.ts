/**
 * Builds the web server: the prerendered pages, the built assets, the enquiry API, the desk's
 * API and the health check. Tests drive it through `app.inject()` without a port; server.ts
 * only listens. Each part is a plugin (server/plugins/), registered in this order.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { dirname, join, resolve } from 'node:path';
import type { Config } from './config';
import type { Db } from './db/database';
import { rerouteFrameworkErrors } from './bad-requests';
import authentication from './plugins/authentication';
import database from './plugins/database';
import deliveryWorker from './plugins/delivery-worker';
import escalation from './plugins/escalation';
import pages from './plugins/pages';
import type { CodeSender } from './phone-codes/senders';
import requests, { loggedUrl } from './plugins/requests';
import retentionPurge from './plugins/retention-purge';
import routes from './plugins/routes';
import securityHeaders from './plugins/security-headers';
import settings from './plugins/settings';

export type AppOptions = {
  config: Config;
  /** The built site (build/client). */
  clientDir?: string;
  /** The built enquiry desk (build/desk by default: beside clientDir). */
  deskDir?: string;
  /** An open database; by default the one DATABASE_URL names is opened (and closed with the app). */
  database?: Db;
  /** Run the delivery worker (default true); tests that drive it by hand turn it off. */
  deliveryWorker?: boolean;
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: { write: (line: string) => void };
  /** How one-time codes are sent: the one PHONE_CODE_PROVIDER names, unless a test hands its stand-in. */
  codeSender?: CodeSender;
};

/**
 * How long a client may take, so that slow or dripping connections cannot hold the
 * server's sockets: the request line and headers (under 2 KiB) within 8 s, the whole
 * request (an enquiry is at most 16 KiB) within 20 s, and an idle connection 20 s.
 * A phone on a poor 2G link sends an enquiry in a few seconds; a client that sends
 * half a request and waits is answered 408 and disconnected. Node checks the limits
 * every second.
 */
export const CLIENT_TIMEOUTS = { headersMs: 8_000, requestMs: 20_000, idleMs: 20_000, keepAliveMs: 5_000 };

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many proxies in front of us. */
function trustProxyOption(value: Config['TRUST_PROXY']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  if (typeof value === 'string') return value.split(',').map((ip) => ip.trim());
  return value;
}

export async function buildApp({
  config,
  clientDir = resolve('build/client'),
  deskDir = join(dirname(resolve(clientDir)), 'desk'),
  database: givenDatabase,
  deliveryWorker: runDeliveryWorker = true,
  logStream,
  codeSender,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: loggedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    connectionTimeout: CLIENT_TIMEOUTS.idleMs,
    requestTimeout: CLIENT_TIMEOUTS.requestMs,
    keepAliveTimeout: CLIENT_TIMEOUTS.keepAliveMs,
    http: { headersTimeout: CLIENT_TIMEOUTS.headersMs, connectionsCheckingInterval: 1_000 },
    // A malformed or over-long address goes to the not-found handler (plugins/pages.ts), with every hook.
    frameworkErrors: rerouteFrameworkErrors,
    // Fastify gives each plugin 10 s to start. The pages plugin compresses every page (quickly; at
    // their best only once asked for, in the background: pages.ts), which with brotli at its best took
    // longer than that on a busy two-core machine; the ceiling stays far above what it needs.
    pluginTimeout: 60_000,
  });
  try {
    // The settings first: every other plugin reads them from app.config.
    await app.register(settings, { config });
    // The database and its repositories (app.db, app.repositories); closed last if opened here.
    await app.register(database, { database: givenDatabase, codeSender });
    // Sends the outbox's enquiries; started once ready, stopped (sends finished) on close.
    await app.register(deliveryWorker, { run: runDeliveryWorker });
    // Leads whose first call is overdue: the admins told, and moved on by the rules if they say so.
    await app.register(escalation, { run: runDeliveryWorker });
    // Old enquiries, expired sessions and forgotten browsers go at start-up and once a day.
    await app.register(retentionPurge);
    // Security headers (and a CSP that allows nothing) on every answer, errors included.
    await app.register(securityHeaders);
    // Schemas, body parsing, compression, rate limits and error answers, before any route.
    await app.register(requests);
    // Desk sessions and the export's token, checked before any route's schema and handler.
    await app.register(authentication);
    // The prerendered site, its assets and the not-found answer.
    await app.register(pages, { clientDir });
    // The enquiry API, the health check and the desk.
    await app.register(routes, { deskDir, clientDir });
  } catch (error) {
    // A part that cannot start (a missing build, say) closes what started before it: the database.
    await app.close();
    throw error;
  }
  return app;
}
