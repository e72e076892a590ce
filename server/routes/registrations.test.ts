/**
 * POST /api/registrations through HTTP on real databases: a seat booked with its roll number
 * and the enquiry it came with; the same student again; a session that filled while the form
 * was open (the next one offered, in the registrant's language); closed sessions, sessions not
 * for the student, and a missing class refused with a reason. The sessions are the starting
 * content's (src/content/institute.ts), on a fixed day.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverWords } from '../../src/content/server-words';
import { enginesUnderTest } from '../../tests/support/databases';
import { makeClientDir } from '../../tests/support/client-dir';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { metaEventBody } from '../delivery/meta-conversions';

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
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENQUIRY_RATE_LIMIT: '100000' }),
      clientDir: makeClientDir(),
      database,
      deliveryWorker: false,
    });
    await app.ready();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
    await database.close();
  });

  const register = (overrides: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: '/api/registrations', payload: registration(overrides) });
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
    expect(booked.message).toBe(`आपकी सीट बुक हो गई है। रोल नंबर: ${booked.rollNumber}।`);

    const enquiry = await database.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow();
    expect(enquiry).toMatchObject({ student_name: 'Asha Verma', phone: '+919876543210', utm_campaign: 'demo-dec' });
    const stored = await database.db.selectFrom('registrations').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ enquiry_id: enquiry.id, roll_number: booked.rollNumber, language: 'hi' });

    const again = await register({ language: 'hi' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'already', rollNumber: booked.rollNumber });
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

  it('a session that filled meanwhile: 409 with the next session for the student, in their language; nothing stored', async () => {
    await fill(DEMO, 40);
    const full = await register({ language: 'hi' });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toEqual({
      error: serverWords.hi.events.answers.full.replace('{date}', '2026-12-20'),
      next: { id: DEMO_ONLINE, date: '2026-12-20' },
    });
    expect(await database.db.selectFrom('enquiries').selectAll().execute()).toEqual([]);

    await fill(DEMO_ONLINE, 300);
    const none = await register();
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json()).toMatchObject({ next: null });
    expect((none.json() as { error: string }).error).toMatch(/no other session has seats just now\. Call us on/);
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
    expect(moved.json()).toEqual({ message: hi.answers.moved.replace('{date}', '2026-12-20'), sessionId: DEMO_ONLINE });
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

  it("tells Meta of a consenting adult's seat as CompleteRegistration, and nothing of a minor's", async () => {
    await app.close();
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '100000',
        META_PIXEL_ID: '123456789012345',
        META_CAPI_ACCESS_TOKEN: 'registrations-test-conversions-api-token',
      }),
      clientDir: makeClientDir(),
      database,
      deliveryWorker: false,
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
    expect([adult.statusCode, minor.statusCode]).toEqual([201, 201]);
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
