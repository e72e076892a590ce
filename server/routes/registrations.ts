/**
 * What a registrant does from their link (issue 27; the token: server/registration-links.ts):
 *
 *   GET  /api/event-sessions                       the sessions not yet over, with the seats still open
 *   GET  /api/registrations/:token                 the booking, its session, the sessions it may move to
 *   POST /api/registrations/:token/cancel          cancel: the seat is free at once
 *   POST /api/registrations/:token/reschedule      { sessionId }: another session of the event with a seat
 *   GET  /api/registrations/:token/calendar.ics    the session, for a phone's calendar
 *
 * A token altered or made up is a 404, one whose session's day is over a 410, each with a
 * reason in the registrant's language (English for a token that names nobody). Booking a seat
 * (POST /api/registrations) is with the enquiry's own POST (enquiries.ts): it is an enquiry.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEvent } from 'ics';
import { z } from 'zod';
import { isLanguage, type Language } from '../../shared/languages';
import { fromInstituteTime, localDate } from '../../shared/institute-calendar';
import { takesRegistrations } from '../../shared/schema/events';
import {
  errorReply,
  eventSessionsReply,
  registrationChangedReply,
  registrationDetailsReply,
  registrationFullReply,
} from '../../shared/schema/replies';
import { text } from '../../shared/schema/text';
import { fill } from '../../shared/format';
import { institute } from '../../shared/institute';
import { serverWords } from '../../src/content/server-words';
import type { RegistrationRepository } from '../db/registration-repository';
import { type EventSessions, fullAnswer, isFor, nextWithSeats, otherSessionsWithSeats } from '../event-sessions';
import type { RegistrationLinks } from '../registration-links';

type Options = { registrations: RegistrationRepository; eventSessions: EventSessions; links: RegistrationLinks };

const tokenParams = z.object({ token: text().max(200) });
const rescheduleBody = z.object({ sessionId: text().max(100) });

export async function registrationRoutes(app: FastifyInstance, { registrations, eventSessions, links }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The registration a token names, its session and language; or the reply refusing the token (sent). */
  async function open(token: string, reply: FastifyReply, now: Date) {
    const id = await links.idOf(token);
    const registration = id ? await registrations.findWithStudent(id) : undefined;
    if (!registration) {
      await reply.code(404).send({ error: serverWords.en.events.answers.linkInvalid });
      return undefined;
    }
    const language: Language = isLanguage(registration.language) ? registration.language : 'en';
    const words = serverWords[language].events;
    const sessions = await eventSessions(now);
    const session = sessions.find((candidate) => candidate.id === registration.session_id);
    // Expires with its event: after the session's day (India time), or when the session is gone from the content.
    if (!session || session.date < localDate(now)) {
      await reply.code(410).send({ error: words.answers.linkExpired });
      return undefined;
    }
    const student = { classLevel: registration.class_level ?? undefined, course: registration.course };
    return { registration, language, words, sessions, session, student };
  }

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
    { schema: { params: tokenParams, response: { 200: registrationChangedReply, '4xx': errorReply } } },
    async (request, reply) => {
      const opened = await open(request.params.token, reply, new Date());
      if (!opened) return reply;
      // Cancelled already (a second tap): the same answer; the seat was freed once.
      await registrations.cancel(opened.registration.id);
      request.log.info({ registrationId: opened.registration.id }, 'registration cancelled');
      return { message: opened.words.answers.cancelled, sessionId: opened.session.id };
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
      if (registration.cancelled_at !== null) return reply.code(400).send({ error: answers.cancelled });
      const to = sessions.find((candidate) => candidate.id === request.body.sessionId);
      if (!to || !takesRegistrations(to, localDate(now))) return reply.code(400).send({ error: answers.closed });
      if (to.type !== opened.session.type || !isFor(to, student))
        return reply.code(400).send({ error: answers.notFor });
      const moved = await registrations.reschedule(registration.id, to);
      if (moved === 'gone') return reply.code(400).send({ error: answers.closed });
      if (moved === 'full') {
        // Offered: another session than this one and the one the booking is at.
        const elsewhere = sessions.filter((other) => other.id !== opened.session.id);
        const next = nextWithSeats(elsewhere, to, await registrations.seatsTaken(), student, now);
        return reply.code(409).send(fullAnswer(opened.language, next));
      }
      request.log.info({ registrationId: registration.id, sessionId: to.id }, 'registration rescheduled');
      return { message: fill(answers.moved, { date: to.date }), sessionId: to.id };
    },
  );

  api.get('/api/registrations/:token/calendar.ics', { schema: { params: tokenParams } }, async (request, reply) => {
    const opened = await open(request.params.token, reply, new Date());
    if (!opened) return reply;
    const { registration, words, session } = opened;
    const { error, value } = createEvent({
      uid: `${registration.id}@${new URL(institute.origin).hostname}`,
      title: `${words.types[session.type].name} · ${registration.roll_number}`,
      // From the reporting time to the end, India time, written as UTC: the moment, whatever the phone's zone.
      start: fromInstituteTime(`${session.date}T${session.reportBy}`).getTime(),
      end: fromInstituteTime(`${session.date}T${session.ends}`).getTime(),
      ...(registration.cancelled_at !== null ? { status: 'CANCELLED' as const } : { status: 'CONFIRMED' as const }),
      url: institute.origin,
    });
    if (error || !value) throw error ?? new Error('no calendar file');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${registration.roll_number}.ics"`)
      .send(value);
  });
}
