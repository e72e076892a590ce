/**
 * The scholarship test and the demo class at the desk (issue 27): each session's list, attendance
 * at the door by roll number, a scholarship test's score and the scholarship it earns.
 *
 *   GET   /api/staff/events                     every session (the live content's, and any an editor took out
 *                                               that has registrations), the coming ones first, with counts
 *   GET   /api/staff/events/:id                 a session, its registrations, and the band table
 *   POST  /api/staff/events/:id/attendance      { rollNumber }: present, as typed or scanned at the door
 *   POST  /api/staff/events/:id/walk-in         { consentTaken: true, ...the enquiry form's fields }: a student who did
 *                                               not book, at the door on the session's day: their enquiry taken
 *                                               (intake.ts, a walk-in), a seat booked and marked present
 *   PATCH /api/staff/registrations/:id          { present?, score? }: attendance set or taken back; the marks
 *                                               (null: none) and the scholarship they earn by the live content's
 *                                               bands (institute.scholarship: editors publish them with the site)
 *   GET   /api/staff/enquiries/:id/registrations  the family's seats (its record's panel)
 * Admins only:
 *   GET   /api/staff/events/:id/export          the session's list as a spreadsheet (CSV, formula-safe)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fill, whatsappHref } from '../../../shared/format';
import { localDate } from '../../../shared/institute-calendar';
import { isLanguage } from '../../../shared/languages';
import { scholarshipFor, scoreBounds } from '../../../shared/scholarship';
import { callFirst } from '../../../shared/schema/desk-vocabulary';
import { type EventSession, eventTypes, isOver, normaliseRollNumber } from '../../../shared/schema/events';
import { takenEnquiry, takenOptions } from '../../taken-enquiry';
import { eventEndpoints } from '../../../shared/schema/replies/events';
import { describeSession, serverWords } from '../../../src/content/server-words';
import type { ListedRegistration, SessionCounts, SessionTally } from '../../db/registration-desk-repository';
import { sendCsvFile } from '../../exports/export';
import { registrationSheetColumns, toSheet } from '../../exports/spreadsheet';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

const NO_SESSION = 'No such session: an editor may have taken it out, or the link is wrong.';
const NO_REGISTRATION = 'No such registration (it may have been erased with its enquiry).';
const CANCELLED = 'This booking was cancelled: nothing is recorded on it.';
/** What the desk shows of a session (one taken out of the content is known by its id alone). */
type Listed = Pick<EventSession, 'id' | 'type' | 'date' | 'reportBy' | 'starts' | 'ends' | 'online' | 'capacity'>;
const noCounts: SessionCounts = { booked: 0, present: 0, cancelled: 0, noEmail: 0 };

/** "ST" or "DC" and eight characters (the desk shows the stored form, normaliseRollNumber reads what was typed). */

