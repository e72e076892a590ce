/**
 * The registrant's emails (issue 27) through HTTP, the outbox's worker and a real SMTP receiver,
 * on real databases: the admit card by email in the registrant's language with the PDF attached
 * and their link; the reminder due at 10:00 India time the day before, moved by a reschedule
 * (and queued again when it was sent for the old date), dropped by a cancellation, and done
 * without sending when it comes due for a cancelled booking or a session begun; nothing for a
 * booking without an email address or for a repeat. The sessions are the starting content's
 * (src/content/institute.ts); the clock is set to the days that matter.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, formatDay } from '../../shared/format';
import { institute } from '../../shared/institute';
import type { EventSession } from '../../shared/schema/events';
import { serverWords } from '../../src/content/server-words';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest } from '../../tests/support/databases';
import { eventually, startSmtpReceiver } from '../../tests/support/receivers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { reminderDueAt } from '../registrations/event-sessions';
import { createContentRepository } from '../db/content-repository';
import { startingContent } from '../../src/content/site-content';
import { phoneStandIn } from '../../tests/support/phone-codes';
import { ADMIT_CARDS_PER_ADDRESS_PER_DAY } from '../db/registration-repository';

/** The families' phones: each code the server sends arrives here. */
const phones = phoneStandIn();

/** A Tuesday when every starting session takes registrations (India time, mid-morning). */
const TODAY = new Date('2026-11-24T05:00:00Z');
/** Sunday 6 December 2026, 16:00 India time: its reminder is due on the 5th at 10:00 India time. */
const DEMO = 'demo-class-2026-12-06';
const DEMO_REMINDER = '2026-12-05T04:30:00.000Z';
/** Sunday 20 December 2026, online: its reminder is due on the 19th at 10:00 India time. */
const DEMO_ONLINE = 'demo-class-2026-12-20-online';
const DEMO_ONLINE_REMINDER = '2026-12-19T04:30:00.000Z';
/** Sunday 13 December 2026, 10:00; and Sunday 10 January 2027, 10:00. */
const TEST = 'scholarship-test-2026-12-13';
const TEST_REMINDER = '2026-12-12T04:30:00.000Z';
const TEST_LATER = 'scholarship-test-2027-01-10';
const TEST_LATER_REMINDER = '2027-01-09T04:30:00.000Z';
const EMAIL = 'asha.parent@example.com';

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

type Booked = { id: string; rollNumber: string; token: string; emailed?: boolean };

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');

describe('the reminder’s due time', () => {
  const session = { date: '2026-12-06', starts: '16:00' } as EventSession;
  it('is 10:00 India time the day before; at once after that until the session begins; none after', () => {
    expect(reminderDueAt(session, TODAY)?.toISOString()).toBe(DEMO_REMINDER);
    const dayBefore = new Date('2026-12-05T12:00:00Z');
    expect(reminderDueAt(session, dayBefore)).toBe(dayBefore);
    const justBefore = new Date('2026-12-06T10:29:59Z');
    expect(reminderDueAt(session, justBefore)).toBe(justBefore);
    expect(reminderDueAt(session, new Date('2026-12-06T10:30:00Z'))).toBeUndefined();
  });
});

