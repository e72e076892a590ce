/**
 * Builds the web server: the prerendered pages, the built assets, the enquiry API
 * and the health check. Tests drive it through `app.inject()` without a port;
 * server.ts only listens.
 */
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { languageOfPath, languages, localizedPath } from '../shared/languages';
import { paths } from '../shared/paths';
import type { Config } from './config';
import { type Db, openDatabase } from './db/database';
import { createEnquiryRepository, retentionCutoff } from './db/enquiry-repository';
import { createAuditLog } from './db/audit-log';
import { createDeskRepository } from './db/desk-repository';
import { createSignInThrottle } from './db/sign-in-throttle';
import { createStaffRepository } from './db/staff-repository';
import { enabledChannels } from './delivery/channels';
import { createOutbox } from './delivery/outbox';
import { createDeliveryWorker } from './delivery/worker';
import { loadPages, type Page, pickEncoding } from './pages';
import { HASHED_ASSET_CACHE, ONE_YEAR_SECONDS } from './http-cache';
import { passwordCost } from './desk/passwords';
import { deskAccountRoutes } from './routes/desk-accounts';
import { deskAppRoutes } from './routes/desk-app';
import { deskAuthRoutes, KNOWN_BROWSER_MS, sessionLimits } from './routes/desk-auth';
import { deskEnquiryRoutes } from './routes/desk-enquiries';
import { enquiryRoutes } from './routes/enquiries';
import { healthRoutes } from './routes/health';
import { badAddress, cleanPathAndQuery, isBadDataError, rerouteFrameworkErrors } from './bad-requests';
import { API_CSP } from './security';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's words for a request its schema refuses. Without them, the first problem the
     * schema found is sent (each field's own words, e.g. 'Give a reason for this status.').
     */
    invalid?: string;
  }
}

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
};

/** React Router's single-fetch payload (turbo-stream). */
const DATA_TYPE = 'text/x-script; charset=utf-8';

/** Plain words for the request errors Fastify itself detects, by its error code. */
const requestErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the enquiry as JSON (application/json) or as an HTML form.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The enquiry is too large. Please shorten the message.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/**
 * How long a client may take, so that slow or dripping connections cannot hold the
 * server's sockets: the request line and headers (under 2 KiB) within 8 s, the whole
 * request (an enquiry is at most 16 KiB) within 20 s, and an idle connection 20 s.
 * A phone on a poor 2G link sends an enquiry in a few seconds; a client that sends
 * half a request and waits is answered 408 and disconnected. Node checks the limits
 * every second.
 */
/**
 * A request's URL as the log shows it: the path and the names of its parameters, never their
 * values (a desk search is a phone number or a name; the export names a date range).
 */
