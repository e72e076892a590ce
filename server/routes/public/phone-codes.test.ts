/**
 * Proving a number by a one-time code, through HTTP on a real database (SQLite and PostgreSQL),
 * with the providers' own requests received by a local stand-in for MSG91 and WhatsApp's Cloud
 * API: the code reaches the number and nothing else keeps it; a wrong code, guesses in parallel,
 * an expired code, a provider that fails, a number, an address and a network asking too often.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverWords } from '../../../src/content/server-words';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { eventually, startWebhookReceiver } from '../../../tests/support/receivers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { CODE_LIMITS, networkOf } from '../../phone-codes/phone-codes';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
const MSG91_OK = { status: 200, json: { type: 'success', request_id: 'r1' } };
const WHATSAPP_OK = { status: 200, json: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.1' }] } };

describe('the network an address counts in', () => {
  it('is the /24 of an IPv4 address (mapped or not) and the /64 of an IPv6 one', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2401:4900:1c2a:9f00:1234:5678:9abc:def0')).toBe('2401:4900:1c2a:9f00::/64');
    expect(networkOf('2401:4900::1')).toBe('2401:4900:0:0::/64');
  });
});

describe.each(enginesUnderTest())('one-time codes through HTTP on $name', ({ open }) => {
  let database: Db;
  let app: FastifyInstance;
  let clientDir: string;
  let receiver: Receiver;
  let lines: string[];

  const startMsg91 = async (answer: (n: number) => number | typeof MSG91_OK = () => MSG91_OK) => {
    receiver = await startWebhookReceiver(answer);
    lines = [];
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PHONE_CODE_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'msg91-auth-key-123',
        MSG91_TEMPLATE_ID: 'tmpl123456',
        MSG91_URL: receiver.url,
      }),
      clientDir,
      database,
      deliveryWorker: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
  };

  const ask = (phone: string, language = 'en', remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/phone-codes', remoteAddress, payload: { phone, language } });
  const check = (id: string, code: string) =>
    app.inject({ method: 'POST', url: `/api/phone-codes/${id}/check`, payload: { code } });
  /** The code the provider was asked to send in its nth request (1 = the first). */
  const codeSent = (n = receiver.requests.length) => {
    const request = receiver.requests[n - 1];
    if (!request) throw new Error(`The provider received no request ${n}`);
    return new URL(request.url, 'http://receiver').searchParams.get('otp') ?? '';
  };

  beforeEach(async () => {
    database = await open();
    clientDir = makeClientDir();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
    await receiver.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends a six-digit code by MSG91, and the code typed back proves the number; nothing keeps the code', async () => {
    await startMsg91();
    const asked = await ask('98765 43210');
    expect(asked.statusCode, asked.body).toBe(201);
    const { id, message, sent, resendIn, expiresIn } = asked.json<{
      id: string;
      message: string;
      sent: boolean;
      resendIn: number;
      expiresIn: number;
    }>();
    expect({ sent, resendIn, expiresIn }).toEqual({ sent: true, resendIn: 30, expiresIn: CODE_LIMITS.minutes * 60 });
    expect(message).toBe('We sent a code to +91 ••••• •3210 by SMS. It works for 10 minutes.');

    // What MSG91's SendOTP API receives: the template, the number with 91, the code, its life.
    const [request] = receiver.requests;
    const url = new URL(request?.url ?? '', 'http://receiver');
    expect(request?.headers.authkey).toBe('msg91-auth-key-123');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      template_id: 'tmpl123456',
      mobile: '919876543210',
      otp: expect.stringMatching(/^\d{6}$/),
      otp_expiry: '10',
    });
    const code = codeSent();

    const wrong = await check(id, code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'That code is not right. You can try 4 more times.', triesLeft: 4 });

    const right = await check(id, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(right.statusCode, right.body).toBe(200);
    const { proof } = right.json<{ proof: string }>();
    expect((await app.repositories.phoneCodes.proved(proof))?.phone).toBe('+919876543210');
    // Its last letter changed (to another letter: one in 64 already ends in x).
    expect(
      await app.repositories.phoneCodes.proved(`${proof.slice(0, -1)}${proof.endsWith('x') ? 'y' : 'x'}`),
    ).toBeUndefined();
    // Sent again (its answer lost on the way): the same proof, while the code lives; each a guess.
    expect((await check(id, code)).json()).toEqual(right.json());
    for (let n = 0; n < CODE_LIMITS.tries - 3; n++) expect((await check(id, code)).statusCode).toBe(200);
    expect((await check(id, code)).statusCode).toBe(410);

    // Neither the code nor the number is kept in the clear, in the database or the log.
    const rows = JSON.stringify(await database.db.selectFrom('phone_codes').selectAll().execute());
    expect(rows).not.toContain(`"${code}"`);
    const log = lines.join('');
    expect(log).toContain('/api/phone-codes');
    for (const secret of [code, '9876543210', '98765 43210']) expect(log).not.toContain(secret);
  });

  it('sends the code in Hindi by WhatsApp as an authentication template, and answers in Hindi', async () => {
    receiver = await startWebhookReceiver(() => WHATSAPP_OK);
    lines = [];
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PHONE_CODE_PROVIDER: 'whatsapp',
        WHATSAPP_ACCESS_TOKEN: 'whatsapp-system-user-token',
        WHATSAPP_PHONE_NUMBER_ID: '1098765432',
        WHATSAPP_CODE_TEMPLATE: 'seat_code',
        WHATSAPP_URL: receiver.url.replace('/hooks/enquiries', '/v23.0'),
      }),
      clientDir,
      database,
      deliveryWorker: false,
    });
    await app.ready();
    const asked = await ask('9876543210', 'hi');
    expect(asked.statusCode).toBe(201);
    expect(asked.json().message).toBe('+91 ••••• •3210 पर WhatsApp से एक कोड भेजा गया है। यह 10 मिनट तक काम करेगा।');
    const [request] = receiver.requests;
    expect(request?.url).toBe('/v23.0/1098765432/messages');
    expect(request?.headers.authorization).toBe('Bearer whatsapp-system-user-token');
    const body = JSON.parse(request?.body ?? '{}');
    const code = body.template.components[0].parameters[0].text as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'seat_code',
        language: { code: 'hi' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    });
    const wrong = await check(asked.json().id, code === '111111' ? '222222' : '111111');
    expect(wrong.json().error).toBe('यह कोड सही नहीं है। आप 4 बार और कोशिश कर सकते हैं।');
    expect((await check(asked.json().id, code)).json().message).toBe(serverWords.hi.events.verification.verified);
  });

  it('counts every guess, even ten at once: five and the code is gone, the right one too', async () => {
    await startMsg91();
    const { id } = (await ask('9876543211')).json<{ id: string }>();
    const code = codeSent();
    const wrongCode = code === '999999' ? '999998' : '999999';
    const answers = await Promise.all(Array.from({ length: 10 }, () => check(id, wrongCode)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // Four wrong with tries left, then the fifth (and every later one) finds it gone.
    expect(statuses.filter((status) => status === 400)).toHaveLength(CODE_LIMITS.tries - 1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(10 - (CODE_LIMITS.tries - 1));
    const gone = await check(id, code);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: serverWords.en.events.verification.gone });
    const row = await database.db.selectFrom('phone_codes').select('tries').executeTakeFirstOrThrow();
    expect(Number(row.tries)).toBe(CODE_LIMITS.tries);
  });

  it('lets a number ask again after 30 seconds, five times an hour; a code expires after ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
    await startMsg91();
    const first = await ask('9876543212');
    expect(first.statusCode).toBe(201);
    // Asked again at once from the same place (a double tap): the same code, no second message.
    const doubleTap = await ask('9876543212');
    expect(doubleTap.statusCode).toBe(201);
    expect(doubleTap.json()).toMatchObject({ id: first.json().id, sent: true, resendIn: 30 });
    expect(receiver.requests).toHaveLength(1);
    // From anywhere else: wait.
    const again = await ask('9876543212', 'en', '198.51.100.23');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('30');
    expect(again.json()).toEqual({
      error: 'A code was sent to this number a moment ago. You can ask for another in 30 seconds.',
      retryAfter: 30,
    });
    for (let n = 2; n <= CODE_LIMITS.perPhonePerHour; n++) {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await ask('9876543212')).statusCode).toBe(201);
    }
    vi.setSystemTime(Date.now() + 31_000);
    const limited = await ask('9876543212', 'hi');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^इस नंबर या इस कनेक्शन से बहुत सारे कोड माँगे जा चुके हैं। कृपया \d+ मिनट बाद/);

    // The first code, typed eleven minutes after it was sent: gone.
    vi.setSystemTime(new Date('2026-11-26T10:11:00Z'));
    expect((await check(first.json().id, codeSent(1))).statusCode).toBe(410);
    // An hour after the first, the number may ask again.
    vi.setSystemTime(new Date('2026-11-26T11:00:01Z'));
    expect((await ask('9876543212')).statusCode).toBe(201);
  });

  it('holds a bot with made-up numbers: ten codes an hour from one address, sixty from its network', async () => {
    await startMsg91();
    const number = (n: number) => `9${String(810_000_000 + n)}`;
    const fromOne = [];
    for (let n = 0; n < CODE_LIMITS.perAddressPerHour + 1; n++)
      fromOne.push((await ask(number(n), 'en', '203.0.113.9')).statusCode);
    expect(fromOne).toEqual([...Array(CODE_LIMITS.perAddressPerHour).fill(201), 429]);

    // Twenty addresses of one network, each under its own limit: the network's stops them.
    let n = 100;
    const fromTwenty: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let address = 20; address < 40; address++)
        fromTwenty.push((await ask(number(n++), 'en', `203.0.113.${address}`)).statusCode);
    }
    expect(fromTwenty.filter((status) => status === 201)).toHaveLength(
      CODE_LIMITS.perNetworkPerHour - CODE_LIMITS.perAddressPerHour,
    );
    // A family on another network is not held up.
    expect((await ask('9876543213', 'en', '198.51.100.7')).statusCode).toBe(201);
    expect(receiver.requests).toHaveLength(CODE_LIMITS.perNetworkPerHour + 1);
  });

  it('takes its limits per address and per network from the settings', async () => {
    receiver = await startWebhookReceiver(() => MSG91_OK);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PHONE_CODE_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'msg91-auth-key-123',
        MSG91_TEMPLATE_ID: 'tmpl123456',
        MSG91_URL: receiver.url,
        PHONE_CODE_LIMIT_PER_ADDRESS: '2',
        PHONE_CODE_LIMIT_PER_NETWORK: '3',
      }),
      clientDir,
      database,
      deliveryWorker: false,
    });
    await app.ready();
    const statuses = [];
    for (const [n, address] of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.3'].entries())
      statuses.push((await ask(`98765432${20 + n}`, 'en', address)).statusCode);
    expect(statuses).toEqual([201, 201, 429, 201, 429]);
  });

  it('sends a code the provider did not take again in a moment, the same code; gives up after five tries, and /healthz counts', async () => {
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const codes = () => app.repositories.phoneCodes;
    await startMsg91((n) => (n === 1 ? 500 : MSG91_OK));
    const health = async () => (await app.inject({ url: '/healthz' })).json<{ phoneCodes: unknown }>().phoneCodes;
    const delayed = await ask('9876543214');
    expect(delayed.statusCode).toBe(201);
    expect(delayed.json()).toMatchObject({ sent: false, retrying: true, resendIn: 30, expiresIn: 600 });
    expect(delayed.json().message).toBe(
      'We are still sending a code to +91 ••••• •3214 by SMS: it can take a minute. Type it here when it comes.',
    );
    expect(await health()).toEqual({ retrying: 1, failedLastHour: 0 });
    // Not sent yet: nothing to type back.
    expect((await check(delayed.json().id, codeSent(1))).statusCode).toBe(410);
    // Its time comes: the same code reaches the number, and proves it.
    expect(await codes().retryUnsent(later(4))).toBe(0);
    expect(await codes().retryUnsent(later(6))).toBe(1);
    expect(receiver.requests).toHaveLength(2);
    expect(codeSent(2)).toBe(codeSent(1));
    expect(new URL(receiver.requests[1]?.url ?? '', 'http://receiver').searchParams.get('otp_expiry')).toBe('9');
    expect((await check(delayed.json().id, codeSent(2))).statusCode).toBe(200);
    expect(await health()).toEqual({ retrying: 0, failedLastHour: 0 });
    expect(lines.join('')).toContain('a one-time code could not be sent');
    // Nothing keeps the code once it went.
    const row = await database.db
      .selectFrom('phone_codes')
      .select(['pending_code', 'send_attempts'])
      .where('id', '=', delayed.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pending_code: null, send_attempts: 2 });
  });

  it('a running server sends the code again on its own, a few seconds later', async () => {
    const delivered: string[] = [];
    let tries = 0;
    receiver = await startWebhookReceiver(() => MSG91_OK); // unused: closed after the test as the others' are
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database,
      codeSender: {
        channel: 'sms',
        async send({ code }) {
          tries += 1;
          if (tries === 1) throw new Error('provider down');
          delivered.push(code);
        },
      },
    });
    await app.ready();
    const asked = await ask('9876543216');
    expect(asked.json()).toMatchObject({ sent: false, retrying: true });
    await eventually(() => expect(delivered).toHaveLength(1), 30_000);
    // The provider took it; the code counts once the send is stored (a busy machine runs the test's
    // check between the two, where a family's SMS has not even arrived).
    const id = asked.json<{ id: string }>().id;
    await eventually(async () => {
      const row = await database.db.selectFrom('phone_codes').select('sent_at').where('id', '=', id).executeTakeFirst();
      expect(row?.sent_at).toBeTruthy();
    }, 30_000);
    expect((await check(id, delivered[0] ?? '')).statusCode).toBe(200);
  });

  it('gives a code up after five tries; the family may then ask again at once', async () => {
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const codes = () => app.repositories.phoneCodes;
    await startMsg91((n) => (n <= 5 ? 500 : MSG91_OK));
    const asked = await ask('9876543215');
    expect(asked.json()).toMatchObject({ sent: false, retrying: true });
    for (const seconds of [6, 30, 95, 280]) expect(await codes().retryUnsent(later(seconds))).toBe(0);
    expect(receiver.requests).toHaveLength(5);
    expect(await codes().retryUnsent(later(400))).toBe(0);
    expect(receiver.requests).toHaveLength(5);
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({
      phoneCodes: { retrying: 0, failedLastHour: 1 },
    });
    const again = await ask('9876543215');
    expect(again.json()).toMatchObject({ sent: true, retrying: false });
    expect((await check(again.json().id, codeSent(6))).statusCode).toBe(200);
  });

  it('without a provider, writes the code to the log with a warning, so the flow can be tried', async () => {
    receiver = await startWebhookReceiver();
    lines = [];
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info' }),
      clientDir,
      database,
      deliveryWorker: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    const { id } = (await ask('9876543215')).json<{ id: string }>();
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.code);
    expect(logged).toMatchObject({ level: 40, phone: '+919876543215', code: expect.stringMatching(/^\d{6}$/) });
    expect((await check(id, logged.code)).statusCode).toBe(200);
  });

  it('refuses a number that is not an Indian mobile, in the family’s language', async () => {
    await startMsg91();
    const refused = await ask('12345', 'hi');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      serverWords.hi.form.fields.phone.messages?.invalid ?? expect.stringContaining('मोबाइल'),
    );
    expect(receiver.requests).toEqual([]);
    expect((await check('not-an-id', '123456')).statusCode).toBe(410);
  });
});
