/**
 * What a registrant does from their link (issue 27; the token: server/registrations/registration-links.ts):
 *
 *   GET  /api/event-sessions                       the sessions not yet over, with the seats still open
 *   GET  /api/registrations/:token                 the booking, its session, the sessions it may move to
 *   POST /api/registrations/:token/cancel          cancel: the seat is free at once
 *   POST /api/registrations/:token/reschedule      { sessionId }: another session of the event with a seat
 *   GET  /api/registrations/:token/calendar.ics    the session, for a phone's calendar
 *   GET  /api/registrations/:token/admit-card.pdf  the admit card, in the registrant's language
 *   GET  /r/:token                                 the registrant's page (HTML, registrant-page.ts)
 *
 * Cancel and reschedule also take the registrant's page's plain HTML forms, and answer them
 * with a 303 back to the page, which says what happened.
 *
 * A token altered or made up is a 404, one whose session's day is over a 410, each with a
 * reason in the registrant's language (English for a token that names nobody). Booking a seat
 * (POST /api/registrations) is booking.ts: it stores an enquiry, as the enquiry form does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLanguage, type Language } from '../../../shared/languages';
import { localDate } from '../../../shared/institute-calendar';
import { isOver, takesRegistrations } from '../../../shared/schema/events';
import { errorReply, noBody } from '../../../shared/schema/replies/common';
import {
  eventSessionsReply,
  registrationChangedReply,
  registrationDetailsReply,
  registrationFullReply,
} from '../../../shared/schema/replies/visitor';
import { text } from '../../../shared/schema/text';
import { fill, formatDay } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { serverWords } from '../../../src/content/server-words';
import { fullAnswer, isFor, nextWithSeats, otherSessionsWithSeats } from '../../registrations/event-sessions';
import { admitCardPdf } from '../../registrations/admit-card';
import { seatCalendarFile } from '../../registrations/seat-calendar';
import { isHtmlForm } from './form-error-page';
import { linkRefusedPage, REGISTRANT_CSP, registrantPage } from './registrant-page';

/**
 * What the registrant's page may say at its top after one of its forms (the answers' keys;
 * `full` with the next date), or on arrival from a booking sent without JavaScript (`booked`,
 * and `emailed` when the admit card is on its way by email too).
 */
const registrantAnswers = ['cancelled', 'moved', 'full', 'closed', 'notFor', 'booked', 'emailed'] as const;
type RegistrantAnswer = (typeof registrantAnswers)[number];

const tokenParams = z.object({ token: text().max(200) });
const rescheduleBody = z.object({ sessionId: text().max(100) });

/** How often one link may ask for its admit card in a minute (a family opens it a few times). */
export const ADMIT_CARDS_PER_MINUTE = 10;
/** How many drawn admit cards are kept to send again. */
const ADMIT_CARDS_KEPT = 100;

