/**
 * How requests are read and answered, before any route: zod schemas (shared/schema,
 * replies/), the path and query cleaned, JSON and HTML forms only, compression, rate
 * limits for the routes that ask for one, every error answer in plain words, and a
 * connection closed after its answer once the app is shutting down.
 */
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { cleanPathAndQuery, isBadDataError } from '../bad-requests';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's words for a request its schema refuses. Without them, the first problem the
     * schema found is sent (each field's own words, e.g. 'Give a reason for this status.').
     */
    invalid?: string;
    /** A route's words for a body larger than its bodyLimit (413). */
    tooLarge?: string;
  }
}

/** Paths whose next segment is a registrant's link token (it shows a child's booking and cancels it). */
const TOKEN_IN_PATH = /^(\/r\/|\/api\/registrations\/)[^/]+/;

/**
 * A request's URL as the log shows it: the path without a registrant's token, and the names of
 * its parameters, never their values (a desk search is a phone number or a name; the export names
 * a date range).
 */
export function loggedUrl(url: string): string {
  const [fullPath = '', query] = url.split('?', 2);
  const path = fullPath.replace(TOKEN_IN_PATH, '$1…');
  if (query === undefined) return path;
  return `${path}?${[...new URLSearchParams(query).keys()].map((name) => `${name}=…`).join('&')}`;
}

/** Plain words for the request errors Fastify itself detects, by its error code. */
const requestErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the enquiry as JSON (application/json) or as an HTML form.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The enquiry is too large. Please shorten the message.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

async function requests(app: FastifyInstance) {
  // Routes declare their params, query, body and replies as zod schemas (shared/schema, the replies in shared/schema/replies/).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', cleanPathAndQuery);

  // Shutdown: Fastify stops accepting and finishes requests (the delivery worker then finishes
  // the sends in flight). A kept-alive connection busy at that moment is closed after its answer
  // (Connection: close) rather than left open until the keep-alive time-out, so the process
  // exits once it is done.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('Connection', 'close');
  });

  // Pages are compressed ahead of requests (pages.ts); this covers assets and API replies.
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
  const sendError = (request: FastifyRequest, reply: FastifyReply, status: number, message: string, field?: string) =>
    request.url.startsWith('/api/')
      ? reply.code(status).send(field ? { error: message, field } : { error: message })
      : reply.code(status).type('text/plain; charset=utf-8').send(message);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const message = request.routeOptions.config.invalid ?? first?.message ?? 'The request could not be understood.';
      // Where in the body the problem is ('templates.0.text.hi'), so that a form shows it at its
      // field. Sent only by the routes whose replies declare `field` (the others' schemas drop it).
      const field =
        error.validationContext === 'body' && !request.routeOptions.config.invalid
          ? first?.instancePath.split('/').filter(Boolean).join('.') || undefined
          : undefined;
      return sendError(request, reply, 400, message, field);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? request.routeOptions.config.tooLarge : undefined) ??
        requestErrors[error.code] ??
        (status === 429 ? error.message : 'The request could not be understood.');
      return sendError(request, reply, status, message);
    }
    if (isBadDataError(error)) {
      request.log.warn({ err: error, url: loggedUrl(request.url), method: request.method }, 'database refused a value');
      return sendError(request, reply, 400, 'The request could not be understood.');
    }
    request.log.error({ err: error, url: loggedUrl(request.url), method: request.method }, 'request failed');
    return sendError(request, reply, 500, 'Something went wrong on our side. Please try again, or call us.');
  });
}

export default fp(requests, { name: 'requests' });
