/**
 * POST /api/registrations through HTTP on real databases: a seat booked with its roll number
 * and the enquiry it came with; the same student again; a session that filled while the form
 * was open (the next one offered, in the registrant's language); closed sessions, sessions not
 * for the student, and a missing class refused with a reason. The sessions are the starting
 * content's (src/content/institute.ts), on a fixed day.
 */
import { rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fill as fillIn, formatDay, formatPhone } from '../../../shared/format';
import { institute } from '../../../shared/institute';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverWords, startingEventSessions } from '../../../src/content/server-words';
import { enginesUnderTest } from '../../../tests/support/databases';
import { makeClientDir } from '../../../tests/support/client-dir';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { metaEventBody } from '../../delivery/meta-conversions';
import { sessionInFull } from '../../registrations/event-sessions';
import { ADMIT_CARDS_PER_MINUTE } from './registrations';
import { phoneStandIn } from '../../../tests/support/phone-codes';
import { SEATS_PER_NUMBER } from '../../db/registration-repository';
import { createContentRepository } from '../../db/content-repository';
import { startingContent } from '../../../src/content/site-content';

/** A Tuesday when every starting session takes registrations (India time, mid-morning). */
const TODAY = new Date('2026-11-24T05:00:00Z');
const DEMO = 'demo-class-2026-12-06';
const DEMO_ONLINE = 'demo-class-2026-12-20-online';

const registration = (overrides: Record<string, unknown> = {}) => ({
  studentName: 'Asha Verma',
  phone: '98765 43210',
  classLevel: '12',
  course: 'jee',
  city: 'Jaipur',
  consent: true,
  sessionId: DEMO,
  ...overrides,
});