export function loggedUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  if (query === undefined) return path;
  return `${path}?${[...new URLSearchParams(query).keys()].map((name) => `${name}=…`).join('&')}`;
}

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
  database,
  deliveryWorker = true,
  logStream,
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
    // A malformed or over-long address goes to the not-found handler below, with every hook.
    frameworkErrors: rerouteFrameworkErrors,
  });
  // Routes declare their params, query, body and replies as zod schemas (shared/schema, replies.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', cleanPathAndQuery);
  const pages = loadPages(clientDir, config.META_PIXEL_ID);
  const db = database ?? (await openDatabase(config.DATABASE_URL));

  // Every stored enquiry is also written to the outbox (same transaction); the worker sends it.
  const channels = enabledChannels(config);
  const outbox = createOutbox(db);
  const worker = createDeliveryWorker({
    outbox,
    channels,
    log: app.log,
    maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
    retryBaseMs: config.DELIVERY_RETRY_BASE_MS,
    leaseMs: config.DELIVERY_LEASE_MS,
    pollMs: config.DELIVERY_POLL_MS,
  });
  if (channels.size === 0) {
    app.log.warn(
      'No delivery channel is configured (SMTP_URL + ENQUIRY_NOTIFY_TO, or ENQUIRY_WEBHOOK_URL): enquiries are only stored.',
    );
  }
  if (deliveryWorker) app.addHook('onReady', async () => worker.start());

  // Retention: enquiries older than ENQUIRY_RETENTION_DAYS go, at start-up and once a day.
  const enquiries = createEnquiryRepository(db);
  const staff = createStaffRepository(db);
  const throttle = createSignInThrottle(db);
  const purge = async () => {
    try {
      const deleted = await enquiries.purgeOlderThan(retentionCutoff(config.ENQUIRY_RETENTION_DAYS));
      if (deleted > 0) app.log.info({ deleted, retentionDays: config.ENQUIRY_RETENTION_DAYS }, 'old enquiries purged');
      await staff.purgeSessions(sessionLimits(config));
      await throttle.purgeBrowsers(KNOWN_BROWSER_MS);
    } catch (error) {
      app.log.error({ err: error }, 'retention purge failed');
    }
  };
  let purgeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    purgeTimer = setInterval(purge, 24 * 60 * 60 * 1000).unref();
  });
  // Shutdown: Fastify stops accepting and finishes requests, then this finishes the sends in flight.
  // A kept-alive connection busy at that moment is closed after its answer (Connection: close)
  // rather than left open until the keep-alive time-out, so the process exits once it is done.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('Connection', 'close');
  });
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await worker.stop();
    if (!database) await db.close();
  });

  // Security headers for everything. The CSP is set per response: pages carry their own
  // (pages.ts, security.ts); anything else gets one that allows nothing.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false },
    // Other sites learn nothing of where a visitor was on ours; our own server does: a
    // form posted without JavaScript carries its page's URL, campaign and all (attribution).
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', API_CSP);
  });
  // Pages are compressed once at start-up (pages.ts); this covers assets and API replies.
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Thrown to the error handler below, which sends { error: message }.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests from your connection. Please try again in ${Math.ceil(context.ttl / 1000)} seconds, or call us.`,
    }),
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Only JSON and HTML forms are accepted: anything else (text/plain, multipart…) is a 415.
  app.removeContentTypeParser('text/plain');

  // Every error answer: { error } on the API, plain words elsewhere; never the path or a stack.
  // Only the server's own faults log at error level: nothing a visitor sends can raise one.
  const sendError = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) =>
    request.url.startsWith('/api/')
      ? reply.code(status).send({ error: message })
      : reply.code(status).type('text/plain; charset=utf-8').send(message);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message =
        request.routeOptions.config.invalid ?? error.validation[0]?.message ?? 'The request could not be understood.';
      return sendError(request, reply, 400, message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        requestErrors[error.code] ?? (status === 429 ? error.message : 'The request could not be understood.');
      return sendError(request, reply, status, message);
    }
    if (isBadDataError(error)) {
      request.log.warn({ err: error, url: loggedUrl(request.url), method: request.method }, 'database refused a value');
      return sendError(request, reply, 400, 'The request could not be understood.');
    }
    request.log.error({ err: error, url: loggedUrl(request.url), method: request.method }, 'request failed');
    return sendError(request, reply, 500, 'Something went wrong on our side. Please try again, or call us.');
  });

  // Everything but HTML: hashed assets (cached for a year), favicon, robots.txt, sitemap.xml.
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    allowedPath: (pathname) => !pathname.endsWith('.html'),
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${resolve(clientDir, 'assets')}`);
      if (filePath.endsWith('.data')) {
        // A page's words for client-side navigation (React Router's prerendered loader data):
        // revalidated like the page itself, and compressible.
        res.header('Content-Type', DATA_TYPE);
        res.header('Cache-Control', 'no-cache');
        return;
      }
      res.header('Cache-Control', immutable ? HASHED_ASSET_CACHE : 'public, max-age=3600');
    },
  });

  // A client-side navigation to an unknown path asks for its data (/hi/no-such-page.data):
  // the not-found page's data of that language, as the document would be its not-found page.
  const notFoundData = Object.fromEntries(
    languages.map((language) => {
      const file = join(clientDir, `${localizedPath(language, paths.notFound)}.data`);
      return [language, existsSync(file) ? readFileSync(file) : undefined];
    }),
  );

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number) => {
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', page.csp);
    if (status === 200) {
      reply.header('ETag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.code(status).header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.html);
  };

  for (const [path, page] of pages.byPath) {
    app.get(path, (request, reply) => sendPage(request, reply, page, 200));
  }

  const audit = createAuditLog(db);
  await app.register(enquiryRoutes, {
    config,
    enquiries,
    audit,
    channels: [...channels.keys()],
    onStored: () => worker.kick(),
  });
  await app.register(healthRoutes, { database: db, outbox });
  await app.register(deskAppRoutes, { deskDir });
  await app.register(deskAuthRoutes, { config, staff, throttle, audit });
  await app.register(deskAccountRoutes, {
    staff,
    audit,
    throttle,
    passwordCost: passwordCost(config.STAFF_PASSWORD_COST),
  });
  await app.register(deskEnquiryRoutes, {
    config,
    desk: createDeskRepository(db),
    enquiries,
    staff,
    audit,
    outbox,
    onRetry: () => worker.kick(),
  });

  app.setNotFoundHandler((request, reply) => {
    // A malformed or over-long address (bad-requests.ts): its own status and words, never its path.
    const bad = badAddress(request);
    if (bad) {
      if (bad.path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD'))
        return reply.code(bad.status).send({ error: bad.message });
      return sendPage(request, reply, pages.notFound[languageOfPath(bad.path)], bad.status);
    }
    const [pathname = '/', query] = request.url.split('?');
    if (pathname.startsWith('/api/')) return reply.code(404).send({ error: 'Not found.' });
    const language = languageOfPath(pathname);
    const data = notFoundData[language];
    if (pathname.endsWith('.data') && data && request.method === 'GET') {
      return reply.header('Content-Type', DATA_TYPE).header('Cache-Control', 'no-cache').send(data);
    }
    // /about/ → /about, so every page has one URL.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const bare = pathname.replace(/\/+$/, '') || '/';
      if (pages.byPath.has(bare)) return reply.redirect(query ? `${bare}?${query}` : bare, 301);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not found.' });
    }
    return sendPage(request, reply, pages.notFound[language], 404);
  });

  return app;
}
