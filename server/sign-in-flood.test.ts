/**
 * A flood of sign-ins must not hold up what visitors load: the real server on a real port,
 * 100 sign-ins at once (each from an address of its own, so the per-address count lets every
 * one reach the password check) while a visitor loads an asset again and again. Password
 * hashing (scrypt, 64 MiB) runs on Node's shared thread pool, which also reads the files the
 * site serves: it is bounded (server/staff/passwords.ts). The asset times are printed, not
 * asserted (the machine is shared); what is asserted is that every request is answered, and
 * never with an error.
 *
 * The one test that hashes at production cost (the others use the tests' cheap one, which
 * would make this flood no flood): it also checks that a production hash records its
 * parameters and that the right password then signs in.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../tests/support/client-dir';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createStaffRepository } from './db/staff-repository';
import { hashPassword } from './staff/passwords';

type Answer = { status: number; ms: number };

function send(port: number, method: string, path: string, body?: object, localAddress = '127.0.0.1') {
  const started = performance.now();
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise<Answer>((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress,
        agent: false,
        headers: payload
          ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}` }
          : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe('a flood of sign-ins', () => {
  const clientDir = makeClientDir();
  let close: () => Promise<void>;
  let port = 0;
  let storedHash = '';

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: 'file::memory:' });
    const database = await openDatabase(config.DATABASE_URL);
    await createStaffRepository(database).add({
      email: 'owner@example.com',
      name: 'Owner',
      role: 'admin',
      passwordHash: (storedHash = await hashPassword('the right password, long enough')),
    });
    const app = await buildApp({ config, clientDir, database, deliveryWorker: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('leaves /assets/* answering while 100 sign-ins run, and answers every sign-in with 401 or 429', async () => {
    const asset = '/assets/root-abc123.js';
    const quiet: number[] = [];
    for (let i = 0; i < 20; i++) quiet.push((await send(port, 'GET', asset)).ms);

    let flooding = true;
    const signIns = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send(
          port,
          'POST',
          '/api/staff/session',
          { email: 'owner@example.com', password: `guess number ${i}` },
          `127.0.${1 + Math.floor(i / 200)}.${(i % 200) + 1}`,
        ),
      ),
    ).finally(() => (flooding = false));
    const during: Answer[] = [];
    while (flooding) during.push(await send(port, 'GET', asset));
    const answers = await signIns;

    const byStatus = (list: Answer[]) =>
      Object.entries(
        list.reduce<Record<string, number>>((counts, { status }) => {
          counts[status] = (counts[status] ?? 0) + 1;
          return counts;
        }, {}),
      )
        .map(([status, n]) => `${n}×${status}`)
        .join(', ');
    const ms = (list: number[]) =>
      `p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms, max ${Math.max(...list).toFixed(1)} ms`;
    const signInTimes = answers.map((answer) => answer.ms);
    console.log(
      [
        `asset before the flood: ${ms(quiet)} (${quiet.length} requests)`,
        `asset during 100 sign-ins: ${ms(during.map((d) => d.ms))} (${during.length} requests: ${byStatus(during)})`,
        `sign-ins: ${byStatus(answers)}; answered in ${ms(signInTimes)}`,
      ].join('\n'),
    );

    expect(during.length).toBeGreaterThan(0);
    expect(during.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);

    // Production's parameters, recorded with the hash; the right password signs in with them.
    expect(storedHash).toMatch(/^scrypt\$65536\$8\$2\$/);
    const right = await send(
      port,
      'POST',
      '/api/staff/session',
      { email: 'owner@example.com', password: 'the right password, long enough' },
      '127.0.9.9',
    );
    expect(right.status).toBe(200);
  }, 300_000);
});
