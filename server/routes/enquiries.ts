/**
 * POST /api/enquiries: the enquiry form's endpoint (JSON from the form, or a plain
 * HTML form post when JavaScript is off), and GET /api/enquiries/export for staff.
 * Every answer, with curl examples, is in docs/api.md.
 */
import { queuedWith } from '../../shared/delivery-channels';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Language, isLanguage, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { serverWords } from '../../src/content/server-words';
import { institute } from '../../shared/institute';
import { type Attribution, attributionFromUrl, cleanAttribution } from '../../shared/schema/attribution';
import {
  type EnquiryFieldName,
  enquiryDetailsSchema,
  enquirySchema,
  type FieldProblems,
  fieldProblems,
  numberToProve,
} from '../../shared/schema/enquiry';
import { enquiryMessage } from '../../shared/schema/enquiry-messages';
import { metaEventContext, qualifiesForMeta, trackingConsentOf } from '../delivery/meta-conversions';
import { fullAnswer, isFor, nextWithSeats, sessionInFull } from '../event-sessions';
import { localDate } from '../../shared/institute-calendar';
import { isOver, takesRegistrations } from '../../shared/schema/events';
import { counted, exportAudit, parseSince, sendCsv } from '../export';
import { fill, formatPhone } from '../../shared/format';
import { hasStaffToken } from '../plugins/authentication';
import { text } from '../../shared/schema/text';
import {
  csvReply,
  enquiryCreatedReply,
  registrationFullReply,
  registrationRefusedReply,
  registrationReply,
  enquiryDetailsReply,
  errorReply,
  fieldErrorsReply,
  idParams,
  jsonOrFormPage,
  noBody,
} from '../../shared/schema/replies';
import { FORM_ERROR_STYLE, formErrorPage, isHtmlForm } from './form-error-page';
import {
  bookingAnswerPage,
  codePage,
  codeRequested,
  type PostedFields,
  PROOF_FIELDS,
  REGISTRANT_CSP,
} from './registrant-page';
import { proofSent } from '../phone-codes/phone-codes';