describe.each(enginesUnderTest())('the registrant’s emails on $name', ({ open }) => {
  let database: Db;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let clientDir: string;

  beforeEach(async () => {
    // The clock runs on from the day set (the worker's leases and the waits below need it to).
    vi.useFakeTimers({ toFake: ['Date'], now: TODAY, shouldAdvanceTime: true });
    database = await open();
    smtp = await startSmtpReceiver();
    clientDir = makeClientDir();
    app = await buildApp({
      // Email is on (the registrant's channels with it); no staff inbox, and no staff to assign.
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '100000',
        SMTP_URL: smtp.url,
        DELIVERY_POLL_MS: '50',
        DELIVERY_RETRY_BASE_MS: '50',
      }),
      clientDir,
      database,
      codeSender: phones,
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    vi.useRealTimers();
    await smtp.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const book = async (overrides: Record<string, unknown> = {}): Promise<Booked> => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: await phones.withProof(app, registration(overrides)),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Booked>();
  };
  const reschedule = async ({ token }: Booked, sessionId: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/registrations/${token}/reschedule`,
      payload: { sessionId },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  /** The registrant's deliveries: channel, status, when due, why not sent. */
  const registrantDeliveries = async () =>
    (
      await database.db
        .selectFrom('deliveries')
        .selectAll()
        .where('registration_id', 'is not', null)
        .orderBy('created_at')
        .orderBy('channel')
        .execute()
    ).map((row) => ({
      registration: row.registration_id,
      channel: row.channel,
      status: row.status,
      due: row.next_attempt_at,
      notSent: row.last_error,
    }));
  const mail = async (index: number) => simpleParser(smtp.mails[index]?.raw ?? '');
  /** The worker polls every 50 ms: nothing more arrives in 8 polls. */
  const stillOnly = async (count: number) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.mails).toHaveLength(count);
  };

  it('a Hindi booking with an email: one email in Hindi with the admit card (PDF) and the link; the reminder waits for 10:00 India time the day before', async () => {
    const booked = await book({ studentName: 'अदिति शर्मा', language: 'hi', email: EMAIL });
    const hi = serverWords.hi.events;
    const event = hi.types['demo-class'].name;
    const day = formatDay('2026-12-06', 'hi');

    await eventually(() => expect(smtp.mails).toHaveLength(1));
    expect(smtp.mails[0]?.to).toEqual([EMAIL]);
    const card = await mail(0);
    expect(card.subject).toBe(fill(hi.emails.admitCardSubject, { event, roll: booked.rollNumber }));
    const text = card.text ?? '';
    const link = `${institute.origin}/r/${booked.token}`;
    for (const part of [
      fill(hi.emails.admitCardHeading, { student: 'अदिति शर्मा' }),
      `${hi.registrant.rollNumber}: ${booked.rollNumber}`,
      `${hi.registrant.session}: ${day}`,
      hi.registrant.mapLink,
      hi.types['demo-class'].bring[1] ?? '',
      hi.emails.attached,
      link,
    ])
      expect(text).toContain(part);
    // The link in the email opens the registrant's page.
    const page = await app.inject({ method: 'GET', url: link.slice(institute.origin.length) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(booked.rollNumber);

    expect(card.attachments).toHaveLength(1);
    const [pdf] = card.attachments;
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.filename).toBe(`admit-card-${booked.rollNumber}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const printed = pdfText(pdf?.content ?? Buffer.alloc(0));
    for (const part of [booked.rollNumber, 'अदिति शर्मा', hi.registrant.cardTitle, day]) expect(printed).toContain(part);
    // Times as a Hindi reader says them, never am/pm, and the institute's name in Devanagari (the
    // copy review's B1 and B16), in the email and on the card alike.
    for (const said of [text, printed]) {
      expect(said).toContain('शाम 4:00 से शाम 5:30 तक');
      expect(said).not.toMatch(/\b[ap]m\b/);
      expect(said).toContain(serverWords.hi.siteName);
      expect(said).not.toContain(serverWords.en.siteName);
    }

    // The reminder is queued, due the day before at 10:00 India time; not waiting before then.
    await eventually(async () =>
      expect(await registrantDeliveries()).toMatchObject([
        { registration: booked.id, channel: 'admit-card', status: 'delivered', notSent: null },
        { registration: booked.id, channel: 'event-reminder', status: 'pending', due: DEMO_REMINDER },
      ]),
    );
    // Ten days on, a moment before it is due: it has not been waiting (/healthz's alert).
    vi.setSystemTime(new Date('2026-12-05T04:29:50Z'));
    const health = (await app.inject({ url: '/healthz' })).json<{
      deliveries: { oldestPendingSeconds: number; pending: number; byChannel: Record<string, { pending: number }> };
    }>();
    expect(health.deliveries).toMatchObject({
      oldestPendingSeconds: 0,
      pending: 1,
      byChannel: { 'event-reminder': { pending: 1 } },
    });
    await stillOnly(1);
    vi.setSystemTime(new Date(DEMO_REMINDER));
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    const reminder = await mail(1);
    expect(smtp.mails[1]?.to).toEqual([EMAIL]);
    expect(reminder.subject).toBe(fill(hi.emails.reminderSubject, { event, day }));
    expect(reminder.text).toContain(fill(hi.emails.reminderHeading, { student: 'अदिति शर्मा', day }));
    expect(reminder.text).toContain(link);
    expect(reminder.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
    await eventually(async () =>
      expect((await registrantDeliveries()).map((row) => row.status)).toEqual(['delivered', 'delivered']),
    );
  });

  it('booked after 10:00 the day before: the reminder goes at once, after the admit card', async () => {
    vi.setSystemTime(new Date('2026-12-05T06:00:00Z'));
    await book({ email: EMAIL });
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    const subjects = await Promise.all([mail(0), mail(1)]).then((mails) => mails.map((each) => each.subject));
    const en = serverWords.en.events;
    expect(subjects).toContain(
      fill(en.emails.reminderSubject, { event: en.types['demo-class'].name, day: formatDay('2026-12-06', 'en') }),
    );
  });

  it('a reschedule moves the reminder to the day before the new date; one sent for the old date is queued again for the new one', async () => {
    const en = serverWords.en.events;
    const booked = await book({ sessionId: TEST, email: EMAIL });
    await eventually(() => expect(smtp.mails).toHaveLength(1));
    const reminderDue = async () => (await registrantDeliveries()).find((row) => row.channel === 'event-reminder')?.due;

    await reschedule(booked, TEST_LATER);
    expect(await reminderDue()).toBe(TEST_LATER_REMINDER);
    await reschedule(booked, TEST);
    expect(await reminderDue()).toBe(TEST_REMINDER);

    vi.setSystemTime(new Date(TEST_REMINDER));
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    expect((await mail(1)).text).toContain(formatDay('2026-12-13', 'en'));

    // Sent for the 13th; the family moves to 10 January: reminded again, of that date.
    await reschedule(booked, TEST_LATER);
    expect(await registrantDeliveries()).toMatchObject([
      { channel: 'admit-card', status: 'delivered' },
      { channel: 'event-reminder', status: 'pending', due: TEST_LATER_REMINDER, notSent: null },
    ]);
    await stillOnly(2);
    vi.setSystemTime(new Date(TEST_LATER_REMINDER));
    await eventually(() => expect(smtp.mails).toHaveLength(3));
    const later = await mail(2);
    const newDay = formatDay('2027-01-10', 'en');
    expect(later.subject).toBe(
      fill(en.emails.reminderSubject, { event: en.types['scholarship-test'].name, day: newDay }),
    );
    expect(pdfText(later.attachments[0]?.content ?? Buffer.alloc(0))).toContain(newDay);
    expect(later.messageId).not.toBe((await mail(1)).messageId);
  });

  it('a cancellation drops the reminder: nothing is sent at its time', async () => {
    const booked = await book({ email: EMAIL });
    await eventually(() => expect(smtp.mails).toHaveLength(1));
    // Received, and recorded as delivered (the worker records it just after the receiver has it).
    await eventually(async () =>
      expect(await registrantDeliveries()).toMatchObject([
        { channel: 'admit-card', status: 'delivered' },
        { channel: 'event-reminder', status: 'pending' },
      ]),
    );
    const cancelled = await app.inject({ method: 'POST', url: `/api/registrations/${booked.token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(await registrantDeliveries()).toMatchObject([{ channel: 'admit-card', status: 'delivered' }]);
    vi.setSystemTime(new Date(DEMO_REMINDER));
    await stillOnly(1);
  });

  it('booked again from another form: the link goes again to the email given with the booking (not one typed now), once in ten minutes, and the answer says so', async () => {
    const booked = await book({ email: EMAIL });
    await eventually(() => expect(smtp.mails).toHaveLength(1));
    await eventually(async () =>
      expect((await registrantDeliveries())[0]).toMatchObject({ channel: 'admit-card', status: 'delivered' }),
    );
    const en = serverWords.en.events;
    const again = async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        // Whoever knows the name and the number, with their own address: it is not where the link goes.
        payload: await phones.withProof(
          app,
          registration({ sessionId: DEMO_ONLINE, email: 'someone.else@example.com' }),
        ),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Record<string, unknown>>();
    };
    // Minutes after the card went: it has just gone; nothing sent again.
    expect((await again()).message).toContain(en.booking.alreadyEmailed);
    await stillOnly(1);
    // Later, having lost it: sent again.
    vi.setSystemTime(new Date(Date.now() + 11 * 60 * 1000));
    const answer = await again();
    expect(answer).toMatchObject({ outcome: 'already', rollNumber: booked.rollNumber, sessionId: DEMO });
    expect(answer).not.toHaveProperty('token');
    expect(answer.message).toContain(en.booking.alreadyEmailed);
    expect(answer.message).toContain('at our centre, Sunday, 6 December 2026');
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    expect(smtp.mails[1]?.to).toEqual([EMAIL]);
    expect((await mail(1)).text).toContain(`${institute.origin}/r/${booked.token}`);
    // Again at once: no second email within ten minutes (it is on its way, or just went).
    expect((await again()).message).toContain(en.booking.alreadyEmailed);
    await stillOnly(2);
  });

  it('an online class: the admit card email says how the joining link comes; the reminder the day before carries it', async () => {
    const link = 'https://meet.google.com/abc-defg-hij';
    const sessions = (startingContent.institute.eventSessions ?? []).map((session) =>
      session.id === DEMO_ONLINE ? { ...session, joinLink: link } : session,
    );
    await createContentRepository(database).publish(
      { ...startingContent, institute: { ...startingContent.institute, eventSessions: sessions } },
      { basedOn: undefined },
    );
    await book({ email: EMAIL, sessionId: DEMO_ONLINE });
    const en = serverWords.en.events;
    await eventually(() => expect(smtp.mails).toHaveLength(1));
    const card = (await mail(0)).text ?? '';
    expect(card).toContain(en.booking.joinLinkLater);
    expect(card).not.toContain(link);
    // Joining, not arriving; nothing to show at a door.
    expect(card).toContain(`${en.booking.joinByLabel}: 10:50 am`);
    expect(card).toContain(`•  ${en.booking.bringOnline[0]}`);
    expect(card).not.toContain(en.types['demo-class'].bring[0] ?? '');
    vi.setSystemTime(new Date(DEMO_ONLINE_REMINDER));
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    expect((await mail(1)).text).toContain(`${en.booking.joinLinkLabel}: ${link}`);
  });

  it('one that comes due for a cancelled booking or a session begun is done without sending, saying why', async () => {
    const cancelled = await book({ email: EMAIL });
    const other = await book({ studentName: 'Ravi Kumar', phone: '98765 43299', email: 'ravi@example.com' });
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    // Cancelled while its reminder was being sent (so it was not dropped).
    await database.db
      .updateTable('registrations')
      .set({ cancelled_at: new Date().toISOString() })
      .where('id', '=', cancelled.id)
      .execute();
    // The worker first runs again after the session began (16:00 India time): 16:30.
    vi.setSystemTime(new Date('2026-12-06T11:00:00Z'));
    await eventually(async () =>
      expect((await registrantDeliveries()).filter((row) => row.channel === 'event-reminder')).toEqual([
        expect.objectContaining({
          registration: cancelled.id,
          status: 'delivered',
          notSent: 'not sent: the booking is cancelled',
        }),
        expect.objectContaining({
          registration: other.id,
          status: 'delivered',
          notSent: `not sent: its session ${DEMO} has begun`,
        }),
      ]),
    );
    expect(smtp.mails).toHaveLength(2);
  });

  it('without an email address nothing is queued for the registrant, booked or moved; a repeat queues nothing new', async () => {
    const without = await book({ studentName: 'Ravi Kumar', phone: '98765 43299' });
    // The form says the card is on its way by email only when it is.
    expect(without).not.toHaveProperty('emailed');
    await reschedule(without, 'demo-class-2026-12-20-online');
    expect(await registrantDeliveries()).toEqual([]);

    const booked = await book({ email: EMAIL });
    expect(booked).toMatchObject({ emailed: true });
    await eventually(() => expect(smtp.mails).toHaveLength(1));
    const again = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: await phones.withProof(app, registration({ email: EMAIL })),
    });
    expect(again.json()).toMatchObject({ outcome: 'already', rollNumber: booked.rollNumber });
    expect((await registrantDeliveries()).map((row) => [row.registration, row.channel])).toEqual([
      [booked.id, 'admit-card'],
      [booked.id, 'event-reminder'],
    ]);
    await stillOnly(1);
  });

  it('an address receives at most three admit cards a day, whoever books; the fourth booking stands without one', async () => {
    const booked = [];
    for (const [index, studentName] of ['Asha Verma', 'Ravi Verma', 'Meera Verma', 'Kabir Verma'].entries())
      booked.push(await book({ studentName, phone: `98765 0000${index}`, email: 'Someone.Else@victim.test' }));
    expect(booked.map((each) => Boolean(each.emailed))).toEqual([true, true, true, false]);
    await eventually(() => expect(smtp.mails).toHaveLength(ADMIT_CARDS_PER_ADDRESS_PER_DAY));
    const cards = await database.db
      .selectFrom('deliveries')
      .select('registration_id')
      .where('channel', '=', 'admit-card')
      .execute();
    expect(cards).toHaveLength(ADMIT_CARDS_PER_ADDRESS_PER_DAY);
  });

  it('two bookings within minutes (the test and the demo class) each get their admit card', async () => {
    const demo = await book({ email: EMAIL });
    const test = await book({ sessionId: TEST, email: EMAIL });
    // Each booking is its own enquiry (never attached to another form's: issue 38), of one family.
    const enquiries = await database.db
      .selectFrom('registrations')
      .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
      .select(['enquiries.id', 'enquiries.family_id'])
      .execute();
    expect(new Set(enquiries.map((each) => each.id)).size).toBe(2);
    expect(new Set(enquiries.map((each) => each.family_id)).size).toBe(1);
    await eventually(() => expect(smtp.mails).toHaveLength(2));
    const subjects = (await Promise.all([mail(0), mail(1)])).map((each) => each.subject ?? '');
    expect(subjects.filter((subject) => subject.includes(demo.rollNumber))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes(test.rollNumber))).toHaveLength(1);
  });
});
