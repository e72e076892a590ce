/**
 * "Find my booking" through HTTP on real databases (issue 38): a family that proves its number
 * gets its seats' links again, as JSON and as pages without JavaScript, in Hindi too; before the
 * proof, every answer is the same whether or not a seat was booked from the number; a proof of
 * another number shows nothing of the family's.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, formatPhone } from '../../../shared/format';
import { institute } from '../../../shared/institute';
import { serverWords } from '../../../src/content/server-words';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { phoneStandIn } from '../../../tests/support/phone-codes';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';

/** A Tuesday when every starting session takes registrations (India time, mid-morning). */
const TODAY = new Date('2026-11-24T05:00:00Z');
const DEMO = 'demo-class-2026-12-06';

const booking = (overrides: Record<string, unknown> = {}) => ({
  studentName: 'Asha Verma',
  phone: '98765 43210',
  classLevel: '12',
  course: 'jee',
  consent: true,
  sessionId: DEMO,
  ...overrides,
});
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(enginesUnderTest())('find my booking on $name', ({ open }) => {
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

  const book = async (overrides: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: await phones.withProof(app, booking(overrides)),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; rollNumber: string; token: string }>();
  };
  const find = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/registrations/find', payload });

  it('a proved number gets its seats’ links again; before the proof nothing says whether it booked', async () => {
    const asha = await book();
    const ravi = await book({ studentName: 'Ravi Verma' });
    const cancelled = await book({ studentName: 'Meera Verma' });
    await app.inject({ method: 'POST', url: `/api/registrations/${cancelled.token}/cancel` });

    // Without a proof: the same answer for the family's number and for one that booked nothing.
    const unproved = await find({ phone: '98765 43210' });
    const nobody = await find({ phone: '98765 00000' });
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json()).toEqual(nobody.json());
    expect(unproved.json()).toEqual({
      error: serverWords.en.events.verification.needed,
      verification: 'needed',
    });
    expect(unproved.body).not.toContain('Asha');

    // A proof of another number shows nothing of the family's (and a made-up proof is no proof).
    const othersProof = await phones.prove(app, '98765 00000');
    expect((await find({ phone: '98765 43210', numberProof: othersProof })).statusCode).toBe(403);
    expect((await find({ phone: '98765 43210', numberProof: `${othersProof.slice(0, -2)}xx` })).statusCode).toBe(403);
    const none = await find({ phone: '98765 00000', numberProof: othersProof });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      bookings: [],
      message: fill(serverWords.en.events.findBooking.none, {
        phone: formatPhone('+919876500000'),
        call: formatPhone(institute.phone),
      }),
    });

    // The family's number, proved by a code typed with the request: its two standing seats.
    const asked = await app.inject({ method: 'POST', url: '/api/phone-codes', payload: { phone: '98765 43210' } });
    const { id: codeId } = asked.json<{ id: string }>();
    const code = phones.lastCode('+919876543210') ?? '';
    const wrong = await find({ phone: '98765 43210', codeId, code: code === '111111' ? '222222' : '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ verification: 'wrong', triesLeft: 4 });
    const found = await find({ phone: '98765 43210', codeId, code });
    expect(found.statusCode, found.body).toBe(200);
    const answer = found.json<{ bookings: { token: string; studentName: string; rollNumber: string }[] }>();
    expect(answer.bookings.map((each) => [each.studentName, each.rollNumber])).toEqual([
      ['Asha Verma', asha.rollNumber],
      ['Ravi Verma', ravi.rollNumber],
    ]);
    expect(found.headers['cache-control']).toBe('no-store');
    // Each link opens its seat.
    for (const each of answer.bookings) {
      const opened = await app.inject({ method: 'GET', url: `/api/registrations/${each.token}` });
      expect(opened.json()).toMatchObject({ studentName: each.studentName, rollNumber: each.rollNumber });
    }
  });

  it('a student under 18’s seat is found by the parent’s number, not by the student’s', async () => {
    const seat = await book({
      studentName: 'Kabir Verma',
      phone: '98765 43277',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita Verma',
      parentPhone: '98765 43288',
    });
    const byParent = await find({ phone: '98765 43288', numberProof: await phones.prove(app, '98765 43288') });
    expect(byParent.json<{ bookings: { rollNumber: string }[] }>().bookings.map((each) => each.rollNumber)).toEqual([
      seat.rollNumber,
    ]);
  });

  it('without JavaScript, in Hindi: the number, then the code, then the links', async () => {
    const seat = await book({ language: 'hi' });
    const words = serverWords.hi.events.findBooking;
    const page = await app.inject({ method: 'GET', url: '/r/find?lang=hi' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`<html lang="hi`);
    expect(page.body).toContain(words.intro);
    expect(page.body).toContain('action="/api/registrations/find"');

    // A number that is not a mobile number: said, and what was typed kept.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/registrations/find',
      headers: FORM,
      payload: form({ phone: '12345', language: 'hi' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="12345"');
    expect(bad.body).toContain('role="alert"');

    // The number: a code goes, and the page asks for it; the same page for a number with no seat.
    const ask = (phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/registrations/find',
        headers: FORM,
        payload: form({ phone, language: 'hi' }),
      });
    const codePage = await ask('98765 43210');
    const nobodys = await ask('98765 11111');
    expect(codePage.statusCode).toBe(200);
    expect(nobodys.statusCode).toBe(200);
    const masked = (body: string) => body.replace(/\+91 \d{5} \d{5}/g, 'PHONE').replace(/value="[^"]*"/g, 'value');
    expect(masked(codePage.body)).toBe(masked(nobodys.body));
    const codeId = /name="codeId" value="([^"]+)"/.exec(codePage.body)?.[1] ?? '';
    expect(codeId).not.toBe('');
    expect(codePage.body).toContain(words.confirm);

    // The code typed: the seat, with its link.
    const found = await app.inject({
      method: 'POST',
      url: '/api/registrations/find',
      headers: FORM,
      payload: form({ phone: '+919876543210', language: 'hi', codeId, code: phones.lastCode('+919876543210') ?? '' }),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.body).toContain(seat.rollNumber);
    expect(found.body).toContain(`href="/r/${encodeURIComponent(seat.token)}"`);
    expect(found.body).toContain(fill(words.open, { student: 'Asha Verma' }));
  });
});
