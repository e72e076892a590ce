/**
 * What the two forms a visitor sends have in common: POST /api/enquiries (enquiries.ts) and
 * POST /api/registrations, a seat booked (booking.ts), which stores an enquiry too. The body
 * (the enquiry, and beside it what the form says of the visit and what proves its number), its
 * size and rate limits, how a body that is refused is answered in the visitor's language (as
 * JSON or, for a plain form post, a page), and what is stored with the enquiry: where the visit
 * came from, the visitor's answer to the pixel, the outbox's channels and what Meta is told.
 */
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DeliveryChannel, queuedWith } from '../../../shared/delivery-channels';
import type { TrackingConsent } from '../../../shared/tracking';
import { fill, formatPhone } from '../../../shared/format';
import { institute } from '../../../shared/institute';
import { type Language, isLanguage } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { type Attribution, attributionFromUrl, cleanAttribution } from '../../../shared/schema/attribution';
import {
  type EnquiryFieldName,
  enquirySchema,
  type FieldProblems,
  fieldProblems,
} from '../../../shared/schema/enquiry';
import { enquiryMessage } from '../../../shared/schema/enquiry-messages';
import { errorReply, jsonOrFormPage } from '../../../shared/schema/replies/common';
import { fieldErrorsReply } from '../../../shared/schema/replies/visitor';
import { serverWords } from '../../../src/content/server-words';
import type { SaveOptions } from '../../db/enquiry-repository';
import { metaEventContext, trackingConsentOf } from '../../delivery/meta-conversions';
import { FORM_ERROR_STYLE, formErrorPage, isHtmlForm } from './form-error-page';

