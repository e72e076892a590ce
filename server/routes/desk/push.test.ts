/**
 * The counsellor's phone rings for a lead (issue 41), through HTTP on real databases (SQLite and
 * PostgreSQL), to a stand-in push service on loopback that checks the VAPID signature and
 * decrypts each push with the device's own keys, as a phone's browser would
 * (tests/support/push-service.ts).
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { deskCookie } from '../../../tests/support/desk-session';
import { startPushService } from '../../../tests/support/push-service';
import { eventually } from '../../../tests/support/receivers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

const walkIn = {
  cameBy: 'walk-in',
  consentTaken: true,
  enquirer: 'parent',
  parentName: 'Suresh Mehta',
  studentName: 'Rohan Mehta',
  phone: '98290 11111',
  course: 'jee',
  classLevel: '11',
  language: 'hi',
};

type Devices = { publicKey: string; devices: { id: string; endpoint: string; device: string }[] };

describe.each(enginesUnderTest())('the desk on a phone, told of its leads, on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });
  /** A device of `who`'s turning notifications on: its id at the push service. */
  const turnOn = async (who: string, device = 'Android phone, Chrome') => {
    const { id, subscription } = pushService.device();
    const res = await call('PUT', '/api/staff/push/devices', who, { ...subscription, device });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const pushesTo = (deviceId: string) => pushService.received.filter((push) => push.deviceId === deviceId);
  const start = async (env: Record<string, string> = {}) => {
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        STAFF_PASSWORD_COST: 'test',
        LOG_LEVEL: 'silent',
        WEB_PUSH_SERVICES: '127.0.0.1',
        DELIVERY_POLL_MS: '50',
        DELIVERY_RETRY_BASE_MS: '50',
        ...env,
      }),
      clientDir,
      database,
    });
    await app.ready();
  };

  beforeEach(async () => {
    pushService = await startPushService();
    clientDir = makeClientDir();
    database = await open();
    await start();
    const staff = createStaffRepository(database);
    for (const [name, role] of [
      ['Chitra', 'counsellor'],
      ['Dev', 'counsellor'],
      ['Anil', 'admin'],
    ] as const) {
      ids[name] = (await staff.add({ email: `${name.toLowerCase()}@example.com`, name, role, passwordHash })).id;
      cookies[name] = await deskCookie(app, `${name.toLowerCase()}@example.com`, PASSWORD);
    }
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    await pushService.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('a lead rings each device of the counsellor it is given to: signed, encrypted for the device, the family and the desk’s page', async () => {
    const devices = {
      Chitra: [await turnOn('Chitra'), await turnOn('Chitra', 'Laptop, Firefox')],
      Dev: [await turnOn('Dev')],
    };
    const { publicKey } = (await call('GET', '/api/staff/push', 'Chitra')).json() as Devices;

    const taken = await call('POST', '/api/staff/enquiries', 'Anil', walkIn);
    expect(taken.statusCode, taken.body).toBe(201);
    const id = String((taken.json() as { id: string }).id);
    const owner = String(
      (await database.db.selectFrom('enquiries').select('assignee_id').where('id', '=', id).executeTakeFirstOrThrow())
        .assignee_id,
    );
    const [ownerName, other] = owner === ids.Chitra ? (['Chitra', 'Dev'] as const) : (['Dev', 'Chitra'] as const);

    await eventually(() => expect(devices[ownerName].every((device) => pushesTo(device).length === 1)).toBe(true));
    for (const device of devices[ownerName]) {
      expect(pushesTo(device)[0]).toMatchObject({
        message: {
          title: 'New lead: Rohan Mehta',
          body: 'JEE Main Two-Year Course (Class 11–12). Call Rohan Mehta within the hour. Speaks Hindi (हिन्दी).',
          url: `/staff/enquiries/${id}`,
          tag: `lead-${id}`,
        },
        signedBy: publicKey,
        urgency: 'high',
      });
    }
    expect(devices[other].flatMap(pushesTo)).toEqual([]);
    // When the push service took it (written once every device is sent to): speed to lead can be read from the push.
    const toldOf = () =>
      database.db
        .selectFrom('notifications')
        .select(['pushed_at', 'created_at'])
        .where('enquiry_id', '=', id)
        .where('staff_id', '=', owner)
        .executeTakeFirstOrThrow();
    await eventually(async () => expect((await toldOf()).pushed_at).not.toBeNull());
    const told = await toldOf();
    expect(String(told.pushed_at) >= told.created_at).toBe(true);

    // The owner calls the family: the dashboard reads speed to lead from the phone's ring as well.
    const seen = (await call('GET', `/api/staff/enquiries/${id}`, ownerName)).json() as {
      enquiry: { version: number };
    };
    const called = await call('POST', `/api/staff/enquiries/${id}/calls`, ownerName, {
      version: seen.enquiry.version,
      outcome: 'no-answer',
    });
    expect(called.statusCode, called.body).toBe(200);
    const figures = (await call('GET', '/api/staff/dashboard?days=30', 'Anil')).json() as {
      fromPush: { pushed: number; called: number; medianMinutes: number | null };
    };
    expect(figures.fromPush).toMatchObject({ pushed: 1, called: 1 });
    expect(figures.fromPush.medianMinutes).toBeGreaterThanOrEqual(0);

    // Given to the other counsellor by the admin: their phone rings too.
    const version = (
      (await call('GET', `/api/staff/enquiries/${id}`, 'Anil')).json() as { enquiry: { version: number } }
    ).enquiry.version;
    const moved = await call('PATCH', `/api/staff/enquiries/${id}`, 'Anil', { version, assigneeId: ids[other] });
    expect(moved.statusCode, moved.body).toBe(200);
    await eventually(() =>
      expect(devices[other].map((device) => pushesTo(device).length)).toEqual(devices[other].map(() => 1)),
    );
    expect(pushService.refused).toEqual([]);
  });

  it('a device its push service has forgotten is forgotten; one that could not be reached is tried again', async () => {
    const [gone, asleep] = [await turnOn('Chitra'), await turnOn('Chitra', 'Old phone')];
    await call('PUT', '/api/staff/push/devices', 'Dev', {
      ...pushService.device().subscription,
      device: 'Dev’s phone',
    });
    pushService.answer(gone, 410);
    pushService.answer(asleep, 503);
    // Dev is away, so the lead is Chitra's.
    await call('DELETE', '/api/staff/push/devices/none', 'Dev');
    await database.db
      .updateTable('staff')
      .set({ away_since: new Date().toISOString() })
      .where('id', '=', String(ids.Dev))
      .execute();
    const taken = await call('POST', '/api/staff/enquiries', 'Anil', walkIn);
    expect(taken.statusCode, taken.body).toBe(201);

    await eventually(async () => {
      const { devices } = (await call('GET', '/api/staff/push', 'Chitra')).json() as Devices;
      expect(devices.map((device) => device.device)).toEqual(['Old phone']);
    });
    // The forgotten device goes while the attempt is under way; its failure is recorded after it.
    await eventually(async () => {
      const waiting = await database.db
        .selectFrom('deliveries')
        .select(['status', 'last_error', 'attempts'])
        .where('channel', '=', 'push')
        .executeTakeFirstOrThrow();
      expect(waiting.last_error).toContain('503');
    });
    pushService.answer(asleep, 201);
    await eventually(() => expect(pushesTo(asleep)).toHaveLength(1));
    await eventually(async () => {
      const row = await database.db
        .selectFrom('deliveries')
        .select('status')
        .where('channel', '=', 'push')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('delivered');
    });
  });

  it('refuses a push address off the push services, keys that are not keys, a stranger, and another member’s device', async () => {
    const chitras = await turnOn('Chitra');
    const device = pushService.device().subscription;
    for (const endpoint of [
      'https://attacker.example/steal',
      'http://fcm.googleapis.com/fcm/send/x',
      'file:///etc/passwd',
    ]) {
      const refused = await call('PUT', '/api/staff/push/devices', 'Dev', { ...device, endpoint, device: 'Phone' });
      expect(refused.statusCode, endpoint).toBe(400);
      expect((refused.json() as { error: string }).error).toMatch(/push (service|address)|Notifications stay off/);
    }
    const badKeys = await call('PUT', '/api/staff/push/devices', 'Dev', {
      ...device,
      keys: { p256dh: 'not a key!', auth: '' },
      device: 'Phone',
    });
    expect(badKeys.statusCode).toBe(400);
    const stranger = await app.inject({
      method: 'PUT',
      url: '/api/staff/push/devices',
      headers: { origin: ORIGIN },
      payload: { ...device, device: 'Phone' },
    });
    expect(stranger.statusCode).toBe(401);

    const [mine, ...others] = ((await call('GET', '/api/staff/push', 'Chitra')).json() as Devices).devices;
    expect(others).toEqual([]);
    expect(mine?.endpoint).toContain(chitras);
    const notYours = await call('DELETE', `/api/staff/push/devices/${mine?.id}`, 'Dev');
    expect(notYours.statusCode).toBe(404);
    expect(((await call('GET', '/api/staff/push', 'Chitra')).json() as Devices).devices).toHaveLength(1);
    expect((await call('GET', '/api/staff/push', 'Dev')).json()).toMatchObject({ devices: [] });

    // Turned off by its member: a lead no longer rings it, and no push is queued for a member with no device.
    const off = await call('DELETE', `/api/staff/push/devices/${mine?.id}`, 'Chitra');
    expect(off.statusCode).toBe(200);
    expect((off.json() as Devices).devices).toEqual([]);
    expect((await call('POST', '/api/staff/enquiries', 'Anil', walkIn)).statusCode).toBe(201);
    const pushes = await database.db.selectFrom('deliveries').select('id').where('channel', '=', 'push').execute();
    expect(pushes).toEqual([]);
  });

  it('a device stops ringing when its session signs out, when a new password ends its session, and when signed out everywhere', async () => {
    const signInAgain = (name: string) => deskCookie(app, `${name.toLowerCase()}@example.com`, PASSWORD);
    const devicesOf = async (who: string) =>
      ((await call('GET', '/api/staff/push', who)).json() as Devices).devices.map((device) => device.device).sort();
    // Chitra's phone and her laptop, each signed in on its own.
    await turnOn('Chitra', 'Phone');
    cookies.ChitraLaptop = await signInAgain('Chitra');
    await turnOn('ChitraLaptop', 'Laptop');
    expect(await devicesOf('Chitra')).toEqual(['Laptop', 'Phone']);

    // A new password, from the phone: the laptop is signed out, and stops ringing; the phone rings on.
    const changed = await call('PUT', '/api/staff/me/password', 'Chitra', {
      currentPassword: PASSWORD,
      newPassword: 'a lamp by the river at dawn',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await devicesOf('Chitra')).toEqual(['Phone']);
    // Signed out on the phone, even if its page could not tell the browser (the server forgets it): it stops too.
    expect((await call('DELETE', '/api/staff/session', 'Chitra')).statusCode).toBe(204);
    cookies.Chitra = await deskCookie(app, 'chitra@example.com', 'a lamp by the river at dawn');
    expect(await devicesOf('Chitra')).toEqual([]);

    // An admin signs Dev out everywhere (a phone lost): Dev's devices stop ringing.
    await turnOn('Dev');
    const out = await call('PATCH', `/api/staff/accounts/${ids.Dev}`, 'Anil', { signOut: true });
    expect(out.statusCode, out.body).toBe(200);
    cookies.Dev = await signInAgain('Dev');
    expect(await devicesOf('Dev')).toEqual([]);
  });

  it('signs with one key on every instance: the one it made and kept, or the one it is given', async () => {
    const made = ((await call('GET', '/api/staff/push', 'Chitra')).json() as Devices).publicKey;
    expect(Buffer.from(made, 'base64url')).toHaveLength(65);
    await app.close();
    await start();
    expect(((await call('GET', '/api/staff/push', 'Chitra')).json() as Devices).publicKey).toBe(made);

    await app.close();
    const given = { privateKey: 'M2uo5NdFK3OKjLr3R3KyAQfYUKBTS5Oq2dTMpQL2wGc' };
    await start({ WEB_PUSH_VAPID_PRIVATE_KEY: given.privateKey });
    const publicKey = ((await call('GET', '/api/staff/push', 'Chitra')).json() as Devices).publicKey;
    expect(publicKey).not.toBe(made);
    const device = await turnOn('Chitra');
    const test = await call('POST', '/api/staff/push/test', 'Chitra');
    expect(test.json()).toEqual({ sent: 1, gone: 0 });
    expect(pushesTo(device)[0]).toMatchObject({ signedBy: publicKey, message: { title: 'Notifications are on' } });
  });
});
