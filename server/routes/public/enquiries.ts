/**
 * POST /api/enquiries: the enquiry form's endpoint (JSON from the form, or a plain
 * HTML form post when JavaScript is off; what it shares with booking a seat, booking.ts:
 * visitor-submission.ts), PATCH /api/enquiries/:id (the optional details), and
 * GET /api/enquiries/export for staff.
 * Every answer, with curl examples, is in docs/api.md.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localizedPath } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { serverWords } from '../../../src/content/server-words';
import { institute } from '../../../shared/institute';
import { enquiryDetailsSchema, enquirySchema, numberToProve } from '../../../shared/schema/enquiry';
import { qualifiesForMeta } from '../../delivery/meta-conversions';
import { counted, exportAudit, parseSince, sendCsv } from '../../exports/export';
import { fill, formatPhone } from '../../../shared/format';
import { hasStaffToken } from '../../plugins/authentication';
import { text } from '../../../shared/schema/text';
import { csvReply, errorReply, idParams, jsonOrFormPage, noBody } from '../../../shared/schema/replies/common';
import {
  enquiryCreatedReply,
  registrationRefusedReply,
  enquiryDetailsReply,
  fieldErrorsReply,
} from '../../../shared/schema/replies/visitor';
import { formErrorPage, isHtmlForm } from './form-error-page';
import { enquiryBody, RETRY_AFTER_SECONDS, sendFormErrorPage, sentWith, visitorForms } from './visitor-submission';
import { proofSent } from '../../phone-codes/phone-codes';

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
  const { enquiries, audit, phoneCodes, deskSettings } = app.repositories;
  // The channels this server delivers by: a new enquiry's go in the same transaction (shared/delivery-channels.ts).
  const { channels } = app.delivery;
  // Whether an enquiry's number must be proved by a code first (the admins' setting: desk-settings.ts).
  const verifyEnquiries = async () => (await deskSettings.get('verification')).enquiries;
  // Every answer here is one family's (what they typed): no cache keeps it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const { visitorWrite, refuseVisitorBody, visitorErrors } = visitorForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

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
          return sendFormErrorPage(reply, sent.outcome === 'wrong' ? 400 : 410, formErrorPage(language, {}, error));
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

      let saved;
      try {
        saved = await enquiries.save(enquiry, {
          // Meta hears only of a consenting adult's enquiry (with a number proved, when numbers must be).
          ...sentWith(request, channels, {
            toMeta: (trackingConsent) => qualifiesForMeta(enquiry, trackingConsent) && (!verifying || Boolean(proved)),
            now: new Date(),
          }),
          ...(proved ? { proved } : {}),
        });
      } catch (error) {
        request.log.error({ err: error }, 'could not store enquiry');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        const message = fill(serverWords[language].form.errors.unavailable, { phone: formatPhone(institute.phone) });
        if (isHtmlForm(request)) {
          return sendFormErrorPage(reply, 503, formErrorPage(language, {}, message));
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