describe.each(enginesUnderTest())('registrations through HTTP on $name', ({ open }) => {
  let database: Db;
  let app: FastifyInstance;
  let clientDir: string;
  const phones = phoneStandIn();
  beforeAll(() => {
    clientDir = makeClientDir();
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENQUIRY_RATE_LIMIT: '100000' }),
      clientDir,
      database,
      deliveryWorker: false,
      codeSender: phones,
    });
    await app.ready();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
    await database.close();
  });

  const register = async (overrides: Record<string, unknown> = {}) => {
    // Its number proved once per app (the parent's for a student under 18), by the real flow.
    return app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: await phones.withProof(app, registration(overrides)),
    });
  };
  /** Every seat of a session taken, as if the other families got there first. */
  const fill = (sessionId: string, seats: number) =>
    database.db.insertInto('session_seats').values({ session_id: sessionId, taken: seats }).execute();

  it('books a seat with a roll number, stores the enquiry with its campaign, and gives the same seat again', async () => {
    const first = await register({
      language: 'hi',
      attribution: { utmSource: 'facebook', utmCampaign: 'demo-dec' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const booked = first.json() as { outcome: string; rollNumber: string; sessionId: string; message: string };
    expect(booked).toMatchObject({ outcome: 'booked', sessionId: DEMO });
    expect(booked.rollNumber).toMatch(/^DC-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(booked.message).toBe(serverWords.hi.events.answers.booked);

    const enquiry = await database.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow();
    expect(enquiry).toMatchObject({ student_name: 'Asha Verma', phone: '+919876543210', utm_campaign: 'demo-dec' });
    const stored = await database.db.selectFrom('registrations').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ enquiry_id: enquiry.id, roll_number: booked.rollNumber, language: 'hi' });

    const again = await register({ language: 'hi' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'already', rollNumber: booked.rollNumber });
  });

  it('booked again from another form, choosing another date: the answer names the seat booked (date, time, place) and how to change it, never its link', async () => {
    const first = (await register()).json() as { rollNumber: string };
    // Without an email on the booking (and this server sends none): call us.
    const again = await register({ sessionId: DEMO_ONLINE });
    expect(again.statusCode, again.body).toBe(200);
    const answer = again.json() as Record<string, unknown>;
    expect(answer).toMatchObject({ outcome: 'already', rollNumber: first.rollNumber, sessionId: DEMO });
    expect(answer).not.toHaveProperty('token');
    const en = serverWords.en.events.booking;
    const booked = startingEventSessions.find((session) => session.id === DEMO);
    if (!booked) throw new Error(`no ${DEMO} in the starting content`);
    expect(answer.message).toBe(
      `${fillIn(en.alreadyAt, { session: sessionInFull(booked, 'en'), roll: first.rollNumber })} ${fillIn(en.alreadyCall, { phone: formatPhone(institute.phone) })}`,
    );
    expect(answer.message).toContain('at our centre, Sunday, 6 December 2026, 4:00 pm to 5:30 pm');
    expect(JSON.stringify(answer)).not.toMatch(/\/r\//);
    expect(await database.db.selectFrom('registrations').selectAll().execute()).toHaveLength(1);
  });

  it('lists the sessions not yet over with the seats still open, for the prerendered pages', async () => {
    await register();
    const listed = await app.inject({ method: 'GET', url: '/api/event-sessions' });
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as { sessions: { id: string; seatsLeft: number; open: boolean }[] };
    expect(sessions.map(({ id, seatsLeft, open }) => [id, seatsLeft, open])).toEqual([
      [DEMO, 39, true],
      ['scholarship-test-2026-12-13', 120, true],
      [DEMO_ONLINE, 300, true],
      ['scholarship-test-2027-01-10', 120, true],
    ]);
    // On the demo class's day: registration closed the day before; the day after, it is gone.
    vi.setSystemTime(new Date('2026-12-06T05:00:00Z'));
    const onTheDay = (await app.inject({ method: 'GET', url: '/api/event-sessions' })).json() as {
      sessions: { id: string; open: boolean }[];
    };
    expect(onTheDay.sessions[0]).toMatchObject({ id: DEMO, open: false });
    vi.setSystemTime(new Date('2026-12-07T05:00:00Z'));
    const after = (await app.inject({ method: 'GET', url: '/api/event-sessions' })).json() as {
      sessions: { id: string }[];
    };
    expect(after.sessions.map((session) => session.id)).not.toContain(DEMO);
  });

  it('a session that filled meanwhile: 409 with the next session for the student named in full (online), in their language; nothing stored', async () => {
    await fill(DEMO, 40);
    const full = await register({ language: 'hi' });
    expect(full.statusCode, full.body).toBe(409);
    const online = startingEventSessions.find((session) => session.id === DEMO_ONLINE);
    if (!online) throw new Error(`no ${DEMO_ONLINE} in the starting content`);
    // Of the other kind (online, where the family chose the centre): named so, and not said to be chosen.
    expect(full.json()).toEqual({
      error: fillIn(serverWords.hi.events.booking.fullOtherKind, { session: sessionInFull(online, 'hi') }),
      next: { id: DEMO_ONLINE, date: '2026-12-20', online: true },
      // The number stays proved, for the next date.
      numberProof: expect.any(String),
    });
    expect((full.json() as { error: string }).error).toContain(`ऑनलाइन, ${formatDay('2026-12-20', 'hi')}`);
    expect(await database.db.selectFrom('enquiries').selectAll().execute()).toEqual([]);

    // Of the same kind (both at the centre): said to be chosen for them.
    await fill('scholarship-test-2026-12-13', 120);
    const test = await register({ sessionId: 'scholarship-test-2026-12-13' });
    expect(test.statusCode, test.body).toBe(409);
    const later = startingEventSessions.find((session) => session.id === 'scholarship-test-2027-01-10');
    if (!later) throw new Error('no scholarship-test-2027-01-10 in the starting content');
    expect(test.json()).toEqual({
      error: fillIn(serverWords.en.events.booking.fullSameKind, { session: sessionInFull(later, 'en') }),
      next: { id: later.id, date: later.date, online: false },
      numberProof: expect.any(String),
    });

    await fill(DEMO_ONLINE, 300);
    const none = await register();
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json()).toMatchObject({ next: null });
    expect((none.json() as { error: string }).error).toMatch(/no other date has seats just now\. Call us on/);
  });

  it('refuses a session that is closed, unknown, or not for the student, and a registration without a class', async () => {
    const words = serverWords.en.events.answers;
    expect((await register({ sessionId: 'no-such-session' })).json()).toEqual({ error: words.closed });
    // A Class 8 student for the scholarship test (Classes 10 to 12 and 12th-passed).
    const notFor = await register({ sessionId: 'scholarship-test-2026-12-13', classLevel: '8' });
    expect(notFor.statusCode).toBe(400);
    expect(notFor.json()).toEqual({ error: words.notFor });
    const noClass = await register({ classLevel: undefined, language: 'hi' });
    expect(noClass.statusCode).toBe(400);
    expect(Object.keys((noClass.json() as { fields: object }).fields)).toEqual(['classLevel']);

    vi.setSystemTime(new Date('2026-12-06T05:00:00Z'));
    const closed = await register();
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ error: words.closed });
    expect(await database.db.selectFrom('registrations').selectAll().execute()).toEqual([]);
  });

  it('holds a seat only for a proved number: none, another number’s proof, a wrong or used code book nothing', async () => {
    const words = serverWords.en.events.verification;
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/registrations', payload: { ...registration(), ...payload } });
    const none = await post({});
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ error: words.needed, verification: 'needed' });
    const othersProof = await phones.prove(app, '98765 00077');
    expect((await post({ numberProof: othersProof })).statusCode).toBe(403);
    expect((await post({ numberProof: `${othersProof.slice(0, -2)}xx` })).statusCode).toBe(403);

    // A code typed with the booking: a wrong one says how many tries are left; the right one books.
    const asked = await app.inject({ method: 'POST', url: '/api/phone-codes', payload: { phone: '98765 43210' } });
    const { id } = asked.json<{ id: string }>();
    const code = phones.lastCode('+919876543210') ?? '';
    const wrong = await post({ codeId: id, code: code === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: fillIn(words.wrong, { tries: '4' }), verification: 'wrong', triesLeft: 4 });
    expect(await database.db.selectFrom('enquiries').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('registrations').selectAll().execute()).toEqual([]);
    const booked = await post({ codeId: id, code });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ outcome: 'booked', numberProof: expect.any(String) });
    // Sent again (the answer lost on the way): the same seat, not a refusal.
    const resent = await post({ codeId: id, code });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ outcome: 'already', rollNumber: booked.json().rollNumber });
    // The proof books a sibling without another code.
    const sibling = await post({ numberProof: booked.json().numberProof, studentName: 'Ravi Verma' });
    expect(sibling.statusCode).toBe(201);
    // A code past its ten minutes proves nothing.
    vi.setSystemTime(TODAY.getTime() + 11 * 60_000);
    const late = await post({ codeId: id, code, studentName: 'Meera Verma' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: words.gone, verification: 'gone' });
    vi.setSystemTime(TODAY);

    // A student under 18: the parent's number is the one proved, not the student's.
    const minor = {
      studentName: 'Kabir Verma',
      phone: '98765 43277',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita Verma',
      parentPhone: '98765 43288',
    };
    const studentsProof = await phones.prove(app, '98765 43277');
    expect((await post({ ...minor, numberProof: studentsProof })).statusCode).toBe(403);
    const parentsProof = await phones.prove(app, '98765 43288');
    expect((await post({ ...minor, numberProof: parentsProof })).statusCode).toBe(201);

    // Thirty minutes after the code, the proof is spent.
    vi.setSystemTime(TODAY.getTime() + 31 * 60_000);
    expect((await post({ numberProof: parentsProof, ...minor, studentName: 'Meera Verma' })).statusCode).toBe(403);
  });

  it('whoever proves another number learns nothing of a family’s child and is never attached to its enquiry (M3)', async () => {
    // The family asks about the course, then books its child's seat with its own number proved.
    const enquired = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: { studentName: 'Victim Child', phone: '98111 11111', course: 'jee', consent: true, language: 'en' },
    });
    expect(enquired.statusCode).toBe(201);
    const familys = await register({ studentName: 'Victim Child', phone: '98111 11111', classLevel: '11' });
    expect(familys.statusCode, familys.body).toBe(201);
    // An outsider with the child's number and name, "a student under 18" with their own number as the parent's.
    const outsider = await register({
      studentName: 'victim  CHILD',
      phone: '98111 11111',
      classLevel: '11',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Not The Parent',
      parentPhone: '98222 22222',
    });
    // Not "already" with the child's roll number and session: a seat of their own, on their own number.
    expect(outsider.statusCode, outsider.body).toBe(201);
    const answer = outsider.json<{ outcome: string; rollNumber: string; enquiryId: string; token: string }>();
    expect(answer.outcome).toBe('booked');
    expect(answer.rollNumber).not.toBe(familys.json<{ rollNumber: string }>().rollNumber);
    // Its enquiry is its own (not the family's, asked within the repeat window), kept beside the family's record.
    expect(answer.enquiryId).not.toBe(enquired.json<{ id: string }>().id);
    expect(answer.enquiryId).not.toBe(familys.json<{ enquiryId: string }>().enquiryId);
    const stored = await database.db
      .selectFrom('enquiries')
      .select(['id', 'repeat_check', 'superseded_at', 'parent_phone'])
      .where('id', '=', answer.enquiryId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ repeat_check: 'pending', parent_phone: '+919822222222' });
    const page = await app.inject({ method: 'GET', url: `/api/registrations/${answer.token}` });
    expect(page.json()).toMatchObject({ studentName: 'victim  CHILD' });
  });

  it('lets one proved number hold three seats at an event (a family’s children), even when they book at once', async () => {
    // Each child under 18 with a phone of their own; the parent's number is the one proved.
    const proof = await phones.prove(app, '98765 43288');
    const child = (studentName: string, n: number) =>
      registration({
        studentName,
        phone: `98765 4330${n}`,
        enquirer: 'student',
        studentUnder18: true,
        parentName: 'Sunita Verma',
        parentPhone: '98765 43288',
      });
    const names = ['Asha', 'Ravi', 'Meera', 'Kabir', 'Ishaan', 'Tara'].map((name) => `${name} Verma`);
    const answers = await Promise.all(
      names.map((studentName, n) =>
        app.inject({
          method: 'POST',
          url: '/api/registrations',
          payload: { ...child(studentName, n), numberProof: proof },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json().error).toMatch(
      /^This mobile number already has 3 seats at this event\. To book another, please call us on \+91/,
    );
    expect(
      Number(
        (
          await database.db
            .selectFrom('registrations')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    ).toBe(SEATS_PER_NUMBER);
    // A seat given up frees a place for another child.
    const first = answers.find((answer) => answer.statusCode === 201)?.json<{ token: string }>();
    await app.inject({ method: 'POST', url: `/api/registrations/${first?.token}/cancel` });
    const after = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { ...child('Neel Verma', 6), numberProof: proof },
    });
    expect(after.statusCode).toBe(201);
  });

  it("keeps a registrant's answers out of every cache and their link's token out of the log", async () => {
    await app.close();
    const lines: string[] = [];
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ENQUIRY_RATE_LIMIT: '100000' }),
      clientDir,
      database,
      deliveryWorker: false,
      codeSender: phones,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    const booked = await register();
    const { token } = booked.json() as { token: string };
    const form = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const answers = [
      booked,
      await app.inject({ method: 'GET', url: `/api/registrations/${token}` }),
      await app.inject({ method: 'GET', url: `/api/registrations/${token}/calendar.ics` }),
      await app.inject({ method: 'GET', url: `/api/registrations/${token}/admit-card.pdf` }),
      await app.inject({ method: 'GET', url: `/r/${token}` }),
      // Without JavaScript, a refusal is a page that shows what was typed.
      await form({ studentName: 'Asha Verma', phone: '98765', classLevel: '12', course: 'jee', sessionId: DEMO }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 200, 200, 200, 400]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body.slice(0, 80)).toBe('no-store');
    // The seats left are everyone's, kept a few seconds.
    expect((await app.inject({ method: 'GET', url: '/api/event-sessions' })).headers['cache-control']).toBe(
      'public, max-age=15',
    );

    const log = lines.join('');
    expect(log).toContain('"url":"/api/registrations/…/calendar.ics"');
    expect(log).toContain('"url":"/r/…"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[1]);
  });

  it('draws an admit card for one link at most ten times a minute; the eleventh is told to wait', async () => {
    const { token } = (await register()).json() as { token: string };
    const cards = [];
    for (let n = 0; n <= ADMIT_CARDS_PER_MINUTE; n++)
      cards.push(await app.inject({ method: 'GET', url: `/api/registrations/${token}/admit-card.pdf` }));
    expect(cards.map((card) => card.statusCode)).toEqual([...Array(ADMIT_CARDS_PER_MINUTE).fill(200), 429]);
    expect(cards[0]?.body.startsWith('%PDF-')).toBe(true);
    expect(cards.at(-1)?.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    // Another family's link is not held up by it.
    const other = (await register({ studentName: 'Ravi Verma', phone: '98765 43299' })).json() as { token: string };
    expect(
      (await app.inject({ method: 'GET', url: `/api/registrations/${other.token}/admit-card.pdf` })).statusCode,
    ).toBe(200);
  });

  it("from the registrant's link: the booking, a reschedule, the calendar file, a cancellation; altered and expired links refused", async () => {
    const key = '7f0c2a4e-1b3d-4c5e-8f9a-0b1c2d3e4f5a';
    const booked = await register({ language: 'hi', idempotencyKey: key });
    const { token, rollNumber } = booked.json() as { token: string; rollNumber: string };
    expect(token).toMatch(/^[0-9a-f-]{36}\.[\w-]{22}$/);
    const hi = serverWords.hi.events;
    const link = (path = '') => `/api/registrations/${token}${path}`;

    // The same form again gets its link; the same student from another form gets the roll number only.
    expect((await register({ language: 'hi', idempotencyKey: key })).json()).toMatchObject({
      outcome: 'already',
      token,
    });
    expect((await register({ language: 'hi' })).json()).not.toHaveProperty('token');

    const details = await app.inject({ method: 'GET', url: link() });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      rollNumber,
      eventName: hi.types['demo-class'].name,
      studentName: 'Asha Verma',
      cancelled: false,
      session: { id: DEMO, date: '2026-12-06', reportBy: '15:45', online: false },
      otherSessions: [{ id: DEMO_ONLINE, date: '2026-12-20', online: true }],
    });

    // Altered anywhere, or made up: refused (in English: the link names nobody whose language we know).
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      altered,
      `${token.slice(0, 35)}${token[35] === '0' ? '1' : '0'}${token.slice(36)}`,
      'not-a-token',
    ]) {
      const refused = await app.inject({ method: 'GET', url: `/api/registrations/${bad}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: serverWords.en.events.answers.linkInvalid });
    }

    // To a session of the other event: refused; to the online one: moved, with the seat.
    const wrongEvent = await app.inject({
      method: 'POST',
      url: link('/reschedule'),
      payload: { sessionId: 'scholarship-test-2026-12-13' },
    });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json()).toEqual({ error: hi.answers.notFor });
    const moved = await app.inject({ method: 'POST', url: link('/reschedule'), payload: { sessionId: DEMO_ONLINE } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      message: hi.answers.moved.replace('{date}', formatDay('2026-12-20', 'hi')),
      sessionId: DEMO_ONLINE,
    });
    const seats = async () =>
      Object.fromEntries(
        (await database.db.selectFrom('session_seats').selectAll().execute()).map((row) => [
          row.session_id,
          Number(row.taken),
        ]),
      );
    expect(await seats()).toEqual({ [DEMO]: 0, [DEMO_ONLINE]: 1 });

    // The calendar file: the reporting time to the end, India time, as UTC.
    const calendar = await app.inject({ method: 'GET', url: link('/calendar.ics') });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(calendar.body).toContain('DTSTART:20261220T052000Z');
    expect(calendar.body).toContain('DTEND:20261220T063000Z');
    expect(calendar.body).toContain(rollNumber);
    // Where (online), the seat's page, and a reminder the day before.
    const unfolded = calendar.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`LOCATION:${hi.ui.onlineShort}`);
    expect(unfolded).toContain(`URL:${institute.origin}/r/${token}`);
    expect(unfolded).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:[^\r]+\r\nTRIGGER:-PT24H\r\nEND:VALARM/);

    // Cancelled: the seat is free at once, once; the link still shows it, cancelled.
    for (let tap = 0; tap < 2; tap++) {
      const cancelled = await app.inject({ method: 'POST', url: link('/cancel') });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({ message: hi.answers.cancelled, sessionId: DEMO_ONLINE });
    }
    expect(await seats()).toEqual({ [DEMO]: 0, [DEMO_ONLINE]: 0 });
    expect((await app.inject({ method: 'GET', url: link() })).json()).toMatchObject({ cancelled: true });
    const afterCancel = await app.inject({ method: 'POST', url: link('/reschedule'), payload: { sessionId: DEMO } });
    expect(afterCancel.statusCode).toBe(400);

    // The day after the session: the link has expired.
    vi.setSystemTime(new Date('2026-12-21T05:00:00Z'));
    const expired = await app.inject({ method: 'GET', url: link() });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: hi.answers.linkExpired });
  });

  it('without JavaScript: a form post books and lands on the registrant’s page, whose forms move and cancel the seat; the admit card reads in Hindi', async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const typed = {
      enquirer: 'parent',
      studentName: 'अदिति शर्मा',
      phone: '9876543210',
      classLevel: '12',
      course: 'jee',
      consent: 'true',
      language: 'hi',
      sessionId: DEMO,
    };
    const post = (url: string, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });
    const hi = serverWords.hi.events;
    /** The hidden fields of a page's first form. */
    const firstFormFields = (html: string) =>
      Object.fromEntries(
        [
          ...(html.match(/<form[\s\S]*?<\/form>/)?.[0] ?? '').matchAll(
            /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
          ),
        ].map(([, name, value]) => [name ?? '', value ?? '']),
      );
    /** Posted as a family without JavaScript: the page asks for the code sent to the number, which is typed there. */
    const postWithCode = async (fields: Record<string, string>, number: string) => {
      const asked = await post('/api/registrations', fields);
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.body).toContain(`<h1>${hi.verification.title}</h1>`);
      return post('/api/registrations', { ...firstFormFields(asked.body), code: phones.lastCode(number) ?? '' });
    };

    // Nothing is booked until the code sent to the number is typed on the page that asks for it.
    const codePage = await post('/api/registrations', typed);
    expect(codePage.statusCode).toBe(200);
    expect(codePage.body).toContain(
      `<p role="status">${fillIn(hi.verification.sent, { phone: '+91 98765 43210', channel: hi.verification.channelSms, minutes: '10' })}</p>`,
    );
    expect(codePage.body).toContain('autocomplete="one-time-code"');
    expect(await database.db.selectFrom('registrations').selectAll().execute()).toEqual([]);
    const wrong = await post('/api/registrations', { ...firstFormFields(codePage.body), code: '00000x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(fillIn(hi.verification.wrong, { tries: '4' }));
    const booked = await post('/api/registrations', {
      ...firstFormFields(wrong.body),
      code: phones.lastCode('+919876543210') ?? '',
    });
    expect(booked.statusCode, booked.body).toBe(303);
    // The page says it is booked on arrival.
    const arrival = String(booked.headers.location);
    expect(arrival).toMatch(/^\/r\/[0-9a-f-]{36}\.[\w-]{22}\?said=booked$/);
    const page = arrival.slice(0, -'?said=booked'.length);
    const token = page.slice('/r/'.length);
    expect((await app.inject({ method: 'GET', url: arrival })).body).toContain(
      `<p class="notice" role="status">${hi.answers.booked}</p>`,
    );
    const { roll_number: rollNumber } = await database.db
      .selectFrom('registrations')
      .select('roll_number')
      .executeTakeFirstOrThrow();

    const shown = await app.inject({ method: 'GET', url: page });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.headers['content-security-policy']).toContain("form-action 'self'");
    expect(shown.body).toContain('lang="hi-IN"');
    expect(shown.body).toContain(rollNumber);
    expect(shown.body).toContain('अदिति शर्मा');
    expect(shown.body).toContain(formatDay('2026-12-06', 'hi'));
    // The institute's name and mark; the roll number kept on one line; the link to send to one's own WhatsApp.
    expect(shown.body).toContain(`</svg></span>${serverWords.hi.siteName}</a></header><main>`);
    expect(shown.body).toContain(`<dd class="roll">${rollNumber}</dd>`);
    expect(shown.body).toMatch(/\.roll\{[^}]*white-space:nowrap/);
    const whatsApp = shown.body.match(/href="(https:\/\/wa\.me\/\?text=[^"]+)"/)?.[1] ?? '';
    expect(new URL(whatsApp.replaceAll('&amp;', '&')).searchParams.get('text')).toContain(`${institute.origin}${page}`);
    // Beside the calendar file, Google Calendar's own page, filled in.
    const google = new URL(
      (shown.body.match(/href="(https:\/\/calendar\.google\.com\/calendar\/render\?[^"]+)"/)?.[1] ?? '').replaceAll(
        '&amp;',
        '&',
      ),
    );
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('dates')).toBe('20261206T101500Z/20261206T120000Z');
    expect(google.searchParams.get('location')).toBe(serverWords.hi.address);

    // The admit card: a PDF whose text (pdftotext) is the Hindi as written.
    const card = await app.inject({ method: 'GET', url: `/api/registrations/${token}/admit-card.pdf` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: card.rawPayload }).toString('utf8');
    for (const expected of [
      rollNumber,
      'अदिति शर्मा',
      hi.registrant.cardTitle,
      hi.types['demo-class'].name,
      formatDay('2026-12-06', 'hi'),
      hi.types['demo-class'].bring[0] ?? '',
    ])
      expect(text).toContain(expected);

    // Moved with the page's form: back to the page, which says so; then cancelled the same way.
    const moved = await post(`/api/registrations/${token}/reschedule`, { sessionId: DEMO_ONLINE });
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(`${page}?said=moved`);
    const after = await app.inject({ method: 'GET', url: String(moved.headers.location) });
    expect(after.body).toContain(hi.answers.moved.replace('{date}', formatDay('2026-12-20', 'hi')));
    // "Cancel my seat" asks once, naming the student and the day; only then does a form cancel.
    const movedPage = after.body;
    expect(movedPage).not.toContain(`/api/registrations/${token}/cancel`);
    expect(movedPage).toContain(`href="${page}?confirm=cancel"`);
    const asked = await app.inject({ method: 'GET', url: `${page}?confirm=cancel` });
    const question = fillIn(hi.booking.cancelQuestion, { student: 'अदिति शर्मा', day: formatDay('2026-12-20', 'hi') });
    expect(asked.body).toContain(`<h1>${question}</h1>`);
    expect(asked.body).toContain(`<form method="post" action="/api/registrations/${token}/cancel">`);
    expect(asked.body).toContain(`href="${page}">${hi.booking.cancelKeep}</a>`);
    expect(await database.db.selectFrom('registrations').select('cancelled_at').executeTakeFirst()).toEqual({
      cancelled_at: null,
    });
    const cancelled = await post(`/api/registrations/${token}/cancel`, {});
    expect(cancelled.statusCode).toBe(303);
    const gone = await app.inject({ method: 'GET', url: String(cancelled.headers.location) });
    expect(gone.body).toContain(hi.registrant.cancelledHeading);
    expect((await app.inject({ method: 'GET', url: `/api/registrations/${token}/admit-card.pdf` })).statusCode).toBe(
      410,
    );

    // A full session, booked by a student under 18 with a parent's details: the page (titled)
    // names the next date in full, online, on its one button, which sends exactly what was
    // posted again (the consent and the under-18 tick too) for that date, and books it.
    await database.db.updateTable('session_seats').set({ taken: 40 }).where('session_id', '=', DEMO).execute();
    const minor = {
      ...typed,
      enquirer: 'student',
      studentUnder18: 'true',
      studentName: 'रोहन शर्मा',
      // Another family's number: a sibling's from the same one would join the first one's enquiry.
      phone: '9876543220',
      parentName: 'सुनीता शर्मा',
      parentPhone: '9876543211',
    };
    // The parent's number is the one proved.
    const full = await postWithCode(minor, '+919876543211');
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain(`<title>${hi.booking.fullTitle} | ${serverWords.hi.siteName}</title>`);
    const online = startingEventSessions.find((session) => session.id === DEMO_ONLINE);
    if (!online) throw new Error(`no ${DEMO_ONLINE} in the starting content`);
    expect(full.body).toContain(fillIn(hi.booking.fullOtherKind, { session: sessionInFull(online, 'hi') }));
    expect(full.body).toContain(
      `<button class="button" type="submit">${fillIn(hi.booking.bookOffered, { session: sessionInFull(online, 'hi') })}</button>`,
    );
    const resent = [...full.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      ([, name, value]) => [name ?? '', value ?? ''] as [string, string],
    );
    // The number stays proved for the next date: its proof goes again, not the used code.
    expect(Object.fromEntries(resent)).toEqual({ ...minor, sessionId: DEMO_ONLINE, numberProof: expect.any(String) });
    const again = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(resent).toString(),
    });
    expect(again.statusCode, again.body).toBe(303);
    expect(String(again.headers.location)).toMatch(/\?said=booked$/);
    const rohan = await database.db
      .selectFrom('registrations')
      .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
      .select(['registrations.session_id', 'enquiries.parent_name', 'enquiries.consent_at'])
      .where('enquiries.student_name', '=', 'रोहन शर्मा')
      .executeTakeFirstOrThrow();
    expect(rohan).toMatchObject({ session_id: DEMO_ONLINE, parent_name: 'सुनीता शर्मा' });

    // Booking again without JavaScript: which seat, how to change it, and no link.
    const repeat = await post('/api/registrations', { ...Object.fromEntries(resent), sessionId: DEMO });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body).toContain(`<title>${hi.booking.alreadyTitle} | ${serverWords.hi.siteName}</title>`);
    expect(repeat.body).toContain(sessionInFull(online, 'hi'));
    expect(repeat.body).not.toMatch(/\/r\/[0-9a-f-]{36}/);
    expect(repeat.body).not.toContain(serverWords.hi.form.errors.pageBack);

    // Something to correct: the page asks to check the booking, not an enquiry.
    const noClass = await post('/api/registrations', { ...typed, classLevel: '' });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.body).toContain(`<h1>${hi.booking.checkTitle}</h1>`);

    // An altered link: a page saying so, not a stack trace.
    const altered = await app.inject({
      method: 'GET',
      url: `/r/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(altered.statusCode).toBe(404);
    // Whose link it was is unknown: said in every language.
    expect(altered.body).toContain(serverWords.en.events.answers.linkInvalid);
    expect(altered.body).toContain(serverWords.hi.events.answers.linkInvalid);
  });

  it('an online seat’s page: how the joining link comes, then from the day before the link itself', async () => {
    const link = 'https://meet.google.com/abc-defg-hij';
    await createContentRepository(database).publish(
      {
        ...startingContent,
        institute: {
          ...startingContent.institute,
          eventSessions: startingEventSessions.map((session) =>
            session.id === DEMO_ONLINE ? { ...session, joinLink: link } : session,
          ),
        },
      },
      { basedOn: undefined },
    );
    const { token } = (await register({ sessionId: DEMO_ONLINE })).json() as { token: string };
    const en = serverWords.en.events.booking;
    const before = (await app.inject({ method: 'GET', url: `/r/${token}` })).body;
    expect(before).toContain(en.joinLinkLater);
    expect(before).not.toContain(link);
    expect(before).toContain(`<dt>${en.joinByLabel}</dt>`);
    // The day before (India time): the link.
    vi.setSystemTime(new Date('2026-12-19T03:00:00Z'));
    const dayBefore = (await app.inject({ method: 'GET', url: `/r/${token}` })).body;
    expect(dayBefore).toContain(`<dt>${en.joinLinkLabel}</dt><dd><a href="${link}"`);
  });

  it('a reschedule to a session that is full is refused, with the next one, and the seat stays', async () => {
    const { token } = (await register()).json() as { token: string };
    await fill(DEMO_ONLINE, 300);
    const full = await app.inject({
      method: 'POST',
      url: `/api/registrations/${token}/reschedule`,
      payload: { sessionId: DEMO_ONLINE },
    });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toMatchObject({ next: null });
    const stored = await database.db.selectFrom('registrations').select('session_id').executeTakeFirstOrThrow();
    expect(stored.session_id).toBe(DEMO);
  });

  it("tells Meta of a consenting parent's seat as CompleteRegistration, and nothing of a student's, a minor's above all", async () => {
    await app.close();
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '100000',
        META_PIXEL_ID: '123456789012345',
        META_CAPI_ACCESS_TOKEN: 'registrations-test-conversions-api-token',
      }),
      clientDir,
      database,
      deliveryWorker: false,
      codeSender: phones,
    });
    await app.ready();
    const adult = await register({ trackingConsent: 'granted' });
    const minor = await register({
      studentName: 'Ravi Verma',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita Verma',
      parentPhone: '98765 43211',
      trackingConsent: 'granted',
    });
    // A class 9 student who left the under-18 box empty; a student past school, booking for themself.
    const classNine = await register({
      studentName: 'Kabir Verma',
      phone: '98765 43212',
      classLevel: '9',
      course: 'foundation',
      enquirer: 'student',
      trackingConsent: 'granted',
    });
    const grownStudent = await register({
      studentName: 'Meera Verma',
      phone: '98765 43213',
      classLevel: '12-pass',
      enquirer: 'student',
      trackingConsent: 'granted',
    });
    expect([adult, minor, classNine, grownStudent].map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const toMeta = await database.db
      .selectFrom('deliveries')
      .innerJoin('enquiries', 'enquiries.id', 'deliveries.enquiry_id')
      .select(['enquiries.student_name', 'deliveries.context', 'enquiries.id'])
      .where('deliveries.channel', '=', 'meta')
      .execute();
    expect(toMeta.map((row) => row.student_name)).toEqual(['Asha Verma']);
    const [row] = toMeta;
    if (!row?.context) throw new Error('no Meta context');
    const body = JSON.parse(
      metaEventBody(
        await database.db.selectFrom('enquiries').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
        JSON.parse(row.context),
      ),
    ) as { data: { event_name: string; event_id: string }[] };
    expect(body.data[0]).toMatchObject({ event_name: 'CompleteRegistration', event_id: row.id });
  });
});
