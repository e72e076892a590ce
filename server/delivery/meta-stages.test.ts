/**
 * A lead's later stages told to Meta's Conversions API: enquiries arrive through the public
 * form's API, counsellors change their status through the desk's, and a local receiver stands in
 * for graph.facebook.com (META_CAPI_URL); the real server, outbox and worker, on both engines.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNDO_SECONDS } from '../../shared/call-outcomes';
import { startingContent } from '../../src/content/site-content';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest } from '../../tests/support/databases';
import { phoneStandIn } from '../../tests/support/phone-codes';
import { eventually, type ReceivedHook, startWebhookReceiver } from '../../tests/support/receivers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createContentRepository } from '../db/content-repository';
import type { Db } from '../db/database';
import { createStaffRepository } from '../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../staff/passwords';

const PIXEL_ID = '123456789012345';
const TOKEN = 'EAAtest-access-token-0123456789';
const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

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

type MetaEvent = Record<string, unknown> & { event_name: string };
const eventsIn = (request: ReceivedHook) => (JSON.parse(request.body) as { data: MetaEvent[] }).data;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const STAGE_CHANNELS = ['meta-schedule', 'meta-purchase'] as const;

describe.each(enginesUnderTest())("a lead's visit and enrolment told to Meta on $name", ({ open }) => {
  const phones = phoneStandIn();
  let clientDir: string;
  let database: Db;
  let app: FastifyInstance | undefined;
  let meta: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let counsellor: string;
  let admin: string;

  const start = async ({
    respond,
    env = {},
    worker = true,
  }: {
    respond?: Parameters<typeof startWebhookReceiver>[0];
    env?: Record<string, string>;
    worker?: boolean;
  } = {}) => {
    meta = await startWebhookReceiver(respond);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        STAFF_PASSWORD_COST: 'test',
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
      deliveryWorker: worker,
      codeSender: phones,
    });
    await app.ready();
    const staff = createStaffRepository(database);
    if ((await staff.list()).length === 0) {
      await staff.add({ email: 'c@example.com', name: 'Chitra', role: 'counsellor', passwordHash });
      await staff.add({ email: 'a@example.com', name: 'Anil', role: 'admin', passwordHash });
    }
    counsellor = await signIn('c@example.com');
    admin = await signIn('a@example.com');
  };
  const running = () => {
    if (!app) throw new Error('start() the server first');
    return app;
  };
  const signIn = async (email: string) => {
    const res = await running().inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    return `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
  };
  const enquire = async (body: object) => {
    const res = await running().inject({ method: 'POST', url: '/api/enquiries', payload: body });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const versionOf = async (id: string) =>
    (await database.db.selectFrom('enquiries').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
  /** The desk's PATCH, made from the enquiry's current version (or the one given). */
  const setStatus = async (id: string, status: string, cookie = counsellor, version?: number) =>
    running().inject({
      method: 'PATCH',
      url: `/api/staff/enquiries/${id}`,
      headers: { origin: ORIGIN, cookie },
      payload: { version: version ?? (await versionOf(id)), status },
    });
  const stageDeliveries = () =>
    database.db
      .selectFrom('deliveries')
      .selectAll()
      .where('channel', 'in', [...STAGE_CHANNELS])
      .orderBy('created_at')
      .execute();
  /** What Meta accepted (answered 2xx), event by event. */
  const accepted = () => meta.requests.filter((r) => r.status < 300).flatMap(eventsIn);
  const acceptedNames = () => accepted().map((event) => event.event_name);

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

  it("sends a consenting adult's booked visit once as Schedule and the enrolment once as Purchase with the course's fee", async () => {
    await start();
    const id = await enquire(adult('98765 43210', { attribution: { utmSource: 'facebook', fbclid: 'IwAR0abcDEF' } }));
    await eventually(() => expect(acceptedNames()).toEqual(['Lead']));
    const row = await database.db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const leadTime = Math.floor(Date.parse(row.created_at) / 1000);

    expect((await setStatus(id, 'contacted')).statusCode).toBe(200);
    expect((await setStatus(id, 'visit-booked')).statusCode).toBe(200);
    await eventually(() => expect(acceptedNames()).toEqual(['Lead', 'Schedule']));
    expect((await setStatus(id, 'enrolled')).statusCode).toBe(200);
    await eventually(() => expect(acceptedNames()).toEqual(['Lead', 'Schedule', 'Purchase']));

    const stages = await database.db.selectFrom('conversion_events').selectAll().orderBy('at').execute();
    expect(stages.map(({ lead_key, stage, enquiry_id }) => ({ lead_key, stage, enquiry_id }))).toEqual([
      { lead_key: id, stage: 'visit-booked', enquiry_id: id },
      { lead_key: id, stage: 'enrolled', enquiry_id: id },
    ]);
    const [schedule, purchase] = accepted().slice(1);
    const userData = {
      ph: [sha256('919876543210')],
      em: [sha256('asha.verma@example.com')],
      fbc: `fb.1.${Date.parse(row.created_at)}.IwAR0abcDEF`,
    };
    const lead = { event_name: 'Lead', event_time: leadTime, event_id: id };
    expect(schedule).toEqual({
      event_name: 'Schedule',
      event_time: Math.floor(Date.parse(stages[0]?.at ?? '') / 1000),
      event_id: `${id}.Schedule`,
      action_source: 'phone_call',
      user_data: userData,
      custom_data: { content_name: 'jee' },
      original_event_data: lead,
    });
    expect(purchase).toEqual({
      event_name: 'Purchase',
      event_time: Math.floor(Date.parse(stages[1]?.at ?? '') / 1000),
      event_id: `${id}.Purchase`,
      action_source: 'physical_store',
      user_data: userData,
      // The JEE course's fee in the starting content (src/content/institute.ts).
      custom_data: { content_name: 'jee', value: 120000, currency: 'INR' },
      original_event_data: lead,
    });
    // The phone and email leave only hashed.
    const everything = JSON.stringify(meta.requests).toLowerCase();
    for (const raw of ['9876543210', 'asha.verma', 'example.com']) expect(everything).not.toContain(raw);

    // Back to contacted, enrolled again: Meta already knows; nothing is queued, nothing sent.
    expect((await setStatus(id, 'contacted')).statusCode).toBe(200);
    expect((await setStatus(id, 'visit-booked')).statusCode).toBe(200);
    expect((await setStatus(id, 'enrolled')).statusCode).toBe(200);
    // Nothing new queued; the Purchase's row says delivered once the worker has written Meta's answer.
    await eventually(async () =>
      expect((await stageDeliveries()).map((d) => [d.channel, d.status])).toEqual([
        ['meta-schedule', 'delivered'],
        ['meta-purchase', 'delivered'],
      ]),
    );
    // A later Lead is sent after anything queued before it would have been: still one of each.
    await enquire(adult('9000000009'));
    await eventually(() => expect(acceptedNames()).toEqual(['Lead', 'Schedule', 'Purchase', 'Lead']));
  });

  it('an enrolment recorded by a call waits out its undo window: undone, Meta never hears of it; left, Purchase goes', async () => {
    await start();
    const id = await enquire(adult('98765 43210'));
    await eventually(() => expect(acceptedNames()).toEqual(['Lead']));
    const call = async (path = '', payload?: object) =>
      running().inject({
        method: 'POST',
        url: `/api/staff/enquiries/${id}/calls${path}`,
        headers: { origin: ORIGIN, cookie: counsellor },
        ...(payload ? { payload } : {}),
      });
    expect((await call('', { version: await versionOf(id), outcome: 'enrolled' })).statusCode).toBe(200);
    // Queued, but not to be sent before the window has passed.
    const [held] = await stageDeliveries();
    expect(held?.channel).toBe('meta-purchase');
    expect(Date.parse(held?.next_attempt_at ?? '') - Date.parse(held?.created_at ?? '')).toBe(UNDO_SECONDS * 1000);

    // A slip of the thumb: undone, the event is withdrawn and the enquiry is as it was.
    const undone = await call('/undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await stageDeliveries()).toEqual([]);
    expect(await database.db.selectFrom('conversion_events').selectAll().execute()).toEqual([]);
    const back = await database.db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ status: back.status, first_called_at: back.first_called_at }).toEqual({
      status: 'new',
      first_called_at: null,
    });
    expect(acceptedNames()).toEqual(['Lead']);

    // Meant this time: once the window has passed (moved on here rather than waited for), it goes, and stands.
    expect((await call('', { version: await versionOf(id), outcome: 'enrolled' })).statusCode).toBe(200);
    const passed = new Date(Date.now() - (UNDO_SECONDS + 1) * 1000).toISOString();
    await database.db
      .updateTable('deliveries')
      .set({ next_attempt_at: passed })
      .where('channel', '=', 'meta-purchase')
      .execute();
    await database.db.updateTable('contacts').set({ at: passed }).where('enquiry_id', '=', id).execute();
    await eventually(() => expect(acceptedNames()).toEqual(['Lead', 'Purchase']));
    const late = await call('/undo');
    expect(late.statusCode).toBe(410);
    expect(late.json<{ error: string }>().error).toMatch(/this one stands/);
  });

  it("takes the enrolment's value from the live content: a fee an editor published is the one sent", async () => {
    await start();
    const content = createContentRepository(database);
    const document = structuredClone(startingContent);
    const jee = document.institute.courses.find((course) => course.slug === 'jee');
    if (!jee) throw new Error('the starting content has no JEE course');
    jee.fees.amount = 125000;
    expect(await content.publish(document, { basedOn: undefined })).toMatchObject({ published: true });

    const id = await enquire(adult('9000000401'));
    expect((await setStatus(id, 'enrolled')).statusCode).toBe(200);
    await eventually(() => expect(acceptedNames()).toEqual(expect.arrayContaining(['Lead', 'Purchase'])));
    expect(accepted().find((event) => event.event_name === 'Purchase')?.custom_data).toEqual({
      content_name: 'jee',
      value: 125000,
      currency: 'INR',
    });
  });

  it('two counsellors enrolling at once: one Purchase', async () => {
    await start();
    const id = await enquire(adult('9000000501'));
    const version = await versionOf(id);
    const both = await Promise.all([
      setStatus(id, 'enrolled', counsellor, version),
      setStatus(id, 'enrolled', admin, version),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await stageDeliveries()).map((d) => [d.enquiry_id, d.channel])).toEqual([[id, 'meta-purchase']]);
    // One Lead and one Purchase; which reaches Meta first depends on the delivery worker's turns.
    await eventually(() => expect([...acceptedNames()].sort()).toEqual(['Lead', 'Purchase']));
  });

  it('a family that asks again after enrolling is the same lead: its new record enrolled again sends no second Purchase', async () => {
    await start();
    const first = await enquire(adult('9000000601', { course: 'neet-year-long' }));
    expect((await setStatus(first, 'enrolled')).statusCode).toBe(200);
    // The family asks about another course, its number proved: its newest enquiry is its record now
    // (migration 015; an unproved one would be kept beside the record, issue 38).
    const again = await enquire(await phones.withProof(running(), adult('9000000601', { course: 'jee' })));
    expect(again).not.toBe(first);
    expect((await setStatus(again, 'contacted')).statusCode).toBe(200);
    expect((await setStatus(again, 'visit-booked')).statusCode).toBe(200);
    expect((await setStatus(again, 'enrolled')).statusCode).toBe(200);

    // The visit is news (it was never told), the enrolment is not.
    expect((await stageDeliveries()).map((d) => [d.enquiry_id, d.channel])).toEqual([
      [first, 'meta-purchase'],
      [again, 'meta-schedule'],
    ]);
    expect(
      await database.db
        .selectFrom('conversion_events')
        .select(['lead_key', 'stage', 'enquiry_id'])
        .orderBy('at')
        .execute(),
    ).toEqual([
      // The family's id: its first enquiry's.
      { lead_key: first, stage: 'enrolled', enquiry_id: first },
      { lead_key: first, stage: 'visit-booked', enquiry_id: again },
    ]);
    // Meta heard of one Lead, the first enquiry's (a family is not told twice): the visit names it.
    // Which reaches Meta first depends on the delivery worker's turns (once, the Schedule did).
    await eventually(() => expect([...acceptedNames()].sort()).toEqual(['Lead', 'Purchase', 'Schedule']));
    const named = (name: string) => accepted().find((event) => event.event_name === name);
    const [lead, schedule] = [named('Lead'), named('Schedule')];
    expect(lead?.event_id).toBe(first);
    expect(schedule?.original_event_data).toMatchObject({ event_name: 'Lead', event_id: first });
  });

  it("tells Meta nothing of a minor's or a non-consenting visitor's visit or enrolment", async () => {
    await start();
    const child = await enquire(
      adult('9000000701', {
        enquirer: 'student',
        studentUnder18: true,
        parentName: 'Rekha Verma',
        parentPhone: '9000000799',
      }),
    );
    const declined = await enquire(adult('9000000702', { trackingConsent: 'denied' }));
    const notAsked = await enquire(adult('9000000703', { trackingConsent: undefined }));
    for (const id of [child, declined, notAsked]) {
      expect((await setStatus(id, 'visit-booked')).statusCode).toBe(200);
      expect((await setStatus(id, 'enrolled')).statusCode).toBe(200);
    }
    expect(await stageDeliveries()).toEqual([]);
    expect(await database.db.selectFrom('conversion_events').selectAll().execute()).toEqual([]);
    // One that qualifies, after them: once its events arrived, nothing else was sent.
    const adultId = await enquire(adult('9000000704'));
    expect((await setStatus(adultId, 'enrolled')).statusCode).toBe(200);
    await eventually(() => expect(acceptedNames()).toEqual(['Lead', 'Purchase']));
  });

  it("forgets what it told of a lead when the person's enquiries are erased: a later enrolment is told afresh", async () => {
    await start({ worker: false });
    const id = await enquire(adult('9000000901'));
    expect((await setStatus(id, 'enrolled')).statusCode).toBe(200);
    expect(await database.db.selectFrom('conversion_events').select('lead_key').execute()).toEqual([{ lead_key: id }]);
    const erased = await running().inject({
      method: 'POST',
      url: '/api/staff/erasure',
      headers: { origin: ORIGIN, cookie: admin },
      payload: { phone: '9000000901' },
    });
    expect(erased.json()).toEqual({ erased: 1 });
    expect(await database.db.selectFrom('conversion_events').selectAll().execute()).toEqual([]);
    expect(await stageDeliveries()).toEqual([]);

    const again = await enquire(adult('9000000901'));
    expect((await setStatus(again, 'enrolled')).statusCode).toBe(200);
    expect((await stageDeliveries()).map((d) => [d.enquiry_id, d.channel])).toEqual([[again, 'meta-purchase']]);
  });

  it('/healthz counts the stage events by channel: pending while unsent, failed once Meta refuses them for good', async () => {
    await start({ worker: false });
    const id = await enquire(adult('9000000801'));
    expect((await setStatus(id, 'visit-booked')).statusCode).toBe(200);
    const health = async () =>
      (await running().inject({ url: '/healthz' })).json<{
        deliveries: { pending: number; failed: number; byChannel: Record<string, { pending: number; failed: number }> };
      }>().deliveries;
    expect(await health()).toMatchObject({
      pending: 2,
      failed: 0,
      byChannel: { meta: { pending: 1, failed: 0 }, 'meta-schedule': { pending: 1, failed: 0 } },
    });
    await app?.close();
    app = undefined;
    await meta.close();

    // Meta refuses them; one attempt each.
    await start({
      respond: () => ({ status: 400, json: { error: { message: 'Invalid parameter' } } }),
      env: { DELIVERY_MAX_ATTEMPTS: '1' },
    });
    await eventually(async () =>
      expect(await health()).toMatchObject({
        pending: 0,
        failed: 2,
        byChannel: { meta: { pending: 0, failed: 1 }, 'meta-schedule': { pending: 0, failed: 1 } },
      }),
    );
    expect((await stageDeliveries())[0]).toMatchObject({
      status: 'failed',
      last_error: 'Meta answered 400 Bad Request: Invalid parameter',
    });
  });
});