export const ENQUIRY_BODY_LIMIT = 16 * 1024;
/** Seconds a client should wait before retrying when the database is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

/** The error page may use its own inline style, nothing else. */
const FORM_ERROR_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(FORM_ERROR_STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

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
const enquiryBody = enquirySchema.and(
  z.object({
    attribution: z.unknown().optional(),
    trackingConsent: z.unknown().optional(),
    numberProof: z.unknown().optional(),
    codeId: z.unknown().optional(),
    code: z.unknown().optional(),
  }),
);

/** A registration: the enquiry, and the session (an id from the live content's eventSessions). */
const registrationBody = enquiryBody.and(z.object({ sessionId: z.unknown().optional() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token export's query: since (a date, or a UTC time) or everything. */
const exportQuery = z.object({
  since: text()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return new Date(0);
      const since = parseSince(value);
      if (since) return since;
      context.addIssue({ code: 'custom', message: 'since must be a date such as 2026-01-01.' });
      return z.NEVER;
    }),
});

export async function enquiryRoutes(app: FastifyInstance) {
  const { config } = app;
  const {
    enquiries,
    audit,
    registrations,
    eventSessions,
    registrationLinks: links,
    phoneCodes,
    deskSettings,
  } = app.repositories;
  // The channels this server delivers by: a new enquiry's go in the same transaction (shared/delivery-channels.ts).
  const { channels } = app.delivery;
  // Email a registrant their admit card and a reminder (the outbox's registrant channels are on).
  const emailRegistrants = channels.includes('admit-card');
  // Whether an enquiry's number must be proved by a code first (the admins' setting: desk-settings.ts).
  const verifyEnquiries = async () => (await deskSettings.get('verification')).enquiries;
  // Every answer here is one family's (what they typed, their seat's link): no cache keeps it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const rejectInvalid = (request: FastifyRequest, reply: FastifyReply, language: Language, problems: FieldProblems) => {
    const words = serverWords[language].form;
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, code]) => [
        field,
        enquiryMessage(language, words, field as EnquiryFieldName, code),
      ]),
    );
    if (isHtmlForm(request)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', FORM_ERROR_CSP)
        .send(
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
    return reply
      .code(429)
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', FORM_ERROR_CSP)
      .send(formErrorPage(language, {}, said, title));
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

  const api = app.withTypeProvider<ZodTypeProvider>();

  /** What a visitor is told. A plain HTML form post gets the form's error page (text/html) for a 400 or a 503. */
  const visitorErrors = {
    400: jsonOrFormPage('Something to correct: each field’s problem.', fieldErrorsReply),
    '4xx': errorReply,
    429: jsonOrFormPage('Too many forms from this connection in a minute: try again after Retry-After.', errorReply),
    503: jsonOrFormPage('The database did not take it: try again after Retry-After.', errorReply),
  };

  api.post(
    '/api/enquiries',
    {
      ...visitorWrite,
      schema: {
        body: enquiryBody,
        response: {
          201: enquiryCreatedReply,
          303: noBody('Stored, from a plain HTML form: Location is the thank-you page.'),
          ...visitorErrors,
          400: jsonOrFormPage('Something to correct, or the code typed is not the one sent.', registrationRefusedReply),
          403: registrationRefusedReply.describe(
            'Numbers are proved first (the admins’ setting) and none was: ask for a code (POST /api/phone-codes).',
          ),
          410: jsonOrFormPage(
            'The code sent with it expired or was used up: ask for a new one.',
            registrationRefusedReply,
          ),
        },
      },
      errorHandler: refuseVisitorBody(enquirySchema),
    },
    async (request, reply) => {
      const { numberProof, codeId, code, ...body } = request.body;
      const enquiry = body;
      const language = enquiry.language;
      // `created` false: the server recognised a repeat of an enquiry it already has.
      const accepted = (id: string, created = true) =>
        isHtmlForm(request)
          ? reply.redirect(localizedPath(enquiry.language, paths.thankYou), 303)
          : reply.code(201).send({ id, created });

      if (enquiry.website) {
        // A bot filled in the hidden field: answer as if accepted, store nothing.
        request.log.info({ honeypot: true }, 'enquiry dropped by honeypot');
        return accepted(randomUUID());
      }

      // A number proved is optional here (the counsellor calls it anyway), but a code typed wrong is said.
      const sent = await proofSent(phoneCodes, { numberProof, codeId, code }, numberToProve(enquiry), new Date());
      if (sent.outcome === 'wrong' || sent.outcome === 'gone') {
        const verification = serverWords[language].events.verification;
        const error =
          sent.outcome === 'wrong' ? fill(verification.wrong, { tries: String(sent.triesLeft) }) : verification.gone;
        if (isHtmlForm(request)) {
          return reply
            .code(sent.outcome === 'wrong' ? 400 : 410)
            .type('text/html; charset=utf-8')
            .header('Content-Security-Policy', FORM_ERROR_CSP)
            .send(formErrorPage(language, {}, error));
        }
        return sent.outcome === 'wrong'
          ? reply.code(400).send({ error, verification: 'wrong' as const, triesLeft: sent.triesLeft })
          : reply.code(410).send({ error, verification: 'gone' as const });
      }
      const proved = sent.outcome === 'proved' ? sent.proved : undefined;
      // With the admins' setting on, the form asks for a code first (a 403 tells it to). A form
      // sent without JavaScript cannot: it is stored unproved, for the counsellor to call, and the
      // ads are told only of proved leads.
      // Unread (the database down): as off, and the enquiry's own save then answers 503.
      const verifying = await verifyEnquiries().catch(() => false);
      if (verifying && !proved && !isHtmlForm(request)) {
        const { neededEnquiry } = serverWords[language].events.verification;
        return reply.code(403).send({ error: neededEnquiry, verification: 'needed' as const });
      }

      const formPage = formPageOf(request);
      const attribution = attributionOf(body, formPage);
      // Only the form's script knows the visitor's answer to the pixel; a plain form post carries none.
      const trackingConsent = isHtmlForm(request) ? null : trackingConsentOf(body);
      // Meta hears only of a consenting adult's enquiry, with what it needs to match the browser's event.
      const toMeta = channels.includes('meta') && qualifiesForMeta(enquiry, trackingConsent) && (!verifying || proved);
      let saved;
      try {
        saved = await enquiries.save(enquiry, {
          source: isHtmlForm(request) ? 'form' : 'json',
          attribution,
          trackingConsent,
          // Each channel once per enquiry; but the email to its counsellor goes with the assignment.
          channels: queuedWith('enquiry', channels).filter((channel) => toMeta || channel !== 'meta'),
          emailOwner: channels.includes('assignee'),
          ...(proved ? { proved } : {}),
          ...(toMeta
            ? { context: { meta: metaEventContext(request, formPage, attribution, new Date(), institute.origin) } }
            : {}),
        });
      } catch (error) {
        request.log.error({ err: error }, 'could not store enquiry');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        const message = fill(serverWords[language].form.errors.unavailable, { phone: formatPhone(institute.phone) });
        if (isHtmlForm(request)) {
          return reply
            .code(503)
            .type('text/html; charset=utf-8')
            .header('Content-Security-Policy', FORM_ERROR_CSP)
            .send(formErrorPage(language, {}, message));
        }
        return reply.code(503).send({ error: message });
      }
      request.log.info(
        {
          enquiryId: saved.id,
          created: saved.created,
          heldApart: saved.heldApart,
          proved: Boolean(proved),
          course: enquiry.course,
          language: enquiry.language,
        },
        'enquiry stored',
      );
      if (saved.created) app.delivery.kick();
      // A repeat from another form is answered as a new one: its sender does not learn the family's id.
      return accepted(saved.created || saved.sameSender ? saved.id : randomUUID(), saved.created);
    },
  );

  /**
   * A seat at a session of the scholarship test or the demo class (issue 27): the enquiry is
   * stored as POST /api/enquiries stores it (its family, owner, campaign and deliveries), with
   * the seat and the registration in the same transaction (registration-repository.ts). JSON
   * only for now (the pages and their no-JavaScript form come next: docs/registrations.md).
   */
  /**
   * A plain form post's fields as the browser sent them, before the schema turned them into
   * what is stored (the consent and the under-18 tick become true or false, a field left empty
   * goes): the "full" page's button sends these again, exactly.
   */
  const posted = new WeakMap<FastifyRequest, PostedFields>();

  api.post(
    '/api/registrations',
    {
      ...visitorWrite,
      preValidation: async (request) => {
        if (!isHtmlForm(request) || typeof request.body !== 'object' || request.body === null) return;
        const fields = Object.entries(request.body as Record<string, unknown>).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value])
            .filter((each): each is string => typeof each === 'string')
            .map((each): [string, string] => [name, each]),
        );
        posted.set(request, fields);
      },
      schema: {
        body: registrationBody,
        response: {
          200: jsonOrFormPage(
            'The seat this student already has (a plain form post: a page saying so).',
            registrationReply,
          ),
          201: registrationReply,
          303: noBody('Booked, from a plain HTML form: Location is the registrant’s page (/r/<token>).'),
          409: jsonOrFormPage('The session is full: the next one with seats, if any.', registrationFullReply),
          ...visitorErrors,
          400: jsonOrFormPage('Something to correct, or the code typed is not the one sent.', registrationRefusedReply),
          403: registrationRefusedReply.describe(
            'No proof of the number: ask for a code (POST /api/phone-codes) first.',
          ),
          410: jsonOrFormPage('The code expired or was used up: ask for a new one.', registrationRefusedReply),
        },
      },
      errorHandler: refuseVisitorBody(enquirySchema),
    },
    async (request, reply) => {
      const { sessionId, numberProof, codeId, code, ...enquiry } = request.body;
      const { language } = enquiry;
      const words = serverWords[language].events.answers;
      const now = new Date();
      const htmlForm = isHtmlForm(request);
      /** A booking that books nothing: JSON, or (a plain form post) a page saying why, keeping what was typed. */
      const answerPage = (code: number, answer: Omit<Parameters<typeof bookingAnswerPage>[1], 'language'>) =>
        reply
          .code(code)
          .type('text/html; charset=utf-8')
          .header('Content-Security-Policy', REGISTRANT_CSP)
          .send(bookingAnswerPage(language, answer));
      const refuse = (message: string) =>
        htmlForm ? answerPage(400, { message }) : reply.code(400).send({ error: message });
      if (enquiry.website) {
        request.log.info({ honeypot: true }, 'registration dropped by honeypot');
        return refuse(words.closed);
      }
      // A seat needs the student's class: it says which sessions are for them.
      if (!enquiry.classLevel) return rejectInvalid(request, reply, language, { classLevel: 'required' });
      const sessions = await eventSessions(now);
      const today = localDate(now);
      const session = sessions.find((candidate) => candidate.id === sessionId);
      if (!session || !takesRegistrations(session, today)) return refuse(words.closed);
      if (!isFor(session, enquiry)) return refuse(words.notFor);

      // A seat is held only for a number its family has proved (issue 38): the student's, or the
      // parent's for a student under 18. Nothing is stored until then.
      const toProve = numberToProve(enquiry);
      const verification = serverWords[language].events.verification;
      const codePageOf = (status: number, said: Omit<Parameters<typeof codePage>[1], 'fields'>) =>
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('Content-Security-Policy', REGISTRANT_CSP)
          .send(codePage(language, { ...said, fields: posted.get(request) ?? [] }));
      const sent = await proofSent(phoneCodes, { numberProof, codeId, code }, toProve, now);
      if (sent.outcome === 'wrong') {
        const error = fill(verification.wrong, { tries: String(sent.triesLeft) });
        return htmlForm
          ? codePageOf(400, { error, codeId: sent.codeId })
          : reply.code(400).send({ error, verification: 'wrong' as const, triesLeft: sent.triesLeft });
      }
      if (sent.outcome === 'gone') {
        return htmlForm
          ? codePageOf(410, { error: verification.gone })
          : reply.code(410).send({ error: verification.gone, verification: 'gone' as const });
      }
      if (sent.outcome === 'none') {
        if (!htmlForm) return reply.code(403).send({ error: verification.needed, verification: 'needed' as const });
        // Without JavaScript the form posts as it is: the code goes now, and a page asks for it.
        const requested = await phoneCodes.request({ phone: toProve, address: request.ip, language, now });
        const { status, ...said } = codeRequested(language, requested, toProve);
        return codePageOf(status, said);
      }
      const { proof, proved } = sent;

      const provedFields = (): PostedFields => [
        ...(posted.get(request) ?? []).filter(([name]) => !PROOF_FIELDS.includes(name)),
        ['numberProof', proof],
      ];

      const formPage = formPageOf(request);
      const attribution = attributionOf(request.body, formPage);
      // Only the form's script knows the visitor's answer to the pixel; a plain form post carries none.
      const trackingConsent = htmlForm ? null : trackingConsentOf(request.body);
      const toMeta = channels.includes('meta') && qualifiesForMeta(enquiry, trackingConsent, 'booking');
      let booking;
      try {
        booking = await registrations.register(enquiry, session, {
          language,
          notOver: sessions.filter((each) => !isOver(each, today)).map((each) => each.id),
          proved,
          repeatByWindow: false,
          // With an email address, the admit card by email and a reminder the day before.
          emailRegistrant: emailRegistrants,
          source: htmlForm ? 'form' : 'json',
          attribution,
          trackingConsent,
          channels: queuedWith('enquiry', channels).filter((channel) => toMeta || channel !== 'meta'),
          emailOwner: channels.includes('assignee'),
          // A seat booked is Meta's CompleteRegistration, in the enquiry's place of a Lead.
          ...(toMeta
            ? {
                context: {
                  meta: {
                    ...metaEventContext(request, formPage, attribution, now, institute.origin),
                    eventName: 'CompleteRegistration' as const,
                  },
                },
              }
            : {}),
          now,
        });
      } catch (error) {
        request.log.error({ err: error }, 'could not store registration');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        const message = fill(serverWords[language].events.booking.unavailable, { phone: formatPhone(institute.phone) });
        return htmlForm ? answerPage(503, { message }) : reply.code(503).send({ error: message });
      }
      if (booking.outcome === 'perNumber') {
        request.log.info({ sessionId: session.id }, 'registration refused: the number holds its seats');
        return refuse(
          fill(verification.perNumber, { count: String(booking.count), phone: formatPhone(institute.phone) }),
        );
      }
      if (booking.outcome === 'full') {
        const next = nextWithSeats(sessions, session, await registrations.seatsTaken(), enquiry, now);
        request.log.info({ sessionId: session.id, next: next?.id }, 'registration refused: session full');
        const answer = fullAnswer(language, next, session);
        if (!htmlForm) return reply.code(409).send({ ...answer, numberProof: proof });
        // What was posted, sent again exactly, with the next session, by one button that names it.
        return answerPage(409, {
          title: serverWords[language].events.booking.fullTitle,
          message: answer.error,
          // The number stays proved for the next session: its proof goes with the fields, not the used code.
          ...(next ? { resend: { fields: provedFields(), next } } : {}),
        });
      }
      const { registration } = booking;
      request.log.info(
        { registrationId: registration.id, enquiryId: booking.enquiryId, sessionId: registration.session_id },
        `registration ${booking.outcome}`,
      );
      if (booking.outcome === 'booked') app.delivery.kick();
      // The link is the registrant's alone: a repeat gets it only from the form that booked the seat.
      const sameForm =
        booking.outcome === 'booked' || Boolean(enquiry.idempotencyKey && booking.sentWith === enquiry.idempotencyKey);
      const emailed = booking.emailed;
      let message = fill(words.booked, { roll: registration.roll_number });
      if (!sameForm) {
        // Booked before, from elsewhere: which seat, and how to change it, never its link here
        // (whoever knows a name and a number would have it). The link goes again to the email
        // given with that booking, when there is one; otherwise, a call.
        const said = serverWords[language].events.booking;
        const bookedAt = sessions.find((candidate) => candidate.id === registration.session_id);
        const resent = emailRegistrants && (await registrations.resendLink(registration, now));
        if (resent) request.log.info({ registrationId: registration.id }, 'registration link emailed again');
        message = [
          bookedAt
            ? fill(said.alreadyAt, { session: sessionInFull(bookedAt, language), roll: registration.roll_number })
            : fill(words.already, { roll: registration.roll_number }),
          resent ? said.alreadyEmailed : fill(said.alreadyCall, { phone: formatPhone(institute.phone) }),
        ].join(' ');
      }
      if (htmlForm) {
        if (!sameForm) return answerPage(200, { title: serverWords[language].events.booking.alreadyTitle, message });
        const page = paths.registrant(await links.tokenFor(registration.id));
        // The page says it is booked (and that the card is on its way by email).
        return reply.redirect(`${page}?said=${emailed ? 'emailed' : 'booked'}`, 303);
      }
      return reply.code(booking.outcome === 'booked' ? 201 : 200).send({
        outcome: booking.outcome,
        id: registration.id,
        enquiryId: booking.enquiryId,
        rollNumber: registration.roll_number,
        sessionId: registration.session_id,
        message,
        ...(sameForm ? { token: await links.tokenFor(registration.id) } : {}),
        ...(emailed ? { emailed: true } : {}),
        numberProof: proof,
      });
    },
  );

  /**
   * The optional details (class, city, email, message) the form's thank-you step asks for,
   * added to the enquiry just sent. Only its browser knows the idempotency key it was sent
   * with, which proves it; within an hour of sending; nothing else of the enquiry changes.
   */
  api.patch(
    '/api/enquiries/:id',
    {
      ...visitorWrite,
      schema: {
        params: idParams,
        body: enquiryDetailsSchema,
        response: {
          200: enquiryDetailsReply,
          400: jsonOrFormPage('Something to correct: each field’s problem.', fieldErrorsReply),
          '4xx': errorReply,
        },
      },
      errorHandler: refuseVisitorBody(enquiryDetailsSchema),
    },
    async (request, reply) => {
      const { language } = request.body;
      const { id } = request.params;
      const found = UUID.test(id) && (await enquiries.addDetails(id, request.body));
      if (!found) return reply.code(404).send({ error: serverWords[language].form.errors.detailsGone });
      request.log.info({ enquiryId: id }, 'enquiry details added');
      return reply.code(200).send({ id, updated: true });
    },
  );

  // Only with STAFF_TOKEN, checked before anything else by the authentication plugin.
  if (!config.STAFF_TOKEN) return;
  const rightToken = (request: FastifyRequest) => hasStaffToken(config, request);
  /** The token's budget: one for all its exports, wherever they come from. */
  const TOKEN_KEY = 'staff-token';

  api.get(
    '/api/enquiries/export',
    {
      // Checked after the token (the authentication plugin's hook runs first): 401 before 400.
      // The CSV is a stream, sent as it is: its 200 is documented, never serialized.
      schema: {
        querystring: exportQuery,
        response: { 200: csvReply('Every enquiry since the date, as CSV (a download).'), '4xx': errorReply },
      },
      config: {
        staffToken: true,
        invalid: 'since must be a date such as 2026-01-01.',
        // Two budgets of EXPORT_RATE_LIMIT a minute: the right token's exports, and each client
        // address's attempts without it. Guesses from one address use up that address's budget,
        // never the token's, so the institute's own script still exports while someone guesses.
        // A HEAD with the right token reads nothing and counts nothing.
        rateLimit: {
          max: config.EXPORT_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (rightToken(request) ? TOKEN_KEY : `client:${request.ip}`),
          allowList: (request: FastifyRequest, key: string) => request.method === 'HEAD' && key === TOKEN_KEY,
        },
      },
    },
    async (request, reply) => {
      const { since } = request.query;
      const filename = `enquiries-since-${since.toISOString().slice(0, 10)}.csv`;
      if (request.method === 'HEAD') return sendCsv(reply, filename);
      // Recorded once the stream is over: no one signed in (actor null), the staff token.
      const rows = counted(enquiries.streamSince(since), async (outcome) => {
        try {
          await audit.record({ actorId: null, field: 'staff-token', ...exportAudit(outcome) });
        } catch (error) {
          request.log.error({ err: error }, 'could not record the export in the audit trail');
        }
      });
      return sendCsv(reply, filename, rows);
    },
  );
}
