/**
 * "Find my booking" (issue 38): a family that lost its seat's link proves the number it booked
 * with and gets the links again, on the page and by email to the address given with each booking.
 *
 *   GET  /r/find?lang=hi                  the page: the number to prove (HTML, no script)
 *   POST /api/registrations/find          { phone, language, numberProof | codeId + code }
 *
 * Nobody else learns anything: until the number is proved every answer is the same whether or
 * not a seat was booked from it (a code is sent, or 403 "needed" as JSON). The page's form posts
 * without a proof: the code goes, and a page asks for it (registrant-page.ts codePage); its answer
 * posts the code, and the seats come back. The code's limits (per number, address and network)
 * are the booking's own (server/phone-codes/).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localDate } from '../../../shared/institute-calendar';
import { languages } from '../../../shared/languages';
import { institute } from '../../../shared/institute';
import { paths } from '../../../shared/paths';
import { enquiryFields, type ProblemCode } from '../../../shared/schema/enquiry';
import { enquiryMessage } from '../../../shared/schema/enquiry-messages';
import { isOver } from '../../../shared/schema/events';
import { errorReply, storedText } from '../../../shared/schema/replies/common';
import { fill, formatPhone } from '../../../shared/format';
import { serverWords } from '../../../src/content/server-words';
import { proofSent } from '../../phone-codes/phone-codes';
import { isHtmlForm } from './form-error-page';
import { codePage, codeRequested, findBookingPage, foundBookingsPage, REGISTRANT_CSP } from './registrant-page';

/** Lookups one address may make in a minute (each is a code asked for, or typed). */
export const FIND_BOOKING_PER_MINUTE = 20;

const findBody = z.object({
  phone: z.unknown().optional(),
  language: z.enum(languages).catch('en').default('en'),
  numberProof: z.unknown().optional(),
  codeId: z.unknown().optional(),
  code: z.unknown().optional(),
});

const foundReply = z.object({
  bookings: z.array(
    z.object({
      token: storedText(),
      studentName: storedText(),
      rollNumber: storedText(),
      eventType: storedText(),
      sessionId: storedText(),
      date: storedText(),
      starts: storedText(),
      online: z.boolean(),
    }),
  ),
  /** The links went again by email too (to the address given with each booking that has one). */
  emailed: z.boolean(),
  /** Said on the page: the seats found, or none and what to do. */
  message: storedText(),
  numberProof: storedText(),
});
const refusedReply = errorReply.extend({
  verification: z.enum(['needed', 'wrong', 'gone']).optional(),
  triesLeft: z.number().optional(),
});

