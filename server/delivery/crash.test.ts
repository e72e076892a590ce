/**
 * The server killed with SIGKILL in the middle of a load of enquiries, then started
 * again: every enquiry that was acknowledged (201) is stored, none is half-stored
 * (an enquiry without its outbox row), and every stored enquiry reaches the webhook.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest } from '../../tests/support/databases';
import { eventually, startWebhookReceiver } from '../../tests/support/receivers';
import { openDatabase } from '../db/database';

describe.each(enginesUnderTest())('crash during a load of enquiries ($name)', ({ name, open }) => {
  let dir: string;
  let clientDir: string;
  let databaseUrl: string;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let server: ChildProcess | undefined;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-crash-'));
    clientDir = makeClientDir();
    if (name === 'sqlite') {
      databaseUrl = `file:${join(dir, 'enquiries.db')}`;
    } else {
      const database = await open();
      databaseUrl = database.url;
      await database.close();
    }
    hook = await startWebhookReceiver();
    port = await freePort();
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await hook.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  async function startServer() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        CLIENT_DIR: clientDir,
        DATABASE_URL: databaseUrl,
        ENQUIRY_RATE_LIMIT: '100000',
        ENQUIRY_WEBHOOK_URL: hook.url,
        DELIVERY_POLL_MS: '50',
        DELIVERY_RETRY_BASE_MS: '100',
        // A delivery taken by the killed process is taken over after this.
        DELIVERY_LEASE_MS: '1500',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
    }, 90_000);
    return child;
  }

  it('keeps every acknowledged enquiry and delivers each stored one', async () => {
    server = await startServer();
    const acknowledged = new Set<string>();
    let unanswered = 0;
    let sent = 0;
    let stop = false;

    const client = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        sent += 1;
        const phone = `9${String(worker).padStart(2, '0')}${String(i).padStart(7, '0')}`;
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/enquiries`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              studentName: `Load ${worker}-${i}`,
              phone,
              classLevel: '12',
              course: 'neet-repeaters',
              city: 'Kota',
              consent: true,
            }),
          });
          if (res.status === 201) acknowledged.add((await res.json()).id as string);
          else unanswered += 1;
        } catch {
          unanswered += 1; // the connection died with the server
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, worker) => client(worker)));

    await eventually(() => expect(acknowledged.size).toBeGreaterThan(50), 20_000, 10);
    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    const atKill = acknowledged.size;
    // Clients find the server gone…
    const unansweredAtKill = unanswered;
    await eventually(() => expect(unanswered).toBeGreaterThan(unansweredAtKill), 20_000, 10);
    server = await startServer();
    // …and the restarted one takes their enquiries again.
    await eventually(() => expect(acknowledged.size).toBeGreaterThan(atKill + 20), 20_000, 10);
    stop = true;
    await load;

    // Wait until the restarted server has delivered everything (killed sends included, after their lease).
    await eventually(async () => {
      const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as {
        deliveries: { pending: number; failed: number };
      };
      expect(health.deliveries).toMatchObject({ pending: 0, failed: 0 });
    }, 90_000);

    const database = await openDatabase(databaseUrl);
    const enquiries = await database.db.selectFrom('enquiries').select('id').execute();
    const deliveries = await database.db.selectFrom('deliveries').select(['enquiry_id', 'status']).execute();
    await database.close();
    const stored = new Set(enquiries.map((e) => e.id));
    const delivered = hook.delivered();
    const distinctDelivered = new Set(delivered);

    console.log(
      `[crash ${name}] requests ${sent}, acknowledged ${acknowledged.size} (${atKill} before the kill), ` +
        `no answer ${unanswered}, stored ${stored.size}, webhook received ${delivered.length} ` +
        `(${distinctDelivered.size} distinct, ${delivered.length - distinctDelivered.size} repeats)`,
    );
    for (const id of acknowledged) expect(stored.has(id), `acknowledged ${id} is stored`).toBe(true);
    // Never half-stored: each stored enquiry has exactly its one outbox row, and it was delivered.
    expect(deliveries).toHaveLength(stored.size);
    expect(new Set(deliveries.map((d) => d.enquiry_id))).toEqual(stored);
    expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
    // Exactly once, counted by idempotency key: every stored enquiry, nothing else.
    expect(distinctDelivered).toEqual(stored);
  }, 300_000);
});