const ENQUIRY_BODY_LIMIT = 16 * 1024;
/** Seconds a client should wait before retrying when the database is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

/** The error page may use its own inline style, nothing else. */
const FORM_ERROR_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(FORM_ERROR_STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** A plain form post's answer: the form's error page (form-error-page.ts), with the policy that lets it show. */
export const sendFormErrorPage = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('Content-Security-Policy', FORM_ERROR_CSP).send(page);

/** The language the enquiry was sent in (its `language` field), English when it does not say or says nonsense. */
const languageOf = (body: unknown): Language => {
  const value = (body as { language?: unknown } | null)?.language;
  return isLanguage(value) ? value : 'en';
};

/** The page on this site the form was posted from (a same-site Referer), if the browser said. */
function formPageOf(request: FastifyRequest): URL | undefined {
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return undefined;
  const page = new URL(referer);
  return page.hostname === request.hostname ? page : undefined;
}

/**
 * Where the visit came from: what the form sent (the first page of the visit, kept in the
 * browser), or else what the page the form was posted from carries in its own URL (how it
 * works without JavaScript).
 */
function attributionOf(body: object, formPage: URL | undefined): Attribution {
  const sent = (body as { attribution?: unknown }).attribution;
  if (sent !== undefined) return cleanAttribution(sent);
  return formPage ? attributionFromUrl(formPage) : {};
}

/**
 * The enquiry, and beside it what the form says of the visit (read by attributionOf and
 * trackingConsentOf), and what proves its number (issue 38; proofSent): a proof from
 * POST /api/phone-codes/:id/check, or the code itself.
 */
export const enquiryBody = enquirySchema.and(
  z.object({
    attribution: z.unknown().optional(),
    trackingConsent: z.unknown().optional(),
    numberProof: z.unknown().optional(),
    codeId: z.unknown().optional(),
    code: z.unknown().optional(),
  }),
);

/** A registration: the enquiry, and the session (an id from the live content's eventSessions). */
export const registrationBody = enquiryBody.and(z.object({ sessionId: z.unknown().optional() }));

/**
 * What is stored with an enquiry the visitor sent, beside it: how it was sent, where the visit
 * came from, their answer to the pixel, the channels it goes by (each once; the email to its
 * counsellor goes with the assignment) and, when Meta hears of it (`toMeta`: a consenting
 * adult's), what Meta needs to match the browser's event (a Lead, or `eventName`).
 */
export function sentWith(
  request: FastifyRequest,
  channels: readonly DeliveryChannel[],
  {
    toMeta,
    eventName,
    now,
  }: {
    toMeta: (trackingConsent: TrackingConsent | null) => boolean;
    eventName?: 'CompleteRegistration';
    now: Date;
  },
) {
  const htmlForm = isHtmlForm(request);
  const formPage = formPageOf(request);
  const body = request.body as object;
  const attribution = attributionOf(body, formPage);
  // Only the form's script knows the visitor's answer to the pixel; a plain form post carries none.
  const trackingConsent = htmlForm ? null : trackingConsentOf(body);
  const meta = channels.includes('meta') && toMeta(trackingConsent);
  return {
    source: htmlForm ? ('form' as const) : ('json' as const),
    attribution,
    trackingConsent,
    channels: queuedWith('enquiry', channels).filter((channel) => meta || channel !== 'meta'),
    emailOwner: channels.includes('assignee'),
    ...(meta
      ? {
          context: {
            meta: {
              ...metaEventContext(request, formPage, attribution, now, institute.origin),
              ...(eventName ? { eventName } : {}),
            },
          },
        }
      : {}),
  } satisfies SaveOptions;
}

/** The visitor's forms' limits and refusals, for a plugin's routes (they answer with `app`'s error handler otherwise). */
export function visitorForms(app: FastifyInstance) {
  const { config } = app;
  const rejectInvalid = (request: FastifyRequest, reply: FastifyReply, language: Language, problems: FieldProblems) => {
    const words = serverWords[language].form;
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, code]) => [
        field,
        enquiryMessage(language, words, field as EnquiryFieldName, code),
      ]),
    );
    if (isHtmlForm(request)) {
      return sendFormErrorPage(
        reply,
        400,
        formErrorPage(
          language,
          fields,
          undefined,
          // A booking is not an enquiry to the family who sent it.
          request.routeOptions.url === paths.api.registrations
            ? serverWords[language].events.booking.checkTitle
            : undefined,
        ),
      );
    }
    return reply.code(400).send({ error: words.errors.invalid, fields });
  };

  /**
   * What a visitor may send: the body limit, and the per-client rate limit. The limit is counted
   * once the body is read (preValidation), so that its answer is in the form's language.
   */
  const visitorWrite = {
    bodyLimit: ENQUIRY_BODY_LIMIT,
    config: { rateLimit: { max: config.ENQUIRY_RATE_LIMIT, timeWindow: '1 minute', hook: 'preValidation' as const } },
  };

  /**
   * Too many forms from this connection in the last minute (429; Retry-After is set by the rate
   * limit): in the form's language, as JSON or, for a plain form post, a page.
   */
  const tooMany = (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.body);
    const { title, message } = serverWords[language].tooMany;
    const said = fill(message, { phone: formatPhone(institute.phone) });
    if (!isHtmlForm(request)) return reply.code(429).send({ error: said });
    return sendFormErrorPage(reply, 429, formErrorPage(language, {}, said, title));
  };

  /**
   * A body its schema refuses: a 400 in the visitor's language, each field's problem in words
   * (as JSON, or the form's error page); too many forms, a 429 in it too. Any other error goes on
   * to the app's error handler.
   */
  const refuseVisitorBody =
    (schema: z.ZodType) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.statusCode === 429) return tooMany(request, reply);
      if (!hasZodFastifySchemaValidationErrors(error)) return app.errorHandler(error, request, reply);
      const body = request.body;
      const language = languageOf(body);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return reply.code(400).send({ error: serverWords[language].form.errors.notAnObject });
      }
      const parsed = schema.safeParse(body);
      return rejectInvalid(request, reply, language, parsed.success ? {} : fieldProblems(parsed.error));
    };

  /** What a visitor is told. A plain HTML form post gets the form's error page (text/html) for a 400 or a 503. */
  const visitorErrors = {
    400: jsonOrFormPage('Something to correct: each field’s problem.', fieldErrorsReply),
    '4xx': errorReply,
    429: jsonOrFormPage('Too many forms from this connection in a minute: try again after Retry-After.', errorReply),
    503: jsonOrFormPage('The database did not take it: try again after Retry-After.', errorReply),
  };

  return { rejectInvalid, visitorWrite, refuseVisitorBody, visitorErrors };
}
