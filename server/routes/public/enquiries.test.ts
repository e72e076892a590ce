import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copy } from '../../../src/content/copy';
import { institute } from '../../../src/content/institute';
import { fill, formatPhone } from '../../../shared/format';
import type { EnquiryFieldName, ProblemCode } from '../../../shared/schema/enquiry';
import { enquiryMessage } from '../../../shared/schema/enquiry-messages';
import { API_DOCS } from '../../../scripts/api-docs';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { buildApp } from '../../app';
import { type Config, loadConfig } from '../../config';
import { type Db, openDatabase } from '../../db/database';
import { createEnquiryRepository } from '../../db/enquiry-repository';

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

/** What the API says about a field, in English. */
const en = (field: EnquiryFieldName, code: ProblemCode) => enquiryMessage('en', copy.en.form, field, code);
const hi = (field: EnquiryFieldName, code: ProblemCode) => enquiryMessage('hi', copy.hi.form, field, code);

type Rejection = { error: string; fields: Record<string, string> };

/** A Content-Security-Policy header as directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
/** The CSV header in docs/api.md's example export. */
function documentedCsvHeader(): string {
  const header = readFileSync(API_DOCS, 'utf8')
    .split('\n')
    .find((line) => line.startsWith('id,received_at,'));
  if (!header) throw new Error('docs/api.md shows no CSV header');
  return header;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const [, quoted, plain, end] of text.matchAll(/(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|$)/g)) {
    row.push(quoted === undefined ? (plain ?? '') : quoted.replace(/""/g, '"'));
    if (end !== ',') {
      rows.push(row);
      row = [];
      if (end === '') break;
    }
  }
  return rows.filter((r) => r.some((cell) => cell !== ''));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

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

  it('without JavaScript, takes the campaign from the URL of the page the form was posted from (same site only)', async () => {
    await start();
    const postFrom = (referer: string, phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/enquiries',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80', referer },
        payload: new URLSearchParams({ ...valid, phone, consent: 'true' }).toString(),
      });
    expect(
      (
        await postFrom(
          'http://localhost:80/hi/contact?utm_source=google&utm_medium=cpc&gclid=Cj0K&utm_campaign=jee-2027',
          '9876500001',
        )
      ).statusCode,
    ).toBe(303);
    expect((await postFrom('https://evil.example/contact?utm_source=spoof', '9876500002')).statusCode).toBe(303);
    const byPhone = Object.fromEntries((await rows()).map((row) => [row.phone, row]));
    expect(byPhone['+919876500001']).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'jee-2027',
      gclid: 'Cj0K',
      landing_page: '/hi/contact',
      referrer_host: null,
    });
    expect(byPhone['+919876500002']).toMatchObject({ utm_source: null, landing_page: null });
  });

  it.each<[EnquiryFieldName, Record<string, unknown>, ProblemCode]>([
    ['studentName', { studentName: '   ' }, 'required'],
    ['studentName', { studentName: 'x'.repeat(101) }, 'tooLong'],
    ['phone', { phone: '12345' }, 'invalid'],
    ['phone', { phone: '5876543210' }, 'invalid'],
    ['email', { email: 'not-an-email' }, 'invalid'],
    ['classLevel', { classLevel: '7' }, 'invalid'],
    ['course', { course: 'medical-masters' }, 'invalid'],
    ['city', { city: 'x'.repeat(81) }, 'tooLong'],
    ['message', { message: 'x'.repeat(1001) }, 'tooLong'],
    ['consent', { consent: false }, 'required'],
    ['idempotencyKey', { idempotencyKey: 'not-a-uuid' }, 'invalid'],
    ['language', { language: 'fr' }, 'invalid'],
  ])('rejects a bad %s with 400 and a message for that field', async (field, change, code) => {
    await start();
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json<Rejection>();
    expect(body.error).toBe(copy.en.form.errors.invalid);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toBe(en(field, code));
    expect(await rows()).toHaveLength(0);
  });

  it('words its messages from the copy, or from antd’s English templates with the field’s label', async () => {
    await start();
    const { fields: missing } = (await post({})).json<Rejection>();
    // The text fields' own words, never antd's "Please enter Student name" (the copy review's B20).
    expect(missing.studentName).toBe(copy.en.form.fields.studentName.messages?.required);
    expect(missing.studentName).not.toContain(copy.en.form.fields.studentName.label);
    expect(missing.consent).toBe(copy.en.form.fields.consent.messages?.required);
    const { fields: bad } = (
      await post({ ...valid, phone: '12345', email: 'x', message: 'x'.repeat(1001) })
    ).json<Rejection>();
    expect(bad.phone).toBe(copy.en.form.fields.phone.messages?.invalid);
    // The email and the choices have their own words (not antd's "is not a valid email", "Please enter").
    expect(bad.email).toBe(copy.en.form.fields.email.messages?.invalid);
    expect(missing.course).toBe(copy.en.form.fields.course.messages?.required);
    expect(missing.course).toMatch(/^Please choose/);
    expect(bad.message).toBe(`${copy.en.form.fields.message.label} must be up to 1000 characters`);
  });

  it('requires a parent’s name and number when a student under 18 enquires, and stores them', async () => {
    await start();
    const student = { ...valid, enquirer: 'student', studentUnder18: true };
    const missing = await post(student);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ fields: object }>().fields).sort()).toEqual(['parentName', 'parentPhone']);

    const badPhone = await post({ ...student, parentName: 'Meena Verma', parentPhone: '12345' });
    expect(badPhone.json<Rejection>().fields.parentPhone).toBe(en('parentPhone', 'invalid'));

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
      ['consent', 'course', 'phone', 'studentName'].sort(),
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
    expect(res.body).toContain('<html lang="en-IN">');
    expect(res.body).toContain(copy.en.form.errors.pageTitle);
    expect(res.body).toContain(`<strong>${copy.en.form.fields.phone.label}:</strong> ${en('phone', 'invalid')}`);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('lists every mistake of a plain form post at once: a bad number and an under-18 student’s missing parent', async () => {
    await start();
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...valid,
        consent: 'on',
        enquirer: 'student',
        studentUnder18: 'on',
        phone: '12345',
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<strong>${copy.en.form.fields.phone.label}:</strong> ${en('phone', 'invalid')}`);
    expect(res.body).toContain(
      `<strong>${copy.en.form.fields.parentName.label}:</strong> ${en('parentName', 'required')}`,
    );
    expect(res.body).toContain(
      `<strong>${copy.en.form.fields.parentPhone.label}:</strong> ${en('parentPhone', 'required')}`,
    );
  });

  describe('in Hindi', () => {
    const postForm = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/enquiries',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const hindiForm = { ...valid, consent: 'on', language: 'hi', website: '' };
    /** How the error page lists one field: its Hindi label, then its Hindi message. */
    const listed = (field: EnquiryFieldName, code: ProblemCode) =>
      `<li><strong>${escapeHtml(copy.hi.form.fields[field].label)}:</strong> ${escapeHtml(hi(field, code))}</li>`;

    it('answers missing fields with 400 and Hindi messages', async () => {
      await start();
      const res = await post({ language: 'hi' });
      expect(res.statusCode).toBe(400);
      const body = res.json<Rejection>();
      expect(body.error).toBe(copy.hi.form.errors.invalid);
      expect(body.fields).toEqual({
        studentName: hi('studentName', 'required'),
        phone: hi('phone', 'required'),
        course: hi('course', 'required'),
        consent: hi('consent', 'required'),
      });
      // The field's own Hindi message: a name is written ("…लिखें"), never "दर्ज करें".
      expect(body.fields.studentName).toBe(copy.hi.form.fields.studentName.messages?.required);
      expect(body.fields.studentName).toMatch(/लिखें$/);
      // A choice is chosen: "…चुनें".
      expect(body.fields.course).toBe(copy.hi.form.fields.course.messages?.required);
      expect(body.fields.course).toMatch(/चुनें$/);
      const badChoice = await post({ language: 'hi', classLevel: '', email: 'asha@' });
      expect(badChoice.json<Rejection>().fields.email).toBe(copy.hi.form.fields.email.messages?.invalid);
      expect(badChoice.json<Rejection>().fields.email).not.toMatch(/email/);
      expect(body.fields.consent).toBe(copy.hi.form.fields.consent.messages?.required);

      const bad = await post({ ...valid, language: 'hi', phone: '12345', message: 'x'.repeat(1001) });
      expect(bad.json<Rejection>().fields).toEqual({
        phone: copy.hi.form.fields.phone.messages?.invalid,
        message: hi('message', 'tooLong'),
      });
      const student = await post({ ...valid, language: 'hi', enquirer: 'student', studentUnder18: true });
      expect(student.json<Rejection>().fields).toEqual({
        parentName: copy.hi.form.fields.parentName.messages?.required,
        parentPhone: copy.hi.form.fields.parentPhone.messages?.required,
      });
      expect(await rows()).toHaveLength(0);
    });

    it('answers a plain form post with mistakes with a Hindi page: Hindi labels and messages, no field names', async () => {
      await start();
      const mistakes = await postForm({ ...hindiForm, studentName: ' ', phone: '12345' });
      expect(mistakes.statusCode).toBe(400);
      expect(mistakes.headers['content-type']).toMatch(/^text\/html/);
      expect(mistakes.body).toContain('<html lang="hi-IN">');
      expect(mistakes.body).toContain(escapeHtml(copy.hi.form.errors.pageTitle));
      expect(mistakes.body).toContain(listed('studentName', 'required'));
      expect(mistakes.body).toContain(listed('phone', 'invalid'));

      // A student under 18 without a parent's details: the parent fields by their Hindi labels.
      const parent = await postForm({ ...hindiForm, enquirer: 'student', studentUnder18: 'on' });
      expect(parent.statusCode).toBe(400);
      expect(parent.body).toContain('<html lang="hi-IN">');
      expect(parent.body).toContain(listed('parentName', 'required'));
      expect(parent.body).toContain(listed('parentPhone', 'required'));

      for (const page of [mistakes.body, parent.body]) {
        for (const field of ['studentName', 'phone', 'parentName', 'parentPhone'] as const) {
          expect(page).not.toContain(`${field}:`);
          expect(page).not.toContain(copy.en.form.fields[field].label);
        }
        expect(page).not.toContain(copy.en.form.errors.pageTitle);
      }
      expect(await rows()).toHaveLength(0);
    });

    it('redirects a valid plain form post to the Hindi thank-you page and stores it as Hindi', async () => {
      await start();
      const res = await postForm(hindiForm);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/hi/thank-you');
      expect(await rows()).toMatchObject([{ language: 'hi', source: 'form', phone: '+919876543210' }]);
    });

    it('answers 503 in Hindi when the database is down', async () => {
      await start();
      await database.close();
      const res = await post({ ...valid, language: 'hi' });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ error: string }>().error).toBe(
        fill(copy.hi.form.errors.unavailable, { phone: formatPhone(institute.phone) }),
      );
      const page = await postForm(hindiForm);
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('<html lang="hi-IN">');
      expect(page.body).toContain(
        escapeHtml(fill(copy.hi.form.errors.unavailable, { phone: formatPhone(institute.phone) })),
      );
      database = await openDatabase('file::memory:'); // for afterEach
    });
  });

  it.each([
    ['malformed JSON', '{"studentName": ', 'application/json', 400, 'not valid JSON'],
    ['an empty JSON body', '', 'application/json', 400, 'empty'],
    ['a JSON array', '[1,2]', 'application/json', 400, copy.en.form.errors.notAnObject],
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

  it('refuses a web address or an email written into a name, in the form’s language; initials and Hindi pass', async () => {
    await start({ ENQUIRY_RATE_LIMIT: '100' });
    for (const studentName of [
      'Pay Rs 500 seat fee at https://evil.example/pay today',
      'Fee due: pay at evil.example/p',
      'www.example.org',
      'asha@example.com',
      'Visit seats.in now',
    ]) {
      const refused = await post({ ...valid, studentName });
      expect(refused.statusCode, studentName).toBe(400);
      expect(refused.json<{ fields: Record<string, string> }>().fields).toEqual({
        studentName: en('studentName', 'invalid'),
      });
    }
    const parent = await post({
      ...valid,
      language: 'hi',
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'http://x.example',
      parentPhone: '98111 00000',
    });
    expect(parent.statusCode).toBe(400);
    expect(parent.json<{ fields: Record<string, string> }>().fields).toEqual({
      parentName: enquiryMessage('hi', copy.hi.form, 'parentName', 'invalid'),
    });
    const names = ['A.K. Verma', 'S.Kumar', 'Dr. Meera Iyer', 'आशा वर्मा', 'Ram S/O Shyam'];
    for (const [index, studentName] of names.entries())
      expect((await post({ ...valid, studentName, phone: `98765 4321${index}` })).statusCode, studentName).toBe(201);
    expect(await rows()).toHaveLength(5);
  });

  it('stores a double submission once: same idempotency key, or same phone and course', async () => {
    await start();
    const idempotencyKey = randomUUID();
    const first = await post({ ...valid, idempotencyKey });
    const retry = await post({ ...valid, idempotencyKey });
    const doubleClick = await post({ ...valid, idempotencyKey: randomUUID() });
    expect([first.statusCode, retry.statusCode, doubleClick.statusCode]).toEqual([201, 201, 201]);
    // Only the first says it was created (the form sends the pixel's Lead for that one only). The
    // same form again gets its id; another form with the number and course is not told it (issue 38,
    // M3: whoever types a family's number would learn the family's enquiry).
    const { id } = first.json<{ id: string }>();
    expect(first.json()).toEqual({ id, created: true });
    expect(retry.json()).toEqual({ id, created: false });
    expect(doubleClick.json()).toEqual({ id: expect.any(String), created: false });
    expect(doubleClick.json<{ id: string }>().id).not.toBe(id);
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
    expect(limited.json<{ error: string }>().error).toBe(
      fill(copy.en.form.errors.tooMany?.message ?? '', { phone: formatPhone(institute.phone) }),
    );
    expect((await from('10.0.0.2', '9000000004')).statusCode).toBe(201);
    expect(await rows()).toHaveLength(3);
  });

  it('says "too many" in the form’s language: JSON for the form’s script, a page for a plain form post', async () => {
    await start({ ENQUIRY_RATE_LIMIT: '1' });
    const tooMany = (language: 'en' | 'hi') =>
      fill(copy[language].form.errors.tooMany?.message ?? '', { phone: formatPhone(institute.phone) });
    const json = (phone: string, language: 'en' | 'hi') =>
      app.inject({
        method: 'POST',
        url: '/api/enquiries',
        remoteAddress: '10.0.0.9',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...valid, phone, language }),
      });
    expect((await json('9000000011', 'hi')).statusCode).toBe(201);
    const hindi = await json('9000000012', 'hi');
    expect(hindi.statusCode).toBe(429);
    expect(Number(hindi.headers['retry-after'])).toBeGreaterThan(0);
    expect(hindi.json()).toEqual({ error: tooMany('hi') });
    expect((await json('9000000013', 'en')).json()).toEqual({ error: tooMany('en') });

    const plain = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      remoteAddress: '10.0.0.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...valid, phone: '9000000014', consent: 'true', language: 'hi' }).toString(),
    });
    expect(plain.statusCode).toBe(429);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.body).toContain('<html lang="hi-IN">');
    expect(plain.body).toContain(`<h1>${copy.hi.form.errors.tooMany?.title}</h1>`);
    expect(plain.body).toContain(tooMany('hi'));
    expect(await rows()).toHaveLength(1);
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
    expect(res.json<{ error: string }>().error).toBe(
      fill(copy.en.form.errors.unavailable, { phone: formatPhone(institute.phone) }),
    );
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', database: { status: 'unavailable' } });
    database = await openDatabase('file::memory:'); // for afterEach
  });

  it('sends security headers, and a CSP that allows only the page’s own inline code', async () => {
    await start();
    const page = await app.inject({ url: '/' });
    const csp = String(page.headers['content-security-policy']);
    const directives = parseCsp(csp);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // Exactly the framework's inline scripts and the page's style (client-dir.ts), by hash, and the site's files.
    const scripts = (title: string) => [
      'window.__reactRouterContext = {};',
      'const start = () => {};',
      `window.__reactRouterContext.streamController.enqueue("${title}");`,
      'window.__reactRouterContext.streamController.close();',
    ];
    expect(directives.get('script-src')).toEqual(["'self'", ...scripts('Home').map(sha256)]);
    expect(directives.get('style-src')).toEqual(["'self'", sha256('h1{color:red}')]);
    for (const name of ['script-src', 'style-src', 'default-src']) {
      expect(directives.get(name), name).not.toContain("'unsafe-inline'");
      expect(directives.get(name), name).not.toContain("'unsafe-eval'");
    }
    // Style attributes may be inline (antd sets a few); they cannot run code.
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toContain('facebook');
    const hindi = parseCsp(String((await app.inject({ url: '/hi' })).headers['content-security-policy']));
    expect(hindi.get('script-src')).toEqual(["'self'", ...scripts('होम').map(sha256)]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    const api = await post(valid);
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");

    await app.close();
    await start({ META_PIXEL_ID: '123456789012345' });
    const withPixel = parseCsp(String((await app.inject({ url: '/' })).headers['content-security-policy']));
    expect(withPixel.get('script-src')).toContain('https://connect.facebook.net');
    expect(withPixel.get('script-src')).not.toContain("'unsafe-inline'");
    expect(withPixel.get('img-src')).toContain('https://www.facebook.com');
  });

  describe('GET /api/enquiries/export', () => {
    const exportCsv = (auth?: string, query = '') =>
      app.inject({ url: `/api/enquiries/export${query}`, headers: auth ? { authorization: auth } : {} });

    it('returns CSV to staff with the token, formula-safe', async () => {
      await start();
      await post({ ...valid, studentName: '=HYPERLINK("evil","x")', message: '+1, "quoted"\nline' });
      const res = await exportCsv(`Bearer ${STAFF_TOKEN}`, '?since=2020-01-01');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, line] = res.body.split('\r\n');
      // The header the API reference shows (written from the enquiry's description: scripts/api-docs.ts).
      expect(header).toBe(documentedCsvHeader());
      expect(header).toMatch(/^id,received_at,enquirer,student_name,phone,.*,status,status_reason,assigned_to,/);
      expect(line).toContain(`"'=HYPERLINK(""evil"",""x"")"`);
      expect(res.body).toContain(`"'+1, ""quoted""\nline"`);
      expect(line).toContain('+919876543210'); // a stored phone is data we wrote, not a formula
    });

    it('says in which language each enquiry came', async () => {
      await start();
      expect((await post(valid)).statusCode).toBe(201);
      expect((await post({ ...valid, phone: '9123456789', language: 'hi', studentName: 'आशा वर्मा' })).statusCode).toBe(
        201,
      );
      const res = await exportCsv(`Bearer ${STAFF_TOKEN}`);
      const [header = [], ...records] = parseCsv(res.body);
      expect(header).toContain('language');
      const byName = Object.fromEntries(
        records.map((record) => [record[header.indexOf('student_name')], record[header.indexOf('language')]]),
      );
      expect(byName).toEqual({ 'Asha Verma': 'en', 'आशा वर्मा': 'hi' });
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

    it('answers 401 before it looks at the date: a bad date without the token is still 401', async () => {
      await start();
      expect((await exportCsv(undefined, '?since=yesterday')).statusCode).toBe(401);
      expect((await exportCsv(`Bearer ${STAFF_TOKEN}x`, '?since=yesterday')).statusCode).toBe(401);
      const bad = await exportCsv(`Bearer ${STAFF_TOKEN}`, '?since=yesterday');
      expect(bad.json()).toEqual({ error: 'since must be a date such as 2026-01-01.' });
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

/** What depends on the database engine: what is stored, and that nothing typed can make it fail. */
describe.each(enginesUnderTest())('POST /api/enquiries on $name', ({ open }) => {
  let clientDir: string;
  let database: Db;
  let app: FastifyInstance;

  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/enquiries', headers: { 'content-type': 'application/json' }, payload });
  const stored = async (id: string) => {
    const rows = await createEnquiryRepository(database).listSince(new Date(0));
    return rows.find((row) => row.id === id);
  };

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database,
      deliveryWorker: false,
    });
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('stores the language of the enquiry: Hindi when it says so, English when it does not', async () => {
    const hindi = await post({ ...valid, language: 'hi' });
    const english = await post({ ...valid, phone: '9123456789' });
    expect([hindi.statusCode, english.statusCode]).toEqual([201, 201]);
    expect(await stored(hindi.json<{ id: string }>().id)).toMatchObject({ language: 'hi', phone: '+919876543210' });
    expect(await stored(english.json<{ id: string }>().id)).toMatchObject({ language: 'en', phone: '+919123456789' });
  });

  it('removes control and bidi characters before storing, and keeps the message’s line breaks', async () => {
    // NUL (which PostgreSQL refuses in text), BEL, RIGHT-TO-LEFT OVERRIDE.
    const res = await post({
      ...valid,
      studentName: 'As\u0000ha\u0007 \u202EVerma',
      city: '\u202EJai\u0000pur\u0007',
      message: 'Weekend\u0000 tests?\u0007\nHostel\u202E too?',
    });
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json<{ id: string }>().id);
    expect(row).toMatchObject({
      student_name: 'Asha Verma',
      city: 'Jaipur',
      message: 'Weekend tests?\nHostel too?',
    });
  });

  /** What the form's first screen posts: nothing it does not show. */
  const firstScreen = { studentName: 'Ravi Kumar', phone: '98111 22233', course: 'jee', consent: true };

  it('accepts an enquiry with only the first screen’s fields, and stores it in the same columns', async () => {
    const res = await post(firstScreen);
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json<{ id: string }>().id)).toMatchObject({
      enquirer: 'parent',
      student_name: 'Ravi Kumar',
      phone: '+919811122233',
      course: 'jee',
      consent: 1,
      student_under_18: null,
      parent_name: null,
      parent_phone: null,
      // Not asked on the first screen: empty until the optional details give them.
      class_level: '',
      city: '',
      email: null,
      message: null,
    });
  });

  it('refuses a student under 18 without a parent’s name and mobile: 400, saying why', async () => {
    const res = await post({ ...firstScreen, enquirer: 'student', studentUnder18: true });
    expect(res.statusCode).toBe(400);
    expect(res.json<Rejection>().fields).toEqual({
      parentName: en('parentName', 'required'),
      parentPhone: en('parentPhone', 'required'),
    });
    expect(res.json<Rejection>().fields.parentName).toMatch(/under 18/);
    const ok = await post({
      ...firstScreen,
      enquirer: 'student',
      studentUnder18: true,
      parentName: 'Sunita Kumar',
      parentPhone: '9822233344',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('neither checks nor stores a parent’s details left over when the visitor is not a student under 18', async () => {
    for (const [change, phone] of [
      [{ enquirer: 'parent', studentUnder18: true }, '9811100001'],
      [{ enquirer: 'student', studentUnder18: false }, '9811100002'],
    ] as const) {
      const res = await post({ ...firstScreen, ...change, phone, parentName: 'Left Over', parentPhone: '12345' });
      expect(res.statusCode).toBe(201);
      expect(await stored(res.json<{ id: string }>().id)).toMatchObject({ parent_name: null, parent_phone: null });
    }
  });

  describe('PATCH /api/enquiries/:id (the optional details)', () => {
    const key = randomUUID();
    const patch = (id: string, payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/enquiries/${id}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const sent = async () => (await post({ ...firstScreen, idempotencyKey: key })).json<{ id: string }>().id;

    it('adds class, city, email and message to the enquiry its browser sent, and nothing else', async () => {
      const id = await sent();
      const res = await patch(id, {
        idempotencyKey: key,
        classLevel: '11',
        city: ' Kota ',
        email: 'ravi@example.com',
        message: 'Hostel?',
        studentName: 'Someone Else',
        phone: '9000000000',
      });
      expect(res.statusCode).toBe(200);
      expect(await stored(id)).toMatchObject({
        class_level: '11',
        city: 'Kota',
        email: 'ravi@example.com',
        message: 'Hostel?',
        student_name: 'Ravi Kumar',
        phone: '+919811122233',
      });
    });

    it('answers 404 without the key the enquiry was sent with, and changes nothing', async () => {
      const id = await sent();
      for (const res of [
        await patch(id, { idempotencyKey: randomUUID(), city: 'Elsewhere' }),
        await patch(randomUUID(), { idempotencyKey: key, city: 'Elsewhere' }),
        await patch('not-an-id', { idempotencyKey: key, city: 'Elsewhere' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json<{ error: string }>().error).toBe(copy.en.form.errors.detailsGone);
      }
      expect((await patch(id, { city: 'Elsewhere' })).statusCode).toBe(400);
      expect(await stored(id)).toMatchObject({ city: '' });
    });

    it('checks the details as the form does, in the enquiry’s language', async () => {
      const id = await sent();
      const res = await patch(id, { idempotencyKey: key, language: 'hi', email: 'ravi@', classLevel: '7' });
      expect(res.statusCode).toBe(400);
      expect(res.json<Rejection>().fields).toEqual({
        email: copy.hi.form.fields.email.messages?.invalid,
        classLevel: hi('classLevel', 'invalid'),
      });
      expect(res.json<Rejection>().fields.classLevel).toBe('कृपया कक्षा चुनें');
    });

    it('lets the details be added only within an hour of the enquiry', async () => {
      const id = await sent();
      const repository = createEnquiryRepository(database);
      const later = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);
      expect(await repository.addDetails(id, { idempotencyKey: key, language: 'en', city: 'Kota' }, later(59))).toBe(
        true,
      );
      expect(await repository.addDetails(id, { idempotencyKey: key, language: 'en', city: 'Ajmer' }, later(61))).toBe(
        false,
      );
      expect(await stored(id)).toMatchObject({ city: 'Kota' });
    });
  });

  it('answers a name made only of control characters with 400 naming studentName', async () => {
    const res = await post({ ...valid, studentName: '\u0000\u0007\u202E\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json<Rejection>().fields).toEqual({ studentName: en('studentName', 'required') });
    expect(await createEnquiryRepository(database).count()).toBe(0);
  });
});
