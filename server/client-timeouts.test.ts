/**
 * The server's own limits against slow clients, on a real listening socket: a client
 * that sends half a request and waits is answered 408 and disconnected within the
 * header limit; a slow but steady client (a phone on a poor link) is answered normally.
 */
import { rmSync } from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../tests/support/client-dir';
import { buildApp, CLIENT_TIMEOUTS } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the parts with pauses between them; resolves with what the server sent and when the socket closed. */
function converse(port: number, parts: string[], pauseMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket: Socket = connect(port, '127.0.0.1', async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await sleep(pauseMs);
        if (socket.destroyed) return;
        socket.write(part);
      }
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

// Side by side: each waits on the server's clock (seconds) on its own connection, using no CPU meanwhile.
describe.concurrent('limits against slow clients', () => {
  let app: FastifyInstance;
  let port: number;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = makeClientDir();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, clientDir, database: await openDatabase('file::memory:'), deliveryWorker: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers 408 and disconnects a client that sends half a request and waits', async () => {
    const { answer, closedAfterMs } = await converse(port, ['GET /about HTTP/1.1\r\nHost: localhost\r\nX-Slow: '], 0);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.headersMs - 100);
    expect(closedAfterMs).toBeLessThan(CLIENT_TIMEOUTS.headersMs + 2_500);
  }, 60_000);

  it('disconnects a client that drips its headers a byte at a time to keep the connection busy', async () => {
    const drip = 'GET /about HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.split(
      '',
    );
    const { answer, closedAfterMs } = await converse(port, drip, 400);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(CLIENT_TIMEOUTS.headersMs + 2_500);
  }, 90_000);

  it('answers a slow but steady client normally (headers in pieces over 3 s)', async () => {
    const request = 'GET /about HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const pieces = [request.slice(0, 20), request.slice(20, 40), request.slice(40)];
    const { answer } = await converse(port, pieces, 1_500);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('<h1>About</h1>');
  }, 60_000);
});
