/**
 * POST /api/registrations: a seat at a session of the scholarship test or the demo class
 * (issue 27), from the event's page (JSON from its script, or a plain HTML form post when
 * JavaScript is off). A seat is held only for a number its family proved (issue 38). The
 * enquiry is stored as POST /api/enquiries stores it (its family, owner, campaign and
 * deliveries: visitor-submission.ts), with the seat and the registration in the same transaction
 * (registration-repository.ts). What the registrant then does from their link: registrations.ts.
 * Every answer, with curl examples, is in docs/api.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fill, formatPhone } from '../../../shared/format';
import { institute } from '../../../shared/institute';
import { localDate } from '../../../shared/institute-calendar';
import { paths } from '../../../shared/paths';
import { enquirySchema, numberToProve } from '../../../shared/schema/enquiry';
import { isOver, takesRegistrations } from '../../../shared/schema/events';
import { noBody, jsonOrFormPage } from '../../../shared/schema/replies/common';
import {
  registrationFullReply,
  registrationRefusedReply,
  registrationReply,
} from '../../../shared/schema/replies/visitor';
import { serverWords } from '../../../src/content/server-words';
import { qualifiesForMeta } from '../../delivery/meta-conversions';
import { fullAnswer, isFor, nextWithSeats, sessionInFull } from '../../registrations/event-sessions';
import { proofSent } from '../../phone-codes/phone-codes';
import { isHtmlForm } from './form-error-page';
import {
  bookingAnswerPage,
  codePage,
  codeRequested,
  type PostedFields,
  PROOF_FIELDS,
  REGISTRANT_CSP,
} from './registrant-page';
import { registrationBody, RETRY_AFTER_SECONDS, sentWith, visitorForms } from './visitor-submission';

export async function bookingRoutes(app: FastifyInstance) {
  const { registrations, eventSessions, registrationLinks: links, phoneCodes } = app.repositories;
  // The channels this server delivers by: the booking's enquiry's go in its transaction.
  const { channels } = app.delivery;
  // Email a registrant their admit card and a reminder (the outbox's registrant channels are on).
  const emailRegistrants = channels.includes('admit-card');
  // Every answer here is one family's (what they typed, their seat's link): no cache keeps it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const { rejectInvalid, visitorWrite, refuseVisitorBody, visitorErrors } = visitorForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

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

      let booking;
      try {
        booking = await registrations.register(enquiry, session, {
          language,
          notOver: sessions.filter((each) => !isOver(each, today)).map((each) => each.id),
          proved,
          repeatByWindow: false,
          // With an email address, the admit card by email and a reminder the day before.
          emailRegistrant: emailRegistrants,
          // A seat booked is Meta's CompleteRegistration, in the enquiry's place of a Lead.
          ...sentWith(request, channels, {
            toMeta: (trackingConsent) => qualifiesForMeta(enquiry, trackingConsent, 'booking'),
            eventName: 'CompleteRegistration',
            now,
          }),
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
}
