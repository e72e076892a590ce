import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest, postgresAvailable } from '../../tests/support/databases';
import { eventually, startSmtpReceiver, startWebhookReceiver } from '../../tests/support/receivers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import { createOutbox } from './outbox';
import { backoffMs } from './worker';

const SECRET = 'webhook-secret-for-tests';
const enquiry = (phone: string, course = 'jee') => ({
  studentName: 'Asha Verma',
  phone,
  classLevel: '12',
  course,
  city: 'Jaipur',
  message: 'Weekend batch?',
  consent: true,
});

type Receivers = {
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
};

describe('backoff', () => {
  it('doubles from the base, with 50–100 % jitter, capped at an hour', () => {
    expect(backoffMs(1, 1000, () => 1)).toBe(1000);
    expect(backoffMs(3, 1000, () => 1)).toBe(4000);
    expect(backoffMs(3, 1000, () => 0)).toBe(2000);
    expect(backoffMs(30, 1000, () => 1)).toBe(3_600_000);
  });
});

describe.each(enginesUnderTest())('delivery on $name', ({ open }) => {
  let clientDir: string;
  let database: Db;
  let apps: FastifyInstance[];
  let receivers: Receivers;

  const start = async (env: Record<string, string>, db = database) => {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '10000',
        DELIVERY_POLL_MS: '50',
        DELIVERY_RETRY_BASE_MS: '50',
        DELIVERY_LEASE_MS: '2000',
        ...env,
      }),
      clientDir,
      database: db,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  const post = async (app: FastifyInstance, body: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/enquiries', payload: body });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const deliveries = () => database.db.selectFrom('deliveries').selectAll().orderBy('created_at').execute();

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await open();
    apps = [];
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    await receivers?.smtp.close();
    await receivers?.hook.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('emails the institute and calls the webhook, signed, for every stored enquiry', async () => {
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver() };
    const app = await start({
      SMTP_URL: receivers.smtp.url,
      ENQUIRY_NOTIFY_TO: 'admissions@institute.example, counsellor@institute.example',
      ENQUIRY_NOTIFY_FROM: 'Website <web@institute.example>',
      ENQUIRY_WEBHOOK_URL: receivers.hook.url,
      ENQUIRY_WEBHOOK_SECRET: SECRET,
    });
    const id = await post(app, enquiry('98765 43210'));

    await eventually(() => {
      expect(receivers.smtp.mails).toHaveLength(1);
      expect(receivers.hook.requests).toHaveLength(1);
    });
    const [mail] = receivers.smtp.mails;
    expect(mail?.to).toEqual(['admissions@institute.example', 'counsellor@institute.example']);
    expect(mail?.from).toBe('web@institute.example');
    const parsed = await simpleParser(mail?.raw ?? '');
    expect(parsed.subject).toBe('New enquiry: Asha Verma, JEE Main Two-Year Course (Class 11–12) (Jaipur)');
    expect(parsed.messageId).toContain(id);
    const text = parsed.text ?? '';
    for (const part of [
      'Student: Asha Verma',
      '+91 98765 43210',
      'tel:+919876543210',
      'Class 12',
      'City: Jaipur',
      'Weekend batch?',
      'Prefers: English\n',
      id,
    ]) {
      expect(text).toContain(part);
    }

    const [hook] = receivers.hook.requests;
    expect(hook?.headers['idempotency-key']).toBe(id);
    const expected = `sha256=${createHmac('sha256', SECRET)
      .update(hook?.body ?? '')
      .digest('hex')}`;
    expect(hook?.headers['x-enquiry-signature']).toBe(expected);
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
      event: 'enquiry.created',
      id,
      enquiry: { studentName: 'Asha Verma', phone: '+919876543210', course: 'jee', consent: true, language: 'en' },
    });

    await eventually(async () => {
      const rows = await deliveries();
      expect(rows.map((r) => [r.channel, r.status, r.attempts]).sort()).toEqual([
        ['email', 'delivered', 1],
        ['webhook', 'delivered', 1],
      ]);
    });
  });

  it('tells the institute which language to call back in: email and webhook', async () => {
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver() };
    const app = await start({
      SMTP_URL: receivers.smtp.url,
      ENQUIRY_NOTIFY_TO: 'admissions@institute.example',
      ENQUIRY_WEBHOOK_URL: receivers.hook.url,
    });
    const id = await post(app, { ...enquiry('9000000004'), studentName: 'आशा वर्मा', language: 'hi' });

    await eventually(() => {
      expect(receivers.smtp.mails).toHaveLength(1);
      expect(receivers.hook.requests).toHaveLength(1);
    });
    const parsed = await simpleParser(receivers.smtp.mails[0]?.raw ?? '');
    expect(parsed.subject).toBe('New enquiry: आशा वर्मा, JEE Main Two-Year Course (Class 11–12) (Jaipur)');
    const text = parsed.text ?? '';
    expect(text).toContain('Student: आशा वर्मा\n');
    expect(text).toContain('Prefers: Hindi (हिन्दी)\n');
    expect(text).not.toContain('Prefers: English');

    const body = JSON.parse(receivers.hook.requests[0]?.body ?? '{}') as {
      id: string;
      enquiry: Record<string, unknown>;
    };
    expect(body.id).toBe(id);
    expect(body.enquiry.language).toBe('hi');
    expect(body.enquiry.studentName).toBe('आशा वर्मा');
  });

  it('stores where the enquiry came from, and tells the institute: one line in the email, every field in the webhook', async () => {
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver() };
    const app = await start({
      SMTP_URL: receivers.smtp.url,
      ENQUIRY_NOTIFY_TO: 'admissions@institute.example',
      ENQUIRY_WEBHOOK_URL: receivers.hook.url,
    });
    const id = await post(app, {
      ...enquiry('9000000005'),
      attribution: {
        utmSource: 'facebook',
        utmMedium: 'paid',
        utmCampaign: 'neet-2027-jaipur',
        fbclid: `IwAR${'x'.repeat(600)}`,
        referrerHost: 'L.Facebook.com',
        landingPage: '/courses/jee',
        utmTerm: 42,
        utmContent: 'line\u0007one',
        somethingElse: 'dropped',
      },
    });

    const row = await database.db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'neet-2027-jaipur',
      utm_term: null,
      utm_content: 'lineone',
      gclid: null,
      referrer_host: 'l.facebook.com',
      landing_page: '/courses/jee',
    });
    expect(row.fbclid).toHaveLength(500);

    await eventually(() => {
      expect(receivers.smtp.mails).toHaveLength(1);
      expect(receivers.hook.requests).toHaveLength(1);
    });
    const parsed = await simpleParser(receivers.smtp.mails[0]?.raw ?? '');
    expect(parsed.text).toContain('Came from: Meta ad, campaign neet-2027-jaipur\n');
    const body = JSON.parse(receivers.hook.requests[0]?.body ?? '{}') as { enquiry: Record<string, unknown> };
    expect(body.enquiry).toMatchObject({
      utmSource: 'facebook',
      utmMedium: 'paid',
      utmCampaign: 'neet-2027-jaipur',
      utmTerm: null,
      gclid: null,
      referrerHost: 'l.facebook.com',
      landingPage: '/courses/jee',
    });
  });

  it('retries while the receiver is down and delivers once it is up', async () => {
    // Down for the first two requests, then up.
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver((n) => (n <= 2 ? 503 : 200)) };
    const app = await start({ ENQUIRY_WEBHOOK_URL: receivers.hook.url });
    const id = await post(app, enquiry('9000000001'));

    await eventually(async () => {
      const [row] = await deliveries();
      expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_error: null });
    });
    expect(receivers.hook.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(receivers.hook.delivered()).toEqual([id]);
  });

  it('gives up after the last attempt, shows it, and sends it when retried', async () => {
    let up = false;
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver(() => (up ? 200 : 500)) };
    const app = await start({ ENQUIRY_WEBHOOK_URL: receivers.hook.url, DELIVERY_MAX_ATTEMPTS: '2' });
    const id = await post(app, enquiry('9000000002'));

    await eventually(async () => {
      const [row] = await deliveries();
      expect(row).toMatchObject({
        status: 'failed',
        attempts: 2,
        last_error: 'webhook answered 500 Internal Server Error',
      });
    });
    const health = (await app.inject({ url: '/healthz' })).json<{
      deliveries: { failed: number; oldestPendingSeconds: number };
    }>();
    expect(health.deliveries.failed).toBe(1);

    up = true;
    const outbox = createOutbox(database);
    const [failed] = await outbox.listFailed();
    expect(await outbox.retry(failed?.id ?? '')).toBe(true);
    await eventually(async () => {
      expect((await deliveries())[0]).toMatchObject({ status: 'delivered' });
    });
    expect(receivers.hook.delivered()).toEqual([id]);
  });

  it('writes no outbox rows for a repeated enquiry', async () => {
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver() };
    const app = await start({ ENQUIRY_WEBHOOK_URL: receivers.hook.url });
    const first = await post(app, enquiry('9000000003'));
    // A repeat from another form is not told the first's id (issue 38), and is not stored again.
    const again = await post(app, enquiry('9000000003'));
    expect(again).not.toBe(first);
    await eventually(() => expect(receivers.hook.delivered()).toEqual([first]));
    expect(await deliveries()).toHaveLength(1);
  });

  it('records a send only while its lease holds: one that outlasted it is not marked sent by the late instance', async () => {
    receivers = { smtp: await startSmtpReceiver(), hook: await startWebhookReceiver() };
    // No worker: the test claims by hand, as two instances would.
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENQUIRY_WEBHOOK_URL: receivers.hook.url }),
      clientDir,
      database,
      deliveryWorker: false,
    });
    apps.push(app);
    const id = await post(app, enquiry('9000000004'));
    const outbox = createOutbox(database);
    const claimedAt = new Date(Date.now() + 1000);
    const [slow] = await outbox.claim('slow-instance', 10, 1000, claimedAt);
    expect(slow?.enquiry_id).toBe(id);
    // The lease ran out: another instance takes the delivery over.
    const [other] = await outbox.claim('other-instance', 10, 60_000, new Date(claimedAt.getTime() + 1001));
    expect(other?.id).toBe(slow?.id);
    expect(await outbox.markDelivered(slow?.id ?? '', 'slow-instance')).toBe(false);
    expect((await deliveries())[0]).toMatchObject({ status: 'sending', lease_owner: 'other-instance' });
    expect(await outbox.markDelivered(other?.id ?? '', 'other-instance')).toBe(true);
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered' });
  });
});

