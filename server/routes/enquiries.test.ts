import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../tests/support/client-dir';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import { createEnquiryRepository } from '../db/enquiry-repository';

const STAFF_TOKEN = 'staff-token-for-tests-0123456789';

const valid = {
  studentName: 'Asha Verma',
  phone: '+91 98765 43210',
  email: 'asha@example.com',
  classLevel: '12-pass',
  course: 'neet-repeaters',
  city: 'Jaipur',
  message: 'Does the batch have weekend tests?',
  consent: true,
};

describe('POST /api/enquiries', () => {
  let clientDir: string;
  let database: Db;
  let app: FastifyInstance;

  const start = async (env: Record<string, string> = {}) => {
    const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STAFF_TOKEN, ...env });
    app = await buildApp({ config, clientDir, database });
    return app;
  };
  const rows = () => createEnquiryRepository(database).listSince(new Date(0));
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await openDatabase('file::memory:');
  });
  afterEach(async () => {
    await app?.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('stores a valid enquiry and answers 201 with its id', async () => {
    await start();
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await rows();
    expect(row).toMatchObject({ id, phone: '+919876543210', student_name: 'Asha Verma', course: 'neet-repeaters' });
  });

  it('accepts a plain HTML form post and redirects to the thank-you page', async () => {
    await start();
    const form = new URLSearchParams({ ...valid, consent: 'true', website: '' }).toString();
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/thank-you');
    expect((await rows())[0]).toMatchObject({ source: 'form', phone: '+919876543210' });
  });

  it.each([
    ['studentName', { studentName: '   ' }, /student’s name/],
    ['phone', { phone: '12345' }, /10-digit mobile/],
    ['phone', { phone: '5876543210' }, /starting with 6, 7, 8 or 9/],
    ['email', { email: 'not-an-email' }, /valid email/],
    ['classLevel', { classLevel: '7' }, /class/i],
    ['course', { course: 'medical-masters' }, /course/i],
    ['city', { city: '' }, /city/],
    ['message', { message: 'x'.repeat(1001) }, /under 1000 characters/],
    ['consent', { consent: false }, /agree to be contacted/],
    ['idempotencyKey', { idempotencyKey: 'not-a-uuid' }, /reload the page/],
  ])('rejects a bad %s with 400 and a message for that field', async (field, change, message) => {
    await start();
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toBe('Please check the highlighted fields.');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(message);
    expect(await rows()).toHaveLength(0);
  });

  it('requires a parent’s name and number when a student under 18 enquires, and stores them', async () => {
    await start();
    const student = { ...valid, enquirer: 'student', studentUnder18: true };
    const missing = await post(student);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ fields: object }>().fields).sort()).toEqual(['parentName', 'parentPhone']);

    const badPhone = await post({ ...student, parentName: 'Meena Verma', parentPhone: '12345' });
    expect(badPhone.json<{ fields: Record<string, string> }>().fields.parentPhone).toMatch(/10-digit/);

    const ok = await post({
      ...student,
      parentName: 'Meena Verma',
      parentPhone: '91234 56789',
      noticeVersion: '2026-11-21',
    });
    expect(ok.statusCode).toBe(201);
    expect((await rows())[0]).toMatchObject({
      enquirer: 'student',
      student_under_18: 1,
      parent_name: 'Meena Verma',
      parent_phone: '+919123456789',
      consent_notice_version: '2026-11-21',
    });
  });

  it('takes an enquiry without `enquirer` as a parent’s, and a student of 18 or over needs no parent', async () => {
    await start();
    expect((await post(valid)).statusCode).toBe(201);
    expect((await post({ ...valid, phone: '9111111111', enquirer: 'student', studentUnder18: false })).statusCode).toBe(
      201,
    );
    const stored = await rows();
    expect(stored.map((r) => [r.enquirer, r.student_under_18])).toEqual([
      ['parent', null],
      ['student', 0],
    ]);
    expect(stored.every((r) => r.consent_at !== null)).toBe(true);
  });

  it('names every missing field at once', async () => {
    await start();
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields).sort()).toEqual(
      ['city', 'classLevel', 'consent', 'course', 'phone', 'studentName'].sort(),
    );
  });

  it('answers a bad plain form post with a readable page, escaping what was typed', async () => {
    await start();
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...valid, consent: 'true', phone: '<script>alert(1)</script>' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Please check your enquiry');
    expect(res.body).toContain('Mobile number:');
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it.each([
    ['malformed JSON', '{"studentName": ', 'application/json', 400, 'not valid JSON'],
    ['an empty JSON body', '', 'application/json', 400, 'empty'],
    ['a JSON array', '[1,2]', 'application/json', 400, 'JSON object'],
    ['text/plain', 'hello', 'text/plain', 415, 'Send the enquiry as JSON'],
    ['multipart', '--x\r\n', 'multipart/form-data; boundary=x', 415, 'Send the enquiry as JSON'],
  ])('answers %s with %i and a reason, never a stack trace', async (_name, payload, type, status, reason) => {
    await start();
    const res = await app.inject({ method: 'POST', url: '/api/enquiries', headers: { 'content-type': type }, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ error: string }>().error).toContain(reason);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers an oversized body with 413', async () => {
    await start();
    const res = await post({ ...valid, message: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: string }>().error).toMatch(/too large/);
  });

  it('answers a filled-in honeypot as accepted and stores nothing', async () => {
    await start();
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ id: string }>().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rows()).toHaveLength(0);
  });

  it('stores a double submission once: same idempotency key, or same phone and course', async () => {
    await start();
    const idempotencyKey = randomUUID();
    const first = await post({ ...valid, idempotencyKey });
    const retry = await post({ ...valid, idempotencyKey });
    const doubleClick = await post({ ...valid, idempotencyKey: randomUUID() });
    expect([first.statusCode, retry.statusCode, doubleClick.statusCode]).toEqual([201, 201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(doubleClick.json()).toEqual(first.json());
    expect(await rows()).toHaveLength(1);
  });

  it('limits enquiries per client IP and says when to retry', async () => {
    await start({ ENQUIRY_RATE_LIMIT: '2' });
    const from = (ip: string, phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/enquiries',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...valid, phone }),
      });
    expect((await from('10.0.0.1', '9000000001')).statusCode).toBe(201);
    expect((await from('10.0.0.1', '9000000002')).statusCode).toBe(201);
    const limited = await from('10.0.0.1', '9000000003');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<{ error: string }>().error).toMatch(/try again in \d+ seconds/);
    expect((await from('10.0.0.2', '9000000004')).statusCode).toBe(201);
    expect(await rows()).toHaveLength(3);
  });

  it('takes the client IP from X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const burst = async () => {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/enquiries',
          remoteAddress: '127.0.0.1',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
          payload: JSON.stringify({ ...valid, phone: `900000001${i}` }),
        });
        codes.push(res.statusCode);
      }
      return codes;
    };
    await start({ ENQUIRY_RATE_LIMIT: '2' });
    expect(await burst()).toEqual([201, 201, 429]); // one client: the proxy
    await app.close();
    database = await openDatabase('file::memory:');
    await start({ ENQUIRY_RATE_LIMIT: '2', TRUST_PROXY: '1' });
    expect(await burst()).toEqual([201, 201, 201]); // three clients behind it
  });

  it('answers 503 with a retry hint when the database is down, and /healthz says so', async () => {
    await start();
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
    await database.close();
    const res = await post(valid);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json<{ error: string }>().error).toMatch(/could not save your enquiry.*call us/);
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', database: { status: 'unavailable' } });
    database = await openDatabase('file::memory:'); // for afterEach
  });

  it('sends security headers, and a CSP that allows only the page’s own inline code', async () => {
    await start();
    const page = await app.inject({ url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toMatch(/style-src 'self' 'sha256-/);
    expect(csp).not.toContain('facebook');
    expect(csp).not.toContain("'unsafe-inline' ;");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    const api = await post(valid);
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");

    await app.close();
    await start({ META_PIXEL_ID: '123456789012345' });
    const withPixel = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(withPixel).toContain('script-src');
    expect(withPixel).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(withPixel).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);
  });

  describe('GET /api/enquiries/export', () => {
    const exportCsv = (auth?: string, query = '') =>
      app.inject({ url: `/api/enquiries/export${query}`, headers: auth ? { authorization: auth } : {} });

    it('returns CSV to staff with the token, formula-safe', async () => {
      await start();
      await post({ ...valid, studentName: '=HYPERLINK("http://evil.example","x")', message: '+1, "quoted"\nline' });
      const res = await exportCsv(`Bearer ${STAFF_TOKEN}`, '?since=2020-01-01');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, line] = res.body.split('\r\n');
      expect(header).toBe(
        'id,received_at,student_name,phone,email,class,course,city,mode,centre,message,enquirer,student_under_18,parent_name,parent_phone,consent,consent_notice_version,consent_at,source',
      );
      expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(res.body).toContain(`"'+1, ""quoted""\nline"`);
      expect(line).toContain('+919876543210'); // a stored phone is data we wrote, not a formula
    });

    it('refuses a missing or wrong token with 401', async () => {
      await start();
      expect((await exportCsv()).statusCode).toBe(401);
      expect((await exportCsv('Bearer wrong')).statusCode).toBe(401);
      expect((await exportCsv(`Basic ${STAFF_TOKEN}`)).statusCode).toBe(401);
      expect((await exportCsv(`Bearer ${STAFF_TOKEN}x`)).statusCode).toBe(401);
    });

    it('rejects a bad date with 400', async () => {
      await start();
      expect((await exportCsv(`Bearer ${STAFF_TOKEN}`, '?since=yesterday')).statusCode).toBe(400);
    });

    it('rate-limits token guesses', async () => {
      await start();
      const codes = [];
      for (let i = 0; i < 12; i++) codes.push((await exportCsv(`Bearer guess-${i}`)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    });

    it('does not exist when STAFF_TOKEN is not set', async () => {
      app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), clientDir, database });
      const res = await exportCsv(`Bearer ${STAFF_TOKEN}`);
      expect(res.statusCode).toBe(404);
    });
  });
});
