/**
 * Working a call in two taps, and the first-call target in working time, through HTTP and the
 * repositories on real databases (SQLite and PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../shared/format';
import { addDays, fromInstituteTime, localDate } from '../../../shared/institute-calendar';
import { feePeriod, serverWords, startingFacts } from '../../../src/content/server-words';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { enquiryRow } from '../../../tests/support/enquiry-row';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createDashboardRepository } from '../../db/dashboard-repository';
import { createDeskSettingsRepository } from '../../db/desk-settings-repository';
import { createStaffRepository } from '../../db/staff-repository';
import { createInboxExportRepository } from '../../db/inbox-export-repository';
import { inboxQuerySchema } from '../../../shared/schema/desk';
import { sheetColumns } from '../../exports/spreadsheet';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});
const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;
type Stored = {
  status: string;
  status_reason: string | null;
  next_follow_up: string | null;
  next_follow_up_at: string | null;
  no_answers: number;
  first_called_at: string | null;
  version: number;
};

describe.each(enginesUnderTest())('calls on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let cookie: string;
  let counsellorId: string;

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database,
      deliveryWorker: false,
    });
    counsellorId = (
      await createStaffRepository(database).add({
        email: 'c@example.com',
        name: 'Chitra',
        role: 'counsellor',
        passwordHash,
      })
    ).id;
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email: 'c@example.com', password: PASSWORD },
    });
    cookie = `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const enquire = async (phone = '98765 43210') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: { studentName: 'Asha Verma', phone, classLevel: '12', course: 'jee', city: 'Jaipur', consent: true },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const call = (id: string, body: object) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/enquiries/${id}/calls`,
      headers: { origin: ORIGIN, cookie },
      payload: body,
    });
  const stored = async (id: string) =>
    (await database.db
      .selectFrom('enquiries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as unknown as Stored;

  it('records a call in one request: "No answer" keeps the status, counts, and sets the next try by the rule', async () => {
    const id = await enquire();
    const first = await call(id, { version: 1, outcome: 'no-answer' });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).why).toMatch(/^Try again in 3 working hours\.$|^Try again/);
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'new', no_answers: 1, version: 2 });
    expect(row.first_called_at).not.toBeNull();
    // The next try is three working hours on (or the next opening), and its date is what the lists read.
    expect(row.next_follow_up_at).not.toBeNull();
    expect(new Date(row.next_follow_up_at ?? '').getTime()).toBeGreaterThan(Date.now());
    expect(row.next_follow_up).toBe(localDate(new Date(row.next_follow_up_at ?? '')));
    const history = json(first).audit as { action: string; field: string | null; actor_name: string }[];
    expect(history[0]).toMatchObject({ action: 'call', field: 'no-answer', actor_name: 'Chitra' });
    const contacts = await database.db.selectFrom('contacts').selectAll().execute();
    expect(contacts).toMatchObject([{ enquiry_id: id, staff_id: counsellorId, kind: 'call', what: 'no-answer' }]);

    // Answered later: the count starts again, the first call stays the first.
    const firstCalled = row.first_called_at;
    expect((await call(id, { version: 2, outcome: 'interested' })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'contacted', no_answers: 0, first_called_at: firstCalled });

    // The spreadsheet the desk exports has the family's calls, oldest first, in words.
    const rows = [];
    for await (const row of createInboxExportRepository(database).exportRows(inboxQuerySchema.parse({}), counsellorId))
      rows.push(row);
    const calls = sheetColumns.find((column) => column.header === 'Calls and messages');
    expect(calls?.value(rows[0] as never)).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d Chitra: No answer\n.* Chitra: Interested$/,
    );

    // A call made from an older version is refused, and nothing of it is stored.
    const stale = await call(id, { version: 2, outcome: 'enrolled' });
    expect(stale.statusCode).toBe(409);
    expect(await database.db.selectFrom('contacts').selectAll().execute()).toHaveLength(2);
  });

  it('a family tried with no answer is not "first call overdue": it waits for its next try, its tries counted, in one list', async () => {
    const id = await enquire();
    const dashboard = createDashboardRepository(database);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    const where = async (at: Date) => {
      const today = await dashboard.today(null, at);
      return (['overdue', 'followUps', 'fresh'] as const).flatMap((list) =>
        today[list].filter((row) => row.id === id).map((row) => ({ list, tries: row.tries })),
      );
    };
    expect(await where(inAWeek)).toEqual([{ list: 'overdue', tries: 0 }]);
    expect((await call(id, { version: 1, outcome: 'no-answer' })).statusCode).toBe(200);
    // A week on its try is due: a follow-up, not "Call now".
    expect(await where(inAWeek)).toEqual([{ list: 'followUps', tries: 1 }]);
    // Now: due today (a follow-up), or on the next working day (not reached yet); listed once either way.
    const now = await where(new Date());
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ tries: 1 });
    expect(['followUps', 'fresh']).toContain(now[0]?.list);
  });

  it('asks for what an outcome needs: a reason for Not interested, the visit’s day and time (after now)', async () => {
    const id = await enquire();
    const noReason = await call(id, { version: 1, outcome: 'not-interested' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).error).toMatch(/reason/i);
    const noVisit = await call(id, { version: 1, outcome: 'visit-booked' });
    expect(noVisit.statusCode).toBe(400);
    expect(json(noVisit).error).toMatch(/day and time of the visit/);
    const past = await call(id, { version: 1, outcome: 'visit-booked', next: '2020-01-01T10:00' });
    expect(past.statusCode).toBe(400);
    expect(json(past).error).toMatch(/after now/);
    const nonsense = await call(id, { version: 1, outcome: 'maybe' });
    expect(nonsense.statusCode).toBe(400);
    expect(await database.db.selectFrom('contacts').selectAll().execute()).toEqual([]);

    const visit = `${localDate(new Date(Date.now() + 3 * 86_400_000))}T11:30`;
    const booked = await call(id, { version: 1, outcome: 'visit-booked', next: visit });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'visit-booked',
      next_follow_up: visit.slice(0, 10),
      next_follow_up_at: fromInstituteTime(visit).toISOString(),
    });
    const wrong = await call(id, { version: 2, outcome: 'wrong-number' });
    expect(wrong.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'unreachable',
      status_reason: 'Wrong number',
      next_follow_up: null,
      next_follow_up_at: null,
    });
  });

  it('an outcome is undone by whoever recorded it: the enquiry as it was, no call in its history, the trail says so', async () => {
    const id = await enquire();
    const undo = (who = cookie) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/enquiries/${id}/calls/undo`,
        headers: { origin: ORIGIN, cookie: who },
      });
    expect((await undo()).statusCode).toBe(404);
    const before = await stored(id);
    expect((await call(id, { version: 1, outcome: 'interested' })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'contacted', version: 2 });

    const undone = await undo();
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone).why).toBe('Undone: nothing of "Interested" was kept.');
    expect(await stored(id)).toEqual({ ...before, version: 3 });
    // The call did not happen: not in the family's history, nor in speed to lead; the trail keeps both.
    expect(await database.db.selectFrom('contacts').selectAll().execute()).toEqual([]);
    const trail = (json(undone).audit as { action: string; field: string | null }[]).map((row) => [
      row.action,
      row.field,
    ]);
    expect(trail.slice(0, 2)).toEqual([
      ['call-undone', 'interested'],
      ['call', 'interested'],
    ]);
    // Once: there is nothing left to undo.
    expect((await undo()).statusCode).toBe(404);

    // Someone changed the enquiry after the call: undoing it would undo their work too.
    expect((await call(id, { version: 3, outcome: 'no-answer' })).statusCode).toBe(200);
    const note = await app.inject({
      method: 'PATCH',
      url: `/api/staff/enquiries/${id}`,
      headers: { origin: ORIGIN, cookie },
      payload: { version: 4, status: 'contacted' },
    });
    expect(note.statusCode).toBe(200);
    const changed = await undo();
    expect(changed.statusCode).toBe(409);
    expect(json(changed).error).toMatch(/undoing it would undo their work too/);
    expect(await database.db.selectFrom('contacts').selectAll().execute()).toHaveLength(1);

    // Another member cannot undo a call that is not theirs.
    await createStaffRepository(database).add({
      email: 'd@example.com',
      name: 'Dev',
      role: 'counsellor',
      passwordHash,
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email: 'd@example.com', password: PASSWORD },
    });
    const dev = `desk_session=${signedIn.cookies.find((c) => c.name === 'desk_session')?.value}`;
    expect((await call(id, { version: 5, outcome: 'no-answer' })).statusCode).toBe(200);
    expect((await undo(dev)).statusCode).toBe(404);
  });

  it('a call back when the family asked: the call sets the day and time, the next-call field moves both', async () => {
    const id = await enquire();
    const tomorrow = addDays(localDate(new Date()), 1);
    const sixPm = `${tomorrow}T18:00`;
    const later = await call(id, { version: 1, outcome: 'call-back-later', next: sixPm });
    expect(later.statusCode, later.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'contacted',
      next_follow_up: tomorrow,
      next_follow_up_at: fromInstituteTime(sixPm).toISOString(),
    });
    const change = (body: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/staff/enquiries/${id}`,
        headers: { origin: ORIGIN, cookie },
        payload: body,
      });
    // Moved by hand to ten the same day: the time moves with it (Today once still said six).
    const tenAm = `${tomorrow}T10:00`;
    const moved = await change({ version: 2, nextFollowUp: tenAm });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      next_follow_up: tomorrow,
      next_follow_up_at: fromInstituteTime(tenAm).toISOString(),
    });
    // A day alone keeps no time from before.
    const dayAfter = addDays(tomorrow, 1);
    expect((await change({ version: 3, nextFollowUp: dayAfter })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ next_follow_up: dayAfter, next_follow_up_at: null });
    // Not a time anyone meant: refused with the reason, nothing changed.
    const slip = await change({ version: 4, nextFollowUp: `${dayAfter}T25:00` });
    expect(slip.statusCode).toBe(400);
    expect(json(slip).error).toMatch(/a date and time \(YYYY-MM-DDTHH:MM\)/);
    expect(await stored(id)).toMatchObject({ version: 4, next_follow_up: dayAfter });
  });

  it('fills the WhatsApp and SMS messages in the family’s language, to the number to call first, and records the one opened', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: {
        studentName: 'आशा वर्मा',
        phone: '98765 43210',
        classLevel: '11',
        course: 'jee',
        city: 'Kota',
        consent: true,
        language: 'hi',
        enquirer: 'student',
        studentUnder18: true,
        parentName: 'सुनीता वर्मा',
        parentPhone: '91111 22222',
      },
    });
    const id = (res.json() as { id: string }).id;
    const get = (url: string, who = cookie) =>
      app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie: who } });
    const messages = json(await get(`/api/staff/enquiries/${id}/messages`));
    expect(messages).toMatchObject({ language: 'hi', phone: '+919111122222' });
    const [first] = messages.messages as { id: string; channel: string; text: string; href: string }[];
    expect(first?.text).toContain('Chitra');
    expect(first?.text).toContain('आशा वर्मा');
    expect(first?.text).not.toMatch(/[{}]/);
    expect(first?.href).toBe(`https://wa.me/919111122222?text=${encodeURIComponent(first?.text ?? '')}`);
    // The fee says the period it covers (JEE: a year), in the family's language, and the institute's name is theirs.
    const jee = startingFacts.jee;
    const details = (messages.messages as { id: string; text: string }[]).find((each) => each.id === 'course-details');
    expect(jee?.per).toBe('year');
    expect(details?.text).toContain(`${formatRupees(jee?.fee ?? 0, 'hi')} ${feePeriod.hi.year}`);
    expect(details?.text).toContain(serverWords.hi.siteName);
    expect(details?.text).not.toMatch(/[{}]/);
    const sms = (messages.messages as { channel: string; href: string }[]).find((each) => each.channel === 'sms');
    expect(sms?.href).toMatch(/^sms:\+919111122222\?body=/);

    const opened = await app.inject({
      method: 'POST',
      url: `/api/staff/enquiries/${id}/messages`,
      headers: { origin: ORIGIN, cookie },
      payload: { template: first?.id },
    });
    expect(opened.statusCode).toBe(201);
    expect(await database.db.selectFrom('contacts').select(['kind', 'what']).execute()).toEqual([
      { kind: 'whatsapp', what: first?.id },
    ]);
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/staff/enquiries/${id}/messages`,
      headers: { origin: ORIGIN, cookie },
      payload: { template: 'no-such' },
    });
    expect(unknown.statusCode).toBe(400);

    // Only an admin changes the messages; each needs both languages and known placeholders.
    const template = { id: 'hello', name: 'Hello', channel: 'whatsapp', text: { en: 'Hi {name}', hi: 'नमस्ते {name}' } };
    const put = (body: object, who = cookie) =>
      app.inject({
        method: 'PUT',
        url: '/api/staff/settings/templates',
        headers: { origin: ORIGIN, cookie: who },
        payload: body,
      });
    expect((await put({ templates: [template] })).statusCode).toBe(403);
    await createStaffRepository(database).add({ email: 'a@example.com', name: 'Anil', role: 'admin', passwordHash });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email: 'a@example.com', password: PASSWORD },
    });
    const admin = `desk_session=${signedIn.cookies.find((c) => c.name === 'desk_session')?.value}`;
    const badPlaceholder = await put(
      { templates: [{ ...template, text: { en: 'Hi {nam}', hi: 'नमस्ते {name}' } }] },
      admin,
    );
    expect(badPlaceholder.statusCode).toBe(400);
    expect(json(badPlaceholder).error).toMatch(/placeholders/);
    expect(json(badPlaceholder).field).toBe('templates.0.text.en');
    expect((await put({ templates: [{ ...template, text: { en: 'Hi {name}', hi: '' } }] }, admin)).statusCode).toBe(
      400,
    );
    expect((await put({ templates: [template] }, admin)).statusCode).toBe(200);
    const now = json(await get(`/api/staff/enquiries/${id}/messages`));
    expect((now.messages as { text: string }[]).map((each) => each.text)).toEqual(['नमस्ते आशा वर्मा']);
  });

  // A counsellor on a weak signal: the request arrived and was stored, its answer never came, and
  // the desk sends it again with the id it made for it. Or the two arrive at once.
  it('a call, a note, a message or a save sent again with the desk’s id is stored once; another’s id is refused', async () => {
    const id = await enquire();
    const other = await enquire('91111 22222');
    const post = (path: string, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
      app.inject({ method, url: `/api/staff/enquiries/${id}${path}`, headers: { origin: ORIGIN, cookie }, payload });
    const count = async (table: 'contacts' | 'enquiry_notes') =>
      (await database.db.selectFrom(table).select('id').where('enquiry_id', '=', id).execute()).length;

    // A call: the second answer says it was recorded already, and nothing is counted twice.
    const callId = randomUUID();
    const first = await post('/calls', { version: 1, outcome: 'no-answer', id: callId });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/calls', { version: 1, outcome: 'no-answer', id: callId });
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).why).toMatch(/^Recorded already/);
    expect(await stored(id)).toMatchObject({ no_answers: 1, version: 2 });
    expect(await count('contacts')).toBe(1);
    // Both at once.
    const atOnce = randomUUID();
    const both = await Promise.all([0, 1].map(() => post('/calls', { version: 2, outcome: 'interested', id: atOnce })));
    expect(both.map((each) => each.statusCode)).toEqual([200, 200]);
    expect(await count('contacts')).toBe(2);
    expect(await stored(id)).toMatchObject({ status: 'contacted', version: 3 });

    // A note on its own: 201, then 200 with the same note; twice at once, one note.
    const noteId = randomUUID();
    const note = await post('/notes', { body: 'Father prefers evenings.', id: noteId });
    expect(note.statusCode, note.body).toBe(201);
    const noteAgain = await post('/notes', { body: 'Father prefers evenings.', id: noteId });
    expect(noteAgain.statusCode, noteAgain.body).toBe(200);
    expect(json(noteAgain).note).toMatchObject({ id: noteId, body: 'Father prefers evenings.' });
    const noteAtOnce = randomUUID();
    const notes = await Promise.all([0, 1].map(() => post('/notes', { body: 'Asked about hostel.', id: noteAtOnce })));
    expect(notes.map((each) => each.statusCode).sort()).toEqual([200, 201]);
    expect(await count('enquiry_notes')).toBe(2);

    // A save with a note: the second is not "someone else changed it", and the note is there once.
    const saveNote = randomUUID();
    const save = { version: 3, status: 'visit-booked', nextFollowUp: null, note: 'Visit on Sunday.', noteId: saveNote };
    expect((await post('', save, 'PATCH')).statusCode).toBe(200);
    const saveAgain = await post('', save, 'PATCH');
    expect(saveAgain.statusCode, saveAgain.body).toBe(200);
    expect(await count('enquiry_notes')).toBe(3);
    expect(await stored(id)).toMatchObject({ status: 'visit-booked', version: 4 });
    // Sent again with something else changed meanwhile on the page (its note the same): what the first
    // copy stored is not taken for the rest. From the old version it conflicts; from the new one the
    // change is made, and the note is still there once.
    const changedMind = { ...save, status: 'contacted' };
    expect((await post('', changedMind, 'PATCH')).statusCode).toBe(409);
    const fromNew = await post('', { ...changedMind, version: 4 }, 'PATCH');
    expect(fromNew.statusCode, fromNew.body).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'contacted', version: 5 });
    expect(await count('enquiry_notes')).toBe(3);

    // A message opened: 201, then 200; one row.
    const messages = await app.inject({ url: `/api/staff/enquiries/${id}/messages`, headers: { cookie } });
    const [template] = json(messages).messages as { id: string }[];
    const messageId = randomUUID();
    const opened = await post('/messages', { template: template?.id, id: messageId });
    expect(opened.statusCode, opened.body).toBe(201);
    expect((await post('/messages', { template: template?.id, id: messageId })).statusCode).toBe(200);
    expect(await count('contacts')).toBe(3);

    // An id already used, on another enquiry: refused with a reason, nothing stored there.
    for (const [path, payload] of [
      ['/calls', { version: 1, outcome: 'no-answer', id: callId }],
      ['/notes', { body: 'Someone else', id: noteId }],
      ['/messages', { template: template?.id, id: messageId }],
    ] as const) {
      const taken = await app.inject({
        method: 'POST',
        url: `/api/staff/enquiries/${other}${path}`,
        headers: { origin: ORIGIN, cookie },
        payload,
      });
      expect(taken.statusCode, `${path}: ${taken.body}`).toBe(409);
      expect(json(taken).error).toMatch(/belongs to something else/);
    }
    expect(await stored(other)).toMatchObject({ version: 1, no_answers: 0 });
    // Not an id the desk makes: a reason, not a stored row.
    const bad = await post('/notes', { body: 'x', id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/request id/);
  });

  it('a new enquiry is overdue once its first-call target has passed in working minutes, across a weekend and a holiday', async () => {
    // Received on Saturday 28 November 2026 at 19:30 India time: 30 working minutes that evening.
    const received = fromInstituteTime('2026-11-28T19:30');
    await database.db
      .insertInto('enquiries')
      .values(
        enquiryRow({
          id: 'late-saturday',
          created_at: received.toISOString(),
          student_name: 'Ravi',
          phone: '+919000000001',
          class_level: '12',
          course: 'jee',
          city: '',
          enquirer: 'student',
          language: 'hi',
        }),
      )
      .execute();
    const dashboard = createDashboardRepository(database);
    const lists = async (at: string) => {
      const today = await dashboard.today(null, fromInstituteTime(at));
      return { overdue: today.overdue.map((row) => row.id), fresh: today.fresh.map((row) => row.id) };
    };
    // The 60-minute target: 30 minutes on Saturday, none on Sunday, 30 from Monday's opening at 08:00.
    expect(await lists('2026-11-29T18:00')).toEqual({ overdue: [], fresh: ['late-saturday'] });
    expect(await lists('2026-11-30T08:29')).toEqual({ overdue: [], fresh: ['late-saturday'] });
    expect(await lists('2026-11-30T08:30')).toEqual({ overdue: ['late-saturday'], fresh: [] });
    // With Monday a holiday, it is due on Tuesday at 08:30.
    const settings = createDeskSettingsRepository(database);
    await settings.set(
      'first-contact',
      { targetMinutes: 60, holidays: ['2026-11-30'], reassignOverdue: false },
      counsellorId,
    );
    expect(await lists('2026-11-30T18:00')).toEqual({ overdue: [], fresh: ['late-saturday'] });
    expect(await lists('2026-12-01T08:30')).toEqual({ overdue: ['late-saturday'], fresh: [] });
    const { fresh } = await dashboard.today(null, fromInstituteTime('2026-11-30T18:00'));
    expect(fresh[0]?.dueAt).toBe(fromInstituteTime('2026-12-01T08:30').toISOString());
  });
});