export async function registrationRoutes(app: FastifyInstance) {
  const { registrations, eventSessions, registrationLinks: links } = app.repositories;
  // The registrant's reminder moves with a reschedule (the outbox's registrant channels are on).
  const emailRegistrants = app.delivery.channels.includes('admit-card');
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A registrant's answers are theirs (a child's name, roll number, where and when): no cache keeps
  // them. The sessions' seats say otherwise for themselves.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /** The registration a token names, its session and language; or why the token is refused, in whose language. */
  async function lookup(token: string, now: Date) {
    const id = await links.idOf(token);
    const registration = id ? await registrations.findWithStudent(id) : undefined;
    if (!registration) {
      return { refused: { code: 404, language: 'en' as Language, error: serverWords.en.events.answers.linkInvalid } };
    }
    const language: Language = isLanguage(registration.language) ? registration.language : 'en';
    const words = serverWords[language].events;
    const sessions = await eventSessions(now);
    const session = sessions.find((candidate) => candidate.id === registration.session_id);
    // Expires with its event: after the session's day (India time), or when the session is gone from the content.
    if (!session || isOver(session, localDate(now))) {
      return { refused: { code: 410, language, error: words.answers.linkExpired } };
    }
    const student = { classLevel: registration.class_level ?? undefined, course: registration.course };
    return { opened: { registration, language, words, sessions, session, student } };
  }

  /** The registration a token names (lookup); or undefined, the refusal sent as JSON. */
  async function open(token: string, reply: FastifyReply, now: Date) {
    const { opened, refused } = await lookup(token, now);
    if (refused) await reply.code(refused.code).send({ error: refused.error });
    return opened;
  }

  /**
   * A form on the registrant's page (no script): the answer is the page again, saying what
   * happened (`said`: one of the answers' keys).
   */
  const backToPage = (request: FastifyRequest, reply: FastifyReply, token: string, said: RegistrantAnswer) =>
    isHtmlForm(request)
      ? reply.redirect(`${paths.registrant(encodeURIComponent(token))}?said=${said}`, 303)
      : undefined;

  /** The registrant's page (registrant-page.ts), in their language; a refused link gets a page saying why. */
  api.get(
    '/r/:token',
    {
      schema: {
        params: tokenParams,
        querystring: z.object({
          said: z.enum(registrantAnswers).optional(),
          /** "Cancel my seat" tapped: the page asks once before cancelling. */
          confirm: z.literal('cancel').optional(),
        }),
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { token } = request.params;
      const { opened, refused } = await lookup(token, now);
      reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', REGISTRANT_CSP)
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex');
      if (refused)
        return reply.code(refused.code).send(linkRefusedPage(refused.language, refused.error, refused.code === 404));
      const { registration, language, words, sessions, session, student } = opened;
      const others = otherSessionsWithSeats(sessions, session, await registrations.seatsTaken(), student, now);
      const said = request.query.said;
      const notice =
        said === 'full'
          ? // The first of the others is the one chosen in the page's list.
            fullAnswer(language, others[0], others[0] ?? session).error
          : said === 'moved'
            ? fill(words.answers.moved, { date: formatDay(session.date, language) })
            : said === 'booked' || said === 'emailed'
              ? [words.answers.booked, ...(said === 'emailed' ? [words.registrant.emailed] : [])].join(' ')
              : said && words.answers[said];
      return reply.send(
        registrantPage({
          token,
          language,
          rollNumber: registration.roll_number,
          studentName: registration.student_name,
          cancelled: registration.cancelled_at !== null,
          session,
          others,
          today: localDate(now),
          ...(notice ? { notice } : {}),
          ...(request.query.confirm === 'cancel' ? { confirmCancel: true } : {}),
        }),
      );
    },
  );

  /**
   * For the events' pages, which are prerendered: the seats open now. Cached for a few seconds
   * by browsers and the proxy (a full session is refused at booking whatever a page showed).
   */
  api.get('/api/event-sessions', { schema: { response: { 200: eventSessionsReply } } }, async (_request, reply) => {
    const now = new Date();
    const today = localDate(now);
    const [sessions, taken] = await Promise.all([eventSessions(now), registrations.seatsTaken()]);
    reply.header('Cache-Control', 'public, max-age=15');
    return {
      sessions: sessions
        .filter((session) => session.date >= today)
        .sort((a, b) => (a.date + a.starts < b.date + b.starts ? -1 : 1))
        .map((session) => ({
          id: session.id,
          type: session.type,
          date: session.date,
          reportBy: session.reportBy,
          starts: session.starts,
          ends: session.ends,
          online: session.online,
          classes: session.classes,
          courses: session.courses,
          open: takesRegistrations(session, today),
          seatsLeft: Math.max(0, session.capacity - (taken.get(session.id) ?? 0)),
        })),
    };
  });

  api.get(
    '/api/registrations/:token',
    { schema: { params: tokenParams, response: { 200: registrationDetailsReply, '4xx': errorReply } } },
    async (request, reply) => {
      const now = new Date();
      const opened = await open(request.params.token, reply, now);
      if (!opened) return reply;
      const { registration, language, words, sessions, session, student } = opened;
      const others = otherSessionsWithSeats(sessions, session, await registrations.seatsTaken(), student, now);
      return {
        rollNumber: registration.roll_number,
        eventType: session.type,
        eventName: words.types[session.type].name,
        language,
        studentName: registration.student_name,
        cancelled: registration.cancelled_at !== null,
        session: {
          id: session.id,
          date: session.date,
          reportBy: session.reportBy,
          starts: session.starts,
          ends: session.ends,
          online: session.online,
        },
        otherSessions: others.map(({ id, date, starts, online }) => ({ id, date, starts, online })),
      };
    },
  );

  api.post(
    '/api/registrations/:token/cancel',
    {
      schema: {
        params: tokenParams,
        response: {
          200: registrationChangedReply,
          303: noBody('From the registrant’s page’s form: Location is the page, saying it is cancelled.'),
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const opened = await open(request.params.token, reply, new Date());
      if (!opened) return reply;
      // Cancelled already (a second tap): the same answer; the seat was freed once.
      await registrations.cancel(opened.registration.id);
      request.log.info({ registrationId: opened.registration.id }, 'registration cancelled');
      return (
        backToPage(request, reply, request.params.token, 'cancelled') ?? {
          message: opened.words.answers.cancelled,
          sessionId: opened.session.id,
        }
      );
    },
  );

  api.post(
    '/api/registrations/:token/reschedule',
    {
      schema: {
        params: tokenParams,
        body: rescheduleBody,
        response: {
          200: registrationChangedReply,
          303: noBody('From the registrant’s page’s form: Location is the page, saying what happened.'),
          409: registrationFullReply,
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const opened = await open(request.params.token, reply, now);
      if (!opened) return reply;
      const { registration, words, sessions, student } = opened;
      const answers = words.answers;
      const { token } = request.params;
      const refuse = (said: 'cancelled' | 'closed' | 'notFor') =>
        backToPage(request, reply, token, said) ?? reply.code(400).send({ error: answers[said] });
      if (registration.cancelled_at !== null) return refuse('cancelled');
      const to = sessions.find((candidate) => candidate.id === request.body.sessionId);
      if (!to || !takesRegistrations(to, localDate(now))) return refuse('closed');
      if (to.type !== opened.session.type || !isFor(to, student)) return refuse('notFor');
      const moved = await registrations.reschedule(registration.id, to, { emailRegistrant: emailRegistrants, now });
      if (moved === 'gone') return refuse('closed');
      if (moved === 'full') {
        // Offered: another session than this one and the one the booking is at.
        const elsewhere = sessions.filter((other) => other.id !== opened.session.id);
        const next = nextWithSeats(elsewhere, to, await registrations.seatsTaken(), student, now);
        return backToPage(request, reply, token, 'full') ?? reply.code(409).send(fullAnswer(opened.language, next, to));
      }
      request.log.info({ registrationId: registration.id, sessionId: to.id }, 'registration rescheduled');
      return (
        backToPage(request, reply, token, 'moved') ?? {
          message: fill(answers.moved, { date: formatDay(to.date, opened.language) }),
          sessionId: to.id,
        }
      );
    },
  );

  /**
   * The admit card (admit-card.ts), in the registrant's language; none for a cancelled booking.
   * Drawn once for what it shows (kept while it does not change), and asked for at most
   * ADMIT_CARDS_PER_MINUTE times a minute per link: a card is a tenth of a second of this
   * server's time, and a link is anyone's who booked once.
   */
  const drawn = new Map<string, Promise<Buffer>>();
  api.get(
    '/api/registrations/:token/admit-card.pdf',
    {
      schema: { params: tokenParams },
      config: {
        rateLimit: {
          max: ADMIT_CARDS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `admit-card ${(request.params as { token?: string }).token ?? ''}`,
        },
      },
    },
    async (request, reply) => {
      const opened = await open(request.params.token, reply, new Date());
      if (!opened) return reply;
      const { registration, language, words, session } = opened;
      if (registration.cancelled_at !== null) return reply.code(410).send({ error: words.answers.cancelled });
      const card = {
        language,
        rollNumber: registration.roll_number,
        studentName: registration.student_name,
        session,
      };
      const key = JSON.stringify(card);
      let pdf = drawn.get(key);
      if (!pdf) {
        pdf = admitCardPdf(card);
        drawn.set(key, pdf);
        pdf.catch(() => drawn.delete(key));
        // The oldest forgotten first (a Map keeps its order): a few cards' worth of memory.
        for (const oldest of drawn.keys()) {
          if (drawn.size <= ADMIT_CARDS_KEPT) break;
          drawn.delete(oldest);
        }
      }
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `inline; filename="${registration.roll_number}.pdf"`)
        .send(await pdf);
    },
  );

  api.get('/api/registrations/:token/calendar.ics', { schema: { params: tokenParams } }, async (request, reply) => {
    const opened = await open(request.params.token, reply, new Date());
    if (!opened) return reply;
    const { registration, language, session } = opened;
    const value = seatCalendarFile({
      registrationId: registration.id,
      token: request.params.token,
      language,
      rollNumber: registration.roll_number,
      session,
      cancelled: registration.cancelled_at !== null,
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${registration.roll_number}.ics"`)
      .send(value);
  });
}
