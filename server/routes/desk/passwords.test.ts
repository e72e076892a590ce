/**
 * Choosing a desk password, through real HTTP requests (app.inject) on SQLite and PostgreSQL:
 * an admin adding an account or setting a new password, and a member changing their own.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST, verifyPassword } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
/** Accepted by the length rule alone; each is easy to guess, or the account's own. */
const WEAK = ['aaaaaaaaaa', '1234567890', 'password12', '          ', 'qwertyuiop123', 'vidyarthi2026'];

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

const cookieOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'desk_session');
  return cookie ? `${cookie.name}=${cookie.value}` : '';
};

describe.each(enginesUnderTest())('desk passwords on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;

  const addStaff = (email: string, name: string, role: 'admin' | 'counsellor' = 'counsellor') =>
    createStaffRepository(database).add({ email, name, role, passwordHash });
  const signIn = async (email: string, password = PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email, password },
    });
  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    database = await open();
    clientDir = makeClientDir();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent' }),
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

  it('refuses easy passwords, and the account’s own email or name, when an admin adds an account or sets a password', async () => {
    await addStaff('owner@example.com', 'Owner', 'admin');
    const counsellor = await addStaff('meera@example.com', 'Meera Sharma');
    const admin = cookieOf(await signIn('owner@example.com'));
    for (const password of [...WEAK, 'newcomer@example.com', 'Newcomer-Rathore-99']) {
      const added = await call('POST', '/api/staff/accounts', admin, {
        email: 'newcomer@example.com',
        name: 'Newcomer Rathore',
        role: 'counsellor',
        password,
      });
      expect(added.statusCode, password).toBe(400);
      expect(added.json().error, password).toMatch(/too easy to guess|only spaces|email or name/);
    }
    for (const password of [...WEAK, 'sharma is my name']) {
      const reset = await call('PATCH', `/api/staff/accounts/${counsellor.id}`, admin, { password });
      expect(reset.statusCode, password).toBe(400);
    }
    // The old password still works: nothing was changed by a refused one.
    expect((await signIn('meera@example.com')).statusCode).toBe(200);
    const good = await call('POST', '/api/staff/accounts', admin, {
      email: 'newcomer@example.com',
      name: 'Newcomer Rathore',
      role: 'counsellor',
      password: 'tulip lantern monsoon 42',
    });
    expect(good.statusCode).toBe(201);
  });

  it('a member changes their own password with the current one: their other sessions end, this one goes on', async () => {
    await addStaff('meera@example.com', 'Meera Sharma');
    const phone = cookieOf(await signIn('meera@example.com'));
    const laptop = cookieOf(await signIn('meera@example.com'));
    const change = (cookie: string, currentPassword: string, newPassword: string) =>
      call('PUT', '/api/staff/me/password', cookie, { currentPassword, newPassword });

    const wrong = await change(laptop, 'not my password', 'tulip lantern monsoon 42');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is not right.');
    const weak = await change(laptop, PASSWORD, 'password12');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/too easy to guess/);
    const own = await change(laptop, PASSWORD, 'meera sharma 2026');
    expect(own.statusCode).toBe(400);
    expect((await call('GET', '/api/staff/me', phone)).statusCode).toBe(200);

    expect((await change(laptop, PASSWORD, 'tulip lantern monsoon 42')).statusCode).toBe(204);
    expect((await call('GET', '/api/staff/me', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', phone)).statusCode).toBe(401);
    const stored = await createStaffRepository(database).findByEmail('meera@example.com');
    expect(await verifyPassword('tulip lantern monsoon 42', stored?.password_hash ?? '')).toBe(true);
    expect((await signIn('meera@example.com')).statusCode).toBe(401);
    expect((await signIn('meera@example.com', 'tulip lantern monsoon 42')).statusCode).toBe(200);
    // Without a session there is nothing to change.
    expect((await change('', PASSWORD, 'tulip lantern monsoon 42')).statusCode).toBe(401);
  });
});