export async function deskEventRoutes(app: FastifyInstance) {
  const { registrationDesk, registrations, eventSessions, scholarship, audit } = app.repositories;
  // The channels this server delivers by (an enquiry taken at the door: intake.ts).
  const { channels } = app.delivery;
  // Exports per member of staff a minute, as for the desk's other exports.
  const exportsPerMinute = app.config.EXPORT_RATE_LIMIT;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const english = serverWords.en;

  /** The session as the desk lists it: the content's facts (or what the registrations still say) and its counts. */
  function listed(session: Listed, counts: SessionCounts | undefined, inContent: boolean, today: string) {
    return {
      id: session.id,
      type: session.type,
      name: english.events.types[session.type].name,
      date: session.date,
      reportBy: session.reportBy,
      starts: session.starts,
      ends: session.ends,
      online: session.online,
      capacity: session.capacity,
      inContent,
      over: session.date < today,
      ...(counts ?? noCounts),
    };
  }

  /** A session an editor took out of the content, known only by its registrations: its id and event. */
  const takenOut = (id: string, { eventType }: SessionTally): Listed => ({
    id,
    type: eventTypes.find((type) => type === eventType) ?? 'scholarship-test',
    date: id.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '',
    reportBy: '',
    starts: '',
    ends: '',
    online: false,
    capacity: 0,
  });

  async function sessionsWithCounts(now = new Date()) {
    const [sessions, counts] = await Promise.all([eventSessions(now), registrationDesk.countsBySession()]);
    const today = localDate(now);
    const known = new Set(sessions.map((session) => session.id));
    return { sessions, counts, today, known };
  }

  /** The reminder by WhatsApp for a standing booking without email, before its day is over. */
  function reminderOf(row: ListedRegistration, session: EventSession | undefined, today: string): string | null {
    if (!session || row.cancelled_at || row.email || session.date < today) return null;
    const language = isLanguage(row.language) ? row.language : 'en';
    const words = serverWords[language];
    const described = describeSession(session, language, words.events, words.address);
    const message = fill(words.events.registrant.reminder, {
      institute: words.siteName,
      event: words.events.types[session.type].name,
      day: described.day,
      time: described.time,
      student: row.student_name,
      roll: row.roll_number,
      arriveAt: described.arriveAt,
      venue: described.venue,
    });
    // An online session's joining link, when the editors have given it: the family has no email to get it by.
    const joining =
      session.online && session.joinLink ? `\n${words.events.booking.joinLinkLabel}: ${session.joinLink}` : '';
    return whatsappHref(callFirst(row), `${message}${joining}`);
  }

  const shown = (row: ListedRegistration, session: EventSession | undefined, today: string) => ({
    ...row,
    reminder: reminderOf(row, session, today),
  });

  async function oneSession(id: string, now = new Date()) {
    const { sessions, counts, today } = await sessionsWithCounts(now);
    const content = sessions.find((session) => session.id === id);
    const tally = counts.get(id);
    const session = content ?? (tally && takenOut(id, tally));
    if (!session) return undefined;
    const registrations = await registrationDesk.ofSession(id);
    return { content, session, registrations, listed: listed(session, tally?.counts, Boolean(content), today), today };
  }

  api.route({
    ...deskRoute(eventEndpoints, 'GET /events'),
    handler: async () => {
      const { sessions, counts, today, known } = await sessionsWithCounts();
      const fromContent = sessions.map((session) => listed(session, counts.get(session.id)?.counts, true, today));
      const orphans = [...counts]
        .filter(([id]) => !known.has(id))
        .map(([id, tally]) => listed(takenOut(id, tally), tally.counts, false, today));
      const order = (a: { date: string; starts: string }, b: { date: string; starts: string }) =>
        (a.date + a.starts).localeCompare(b.date + b.starts);
      const coming = [...fromContent, ...orphans].filter((each) => !each.over).sort(order);
      const past = [...fromContent, ...orphans].filter((each) => each.over).sort((a, b) => order(b, a));
      return { sessions: [...coming, ...past] };
    },
  });

  api.route({
    ...deskRoute(eventEndpoints, 'GET /events/:id'),
    handler: async (request, reply) => {
      const found = await oneSession(request.params.id);
      if (!found) return reply.code(404).send({ error: NO_SESSION });
      return {
        session: found.listed,
        registrations: found.registrations.map((row) => shown(row, found.content, found.today)),
        scholarship: await scholarship(),
      };
    },
  });

  api.route({
    ...deskRoute(eventEndpoints, 'POST /events/:id/attendance'),
    handler: async (request, reply) => {
      const found = await oneSession(request.params.id);
      if (!found) return reply.code(404).send({ error: NO_SESSION });
      const roll = normaliseRollNumber(request.body.rollNumber, found.session.type);
      const registration = await registrationDesk.byRollNumber(found.session.type, roll);
      if (!registration)
        return reply.code(404).send({
          error: `No booking for ${found.listed.name} has roll number ${roll}. Check it against the admit card.`,
        });
      if (registration.session_id !== found.session.id) {
        const theirs = (await eventSessions()).find((session) => session.id === registration.session_id);
        return reply.code(409).send({
          error: `${roll} (${registration.student_name}) is booked for another session${theirs ? `: ${theirs.date} at ${theirs.starts}` : ''}. Nothing was marked.`,
        });
      }
      const outcome = await registrationDesk.setPresent(registration.id, true, signedIn(request).id);
      if (outcome === 'cancelled')
        return reply.code(409).send({ error: `${roll} (${registration.student_name}): ${CANCELLED}` });
      const now = await registrationDesk.byId(registration.id);
      if (!now) return reply.code(404).send({ error: NO_REGISTRATION });
      return { registration: shown(now, found.content, found.today), already: outcome === 'already' };
    },
  });

  api.route({
    ...deskRoute(eventEndpoints, 'POST /events/:id/walk-in'),
    handler: async (request, reply) => {
      const now = new Date();
      const found = await oneSession(request.params.id, now);
      if (!found?.content) return reply.code(404).send({ error: NO_SESSION });
      const session = found.content;
      if (session.date !== found.today)
        return reply.code(409).send({
          error: `A student is added at the door on the session's day (${session.date}). Nothing was saved.`,
        });
      const { consentTaken: _asked, ...fields } = request.body;
      const taken = takenEnquiry(fields);
      if ('error' in taken) return reply.code(400).send({ error: taken.error });
      const staffId = signedIn(request).id;
      const booking = await registrations.register(taken.enquiry, session, {
        ...takenOptions(taken.enquiry, 'walk-in', staffId, channels, now),
        language: isLanguage(taken.enquiry.language) ? taken.enquiry.language : 'en',
        notOver: (await eventSessions(now)).filter((each) => !isOver(each, found.today)).map((each) => each.id),
      });
      if (booking.outcome === 'full')
        return reply.code(409).send({
          error: `Every seat of this session is taken (${session.capacity}): nothing was saved. Offer the next session.`,
        });
      if (booking.outcome === 'perNumber')
        return reply.code(409).send({
          error: `This number holds ${booking.count} seats for ${found.listed.name} already: nothing was saved. Use another family member's number, or call the office.`,
        });
      const { registration } = booking;
      if (registration.session_id !== session.id)
        return reply.code(409).send({
          error: `${taken.enquiry.studentName} is booked for another session of ${found.listed.name} (${registration.roll_number}). Nothing was marked.`,
        });
      await registrationDesk.setPresent(registration.id, true, staffId, now);
      const row = await registrationDesk.byId(registration.id);
      if (!row) return reply.code(404).send({ error: NO_REGISTRATION });
      return reply
        .code(201)
        .send({ registration: shown(row, session, found.today), already: booking.outcome === 'already' });
    },
  });

  api.route({
    ...deskRoute(eventEndpoints, 'PATCH /registrations/:id'),
    handler: async (request, reply) => {
      const { present, score } = request.body;
      const registration = await registrationDesk.byId(request.params.id);
      if (!registration) return reply.code(404).send({ error: NO_REGISTRATION });
      if (registration.cancelled_at) return reply.code(409).send({ error: CANCELLED });
      const actor = signedIn(request).id;
      if (score !== undefined) {
        if (registration.event_type !== 'scholarship-test')
          return reply.code(400).send({ error: 'Only the scholarship test has marks.', field: 'score' });
        // Marks are for a student who sat the test: present already, or marked so with them.
        if (score !== null && !(present ?? registration.attended_at !== null))
          return reply.code(400).send({
            error: 'This student is not marked present: mark them present first, then give the marks.',
            field: 'score',
          });
        const table = await scholarship();
        const { min, max } = scoreBounds(table);
        if (score !== null && (score < min || score > max))
          return reply.code(400).send({
            error: `Give marks from ${min} to ${max} (the test is out of ${table.maxMarks}, as the site's content says).`,
            field: 'score',
          });
        const marks = score === null ? null : Math.round(score * 100) / 100;
        const percent = marks === null ? null : scholarshipFor(marks, table);
        if ((await registrationDesk.setScore(registration.id, marks, percent, actor)) !== 'stored')
          return reply.code(409).send({ error: CANCELLED });
      }
      if (present !== undefined && (await registrationDesk.setPresent(registration.id, present, actor)) === 'cancelled')
        return reply.code(409).send({ error: CANCELLED });
      const [now, sessions] = await Promise.all([registrationDesk.byId(registration.id), eventSessions()]);
      if (!now) return reply.code(404).send({ error: NO_REGISTRATION });
      const session = sessions.find((each) => each.id === now.session_id);
      return { registration: shown(now, session, localDate(new Date())) };
    },
  });

  api.route({
    ...deskRoute(eventEndpoints, 'GET /enquiries/:id/registrations'),
    handler: async (request) => {
      const [rows, sessions] = await Promise.all([registrationDesk.ofFamilyOf(request.params.id), eventSessions()]);
      const today = localDate(new Date());
      return {
        registrations: rows.map((row) => {
          const session = sessions.find((each) => each.id === row.session_id);
          return {
            ...shown(row, session, today),
            session: session
              ? {
                  name: english.events.types[session.type].name,
                  date: session.date,
                  starts: session.starts,
                  ends: session.ends,
                }
              : null,
          };
        }),
      };
    },
  });

  api.route({
    ...deskRoute(eventEndpoints, 'GET /events/:id/export', {
      config: {
        // As the desk's other exports: per member of staff, counted once the session is checked.
        rateLimit: {
          max: exportsPerMinute,
          timeWindow: '1 minute',
          hook: 'preValidation',
          keyGenerator: (request: FastifyRequest) => `staff:${signedIn(request).id}`,
          allowList: (request: FastifyRequest) => request.method === 'HEAD',
        },
      },
    }),
    handler: async (request, reply) => {
      const found = await oneSession(request.params.id);
      if (!found) return reply.code(404).send({ error: NO_SESSION });
      // A HEAD reads the list of no one and records nothing.
      if (request.method === 'HEAD') return sendCsvFile(reply, `${found.session.id}.csv`);
      await audit.record({
        actorId: signedIn(request).id,
        action: 'export',
        field: `session ${found.session.id}`,
        to: String(found.registrations.length),
      });
      return sendCsvFile(reply, `${found.session.id}.csv`, toSheet(found.registrations, registrationSheetColumns));
    },
  });
}
