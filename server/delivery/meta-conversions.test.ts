/**
 * Meta's Conversions API against a local receiver standing in for graph.facebook.com
 * (META_CAPI_URL), through the real server, outbox and database, on both engines.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest } from '../../tests/support/databases';
import { eventually, type ReceivedHook, startWebhookReceiver } from '../../tests/support/receivers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';

const PIXEL_ID = '123456789012345';
const TOKEN = 'EAAtest-access-token-0123456789';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const FBP = 'fb.1.1763800000000.1234567890';
const FBC = 'fb.1.1763800000000.IwAR0abcDEF';

const adult = (phone: string, extra: object = {}) => ({
  enquirer: 'parent',
  studentName: 'Asha Verma',
  phone,
  email: 'Asha.Verma@Example.com',
  classLevel: '12',
  course: 'jee',
  city: 'Jaipur',
  consent: true,
  trackingConsent: 'granted',
  ...extra,
});

type MetaEvent = {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: string;
  event_source_url: string;
  user_data: Record<string, unknown>;
  custom_data: Record<string, unknown>;
};
const eventsIn = (request: ReceivedHook) => (JSON.parse(request.body) as { data: MetaEvent[] }).data;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(enginesUnderTest())('Meta Conversions API on $name', ({ open }) => {
  let clientDir: string;
  let database: Db;
  let app: FastifyInstance | undefined;
  let meta: Awaited<ReturnType<typeof startWebhookReceiver>>;

  const start = async (respond?: Parameters<typeof startWebhookReceiver>[0], env: Record<string, string> = {}) => {
    meta = await startWebhookReceiver(respond);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ENQUIRY_RATE_LIMIT: '10000',
        DELIVERY_POLL_MS: '50',
        DELIVERY_RETRY_BASE_MS: '50',
        META_PIXEL_ID: PIXEL_ID,
        META_CAPI_ACCESS_TOKEN: TOKEN,
        META_CAPI_URL: `${new URL(meta.url).origin}/v26.0`,
        ...env,
      }),
      clientDir,
      database,
    });
    await app.ready();
    return app;
  };
  const running = () => {
    if (!app) throw new Error('start() the server first');
    return app;
  };
  const post = async (body: object, headers: Record<string, string> = {}) => {
    const res = await running().inject({ method: 'POST', url: '/api/enquiries', payload: body, headers });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; created: boolean }>();
  };
  /** Event ids Meta accepted (answered 2xx). */
  const accepted = () => meta.requests.filter((r) => r.status < 300).flatMap((r) => eventsIn(r).map((e) => e.event_id));
  const metaDeliveries = () =>
    database.db.selectFrom('deliveries').selectAll().where('channel', '=', 'meta').orderBy('created_at').execute();

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await open();
    app = undefined;
  });
  afterEach(async () => {
    await app?.close();
    await meta?.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("sends a consenting adult's enquiry once: the browser's event id, hashed phone and email, the request's context", async () => {
    await start();
    const page = 'http://localhost/courses/jee';
    // The page's query is not Meta's: a campaign's link may carry anything (here a parent's email).
    const pageAsVisited = `${page}?utm_source=facebook&utm_campaign=neet-2027-jaipur&fbclid=IwAR0abcDEF&email=parent%40mail.test`;
    const { id } = await post(adult('98765 43210', { attribution: { utmSource: 'facebook', fbclid: 'IwAR0abcDEF' } }), {
      'user-agent': BROWSER,
      referer: pageAsVisited,
      cookie: `_fbp=${FBP}; _fbc=${FBC}; other=1`,
    });

    await eventually(() => expect(accepted()).toEqual([id]));
    const [request] = meta.requests;
    if (!request) throw new Error('Meta received nothing');
    const url = new URL(request.url, 'http://receiver');
    expect(url.pathname).toBe(`/v26.0/${PIXEL_ID}/events`);
    expect(url.searchParams.get('access_token')).toBe(TOKEN);
    expect(request.headers['content-type']).toBe('application/json');

    const row = await database.db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.tracking_consent).toBe('granted');
    const events = eventsIn(request);
    expect(events).toEqual([
      {
        event_name: 'Lead',
        event_time: Math.floor(Date.parse(row.created_at) / 1000),
        event_id: id,
        action_source: 'website',
        event_source_url: page,
        user_data: {
          ph: [sha256('919876543210')],
          em: [sha256('asha.verma@example.com')],
          client_ip_address: '127.0.0.1',
          client_user_agent: BROWSER,
          fbp: FBP,
          fbc: FBC,
        },
        custom_data: { content_name: 'jee' },
      },
    ]);
    // The raw phone and email never leave the server, in any form Meta could read.
    const everything = JSON.stringify(request).toLowerCase();
    for (const raw of ['9876543210', '98765 43210', 'asha.verma', 'example.com', 'parent%40mail', 'neet-2027'])
      expect(everything).not.toContain(raw);

    // Delivered once; what it needed of the request (IP, browser) is forgotten.
    await eventually(async () =>
      expect(await metaDeliveries()).toMatchObject([{ status: 'delivered', attempts: 1, context: null }]),
    );
  });

  it('tells Meta nothing of a visitor who declined or did not answer, a student under 18 or in class 8 to 10, a repeat, or a form without JavaScript', async () => {
    await start();
    const first = await post(adult('9000000101'));
    const notAsked = await post(adult('9000000102', { trackingConsent: undefined }));
    const declined = await post(adult('9000000103', { trackingConsent: 'denied' }));
    const nonsense = await post(adult('9000000104', { trackingConsent: 'yes please' }));
    const child = await post(
      adult('9000000105', {
        enquirer: 'student',
        studentUnder18: true,
        parentName: 'Rekha Verma',
        parentPhone: '9000000199',
      }),
    );
    // A class 8 student is a child whatever the box says; a student who has passed class 12 says.
    const classEight = await post(adult('9000000108', { enquirer: 'student', classLevel: '8', course: 'foundation' }));
    const grownStudent = await post(adult('9000000109', { enquirer: 'student', classLevel: '12-pass' }));
    const repeat = await post(adult('9000000101'));
    expect(repeat).toEqual({ id: expect.any(String), created: false });
    const plainForm = await running().inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        enquirer: 'parent',
        studentName: 'No Script',
        phone: '9000000106',
        classLevel: '12',
        course: 'jee',
        city: 'Jaipur',
        consent: 'on',
        trackingConsent: 'granted',
      }).toString(),
    });
    expect(plainForm.statusCode).toBe(303);
    // One more that qualifies: once it has arrived, everything before it has been decided.
    const last = await post(adult('9000000107'));

    const sent = [first.id, grownStudent.id, last.id].sort();
    await eventually(() => expect(accepted()).toEqual(expect.arrayContaining(sent)));
    expect(accepted().sort()).toEqual(sent);
    expect((await metaDeliveries()).map((d) => d.enquiry_id).sort()).toEqual(sent);

    const consent = await database.db
      .selectFrom('enquiries')
      .select(['id', 'tracking_consent'])
      .where('id', 'in', [notAsked.id, declined.id, nonsense.id, child.id, classEight.id])
      .execute();
    expect(Object.fromEntries(consent.map((r) => [r.id, r.tracking_consent]))).toEqual({
      [notAsked.id]: null,
      [declined.id]: 'denied',
      [nonsense.id]: null,
      [child.id]: 'granted',
      [classEight.id]: 'granted',
    });
  });

  it('retries while Meta fails and sends the event once it answers', async () => {
    await start((n) =>
      n <= 2 ? { status: 500, json: { error: { message: 'Service temporarily unavailable' } } } : 200,
    );
    const { id } = await post(adult('9000000201'), { cookie: `_fbp=${FBP}` });

    await eventually(async () =>
      expect(await metaDeliveries()).toMatchObject([{ status: 'delivered', attempts: 3, last_error: null }]),
    );
    expect(meta.requests.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(accepted()).toEqual([id]);
    // Every try carried the same event (Meta would deduplicate a repeat by its id anyway).
    expect(new Set(meta.requests.map((r) => r.body)).size).toBe(1);
  });

  it("gives up after the last attempt with Meta's reason, counted on /healthz by channel, and never quotes the token", async () => {
    await start(() => ({ status: 400, json: { error: { message: 'Invalid parameter', code: 100 } } }), {
      DELIVERY_MAX_ATTEMPTS: '2',
    });
    await post(adult('9000000301'));

    await eventually(async () =>
      expect(await metaDeliveries()).toMatchObject([
        { status: 'failed', attempts: 2, last_error: 'Meta answered 400 Bad Request: Invalid parameter' },
      ]),
    );
    const [failed] = await metaDeliveries();
    expect(failed?.context).toContain('127.0.0.1'); // kept for a retry
    const health = (await running().inject({ url: '/healthz' })).json<{
      deliveries: { failed: number; byChannel: Record<string, { pending: number; failed: number }> };
    }>();
    expect(health.deliveries.failed).toBe(1);
    expect(health.deliveries.byChannel).toEqual({ meta: { pending: 0, failed: 1 } });
    expect(JSON.stringify(await metaDeliveries())).not.toContain(TOKEN);
  });
});