export async function findBookingRoutes(app: FastifyInstance) {
  const { registrations, eventSessions, registrationLinks: links, phoneCodes } = app.repositories;
  // The links go again by email to the address given with each booking (the outbox's registrant channels are on).
  const emailRegistrants = app.delivery.channels.includes('admit-card');
  const api = app.withTypeProvider<ZodTypeProvider>();
  // What a family finds is its own: no cache keeps it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', REGISTRANT_CSP)
      .header('X-Robots-Tag', 'noindex')
      .send(body);

  api.get(
    paths.findBooking('en'),
    { schema: { querystring: z.object({ lang: z.enum(languages).catch('en').default('en') }) } },
    async (request, reply) => html(reply, 200, findBookingPage(request.query.lang)),
  );

  api.post(
    paths.api.findBooking,
    {
      bodyLimit: 4 * 1024,
      // Counted once the body is read, so that the answer is in the family's language.
      config: { rateLimit: { max: FIND_BOOKING_PER_MINUTE, timeWindow: '1 minute', hook: 'preValidation' } },
      errorHandler: (error, request, reply) => {
        if (error.statusCode !== 429) return app.errorHandler(error, request, reply);
        const body = request.body as { language?: unknown } | undefined;
        const language = body?.language === 'hi' ? 'hi' : 'en';
        const { message } = serverWords[language].tooMany;
        const said = fill(message, { phone: formatPhone(institute.phone) });
        return isHtmlForm(request)
          ? html(reply, 429, findBookingPage(language, { error: said }))
          : reply.code(429).send({ error: said });
      },
      schema: {
        body: findBody,
        response: {
          200: foundReply.describe('The seats standing that the proved number booked (none is an empty list).'),
          400: refusedReply.describe('The number is not a mobile number, or the code typed is not the one sent.'),
          403: refusedReply.describe('No proof of the number: ask for a code (POST /api/phone-codes) first.'),
          410: refusedReply.describe('The code expired or was used up: ask for a new one.'),
          '4xx': errorReply,
        },
      },
    },
    async (request: FastifyRequest<{ Body: z.infer<typeof findBody> }>, reply) => {
      const { language, numberProof, codeId, code } = request.body;
      const htmlForm = isHtmlForm(request);
      const words = serverWords[language].events;
      const checked = enquiryFields.shape.phone.safeParse(request.body.phone);
      if (!checked.success) {
        const problem = checked.error.issues[0]?.message === 'required' ? 'required' : 'invalid';
        const error = enquiryMessage(language, serverWords[language].form, 'phone', problem as ProblemCode);
        const typed = typeof request.body.phone === 'string' ? request.body.phone.slice(0, 40) : '';
        return htmlForm
          ? html(reply, 400, findBookingPage(language, { error, phone: typed }))
          : reply.code(400).send({ error });
      }
      const phone = checked.data;
      const now = new Date();
      const fields = [
        ['phone', phone],
        ['language', language],
      ] as const;
      const sent = await proofSent(phoneCodes, { numberProof, codeId, code }, phone, now);
      if (sent.outcome === 'wrong') {
        const error = fill(words.verification.wrong, { tries: String(sent.triesLeft) });
        return htmlForm
          ? html(reply, 400, codePage(language, { error, fields, codeId: sent.codeId, to: 'find' }))
          : reply.code(400).send({ error, verification: 'wrong' as const, triesLeft: sent.triesLeft });
      }
      if (sent.outcome === 'gone') {
        const error = words.verification.gone;
        return htmlForm
          ? html(reply, 410, codePage(language, { error, fields, to: 'find' }))
          : reply.code(410).send({ error, verification: 'gone' as const });
      }
      if (sent.outcome === 'none') {
        if (!htmlForm)
          return reply.code(403).send({ error: words.verification.needed, verification: 'needed' as const });
        // The same whoever's number it is: a code goes (within its limits), and a page asks for it.
        const requested = await phoneCodes.request({ phone, address: request.ip, language, now });
        const { status, ...said } = codeRequested(language, requested, phone);
        return html(reply, status, codePage(language, { ...said, fields, to: 'find' }));
      }

      const today = localDate(now);
      const sessions = await eventSessions(now);
      const notOver = sessions.filter((session) => !isOver(session, today));
      const standing = await registrations.standingFrom(
        phone,
        notOver.map((session) => session.id),
      );
      const bookings = await Promise.all(
        standing.flatMap((registration) => {
          const session = notOver.find((each) => each.id === registration.session_id);
          return session
            ? [
                (async () => ({
                  token: await links.tokenFor(registration.id),
                  studentName: registration.student_name,
                  rollNumber: registration.roll_number,
                  session,
                }))(),
              ]
            : [];
        }),
      );
      let emailed = false;
      if (emailRegistrants)
        for (const registration of standing) if (await registrations.resendLink(registration, now)) emailed = true;
      request.log.info({ found: bookings.length, emailed }, 'bookings found for a proved number');
      if (htmlForm) return html(reply, 200, foundBookingsPage(language, { phone, bookings, emailed }));
      const find = words.findBooking;
      return {
        bookings: bookings.map(({ token, studentName, rollNumber, session }) => ({
          token,
          studentName,
          rollNumber,
          eventType: session.type,
          sessionId: session.id,
          date: session.date,
          starts: session.starts,
          online: session.online,
        })),
        emailed,
        message: bookings.length
          ? fill(find.found, { phone: formatPhone(phone) })
          : fill(find.none, { phone: formatPhone(phone), call: formatPhone(institute.phone) }),
        numberProof: sent.proof,
      };
    },
  );
}