describe.skipIf(!postgresAvailable())('two server instances on one PostgreSQL database', () => {
  it('deliver every enquiry exactly once between them', async () => {
    const postgres = enginesUnderTest().find((engine) => engine.name === 'postgres');
    if (!postgres) throw new Error('PostgreSQL expected');
    const clientDir = makeClientDir();
    const first = await postgres.open();
    const hook = await startWebhookReceiver();
    const env = {
      NODE_ENV: 'test' as const,
      LOG_LEVEL: 'silent',
      ENQUIRY_RATE_LIMIT: '10000',
      ENQUIRY_WEBHOOK_URL: hook.url,
      DELIVERY_POLL_MS: '20',
      DELIVERY_LEASE_MS: '5000',
    };
    // The second instance connects to the same database with its own pool.
    const second = await openDatabase(first.url);
    const apps = [
      await buildApp({ config: loadConfig(env), clientDir, database: first }),
      await buildApp({ config: loadConfig(env), clientDir, database: second }),
    ];
    await Promise.all(apps.map((app) => app.ready()));
    try {
      const total = 60;
      // Ten at a time, alternating between the instances (each pool has ten connections).
      const ids: string[] = [];
      for (let batch = 0; batch < total; batch += 10) {
        const results = await Promise.all(
          Array.from({ length: 10 }, async (_, j) => {
            const i = batch + j;
            const app = apps[i % 2] as FastifyInstance;
            const res = await app.inject({
              method: 'POST',
              url: '/api/enquiries',
              payload: enquiry(`91${String(i).padStart(8, '0')}`),
            });
            expect(res.statusCode).toBe(201);
            return res.json<{ id: string }>().id;
          }),
        );
        ids.push(...results);
      }
      await eventually(() => expect(new Set(hook.delivered()).size).toBe(total), 30_000);
      const keys = hook.delivered();
      expect(keys).toHaveLength(total); // no key twice
      expect(new Set(keys)).toEqual(new Set(ids));
      // The receiver has every one; each instance marks its own delivered once the answer is back.
      const statuses = () => first.db.selectFrom('deliveries').select('status').execute();
      await eventually(
        async () => expect((await statuses()).every((row) => row.status === 'delivered')).toBe(true),
        10_000,
      );
      const owners = await statuses();
      expect(owners.every((row) => row.status === 'delivered')).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      await first.close();
      await second.close();
      await hook.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
