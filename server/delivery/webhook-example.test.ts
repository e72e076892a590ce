/**
 * The guide's webhook receiver (docs/examples/verify-webhook.mjs, shown in docs/api.md) run
 * against the real outbox: it accepts what the site signs and refuses anything altered, so the
 * snippet operators copy cannot drift from what the server sends.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../tests/support/client-dir';
import { enginesUnderTest } from '../../tests/support/databases';
import { eventually } from '../../tests/support/receivers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';

const SECRET = 'the-institutes-webhook-secret';
const EXAMPLE = new URL('../../docs/examples/verify-webhook.mjs', import.meta.url);

type Example = {
  isSignedBy: (secret: string, rawBody: string | Buffer, signature: unknown) => boolean;
  webhookReceiver: (
    secret: string,
    onEnquiry: (id: string, enquiry: Record<string, unknown>, key: unknown) => void,
  ) => Server;
};

describe('the webhook example in the guide', () => {
  let clientDir: string;
  let database: Db;
  let receiver: Server;

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await (enginesUnderTest()[0] as { open: () => Promise<Db> }).open();
  });
  afterEach(async () => {
    if (receiver) await new Promise((resolve) => receiver.close(resolve));
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('is the code docs/api.md shows', () => {
    const guide = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const shown = /<!-- verify-webhook snippet: docs\/examples\/verify-webhook\.mjs -->\s*```js\n([\s\S]*?)```/.exec(
      guide,
    )?.[1];
    expect(shown).toBe(readFileSync(EXAMPLE, 'utf8'));
  });

  it('accepts the site’s signed enquiry once, and refuses an altered body or the wrong secret', async () => {
    const { isSignedBy, webhookReceiver } = (await import(EXAMPLE.href)) as Example;
    const received: { id: string; enquiry: Record<string, unknown>; key: unknown }[] = [];
    receiver = webhookReceiver(SECRET, (id, enquiry, key) => {
      received.push({ id, enquiry, key });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;

    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DELIVERY_POLL_MS: '50',
        ENQUIRY_WEBHOOK_URL: url,
        ENQUIRY_WEBHOOK_SECRET: SECRET,
      }),
      clientDir,
      database,
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/enquiries',
        payload: {
          studentName: 'Asha Verma',
          phone: '98765 43210',
          classLevel: '12',
          course: 'jee',
          city: 'Jaipur',
          consent: true,
        },
      });
      const { id } = response.json<{ id: string }>();
      await eventually(async () => {
        const rows = await database.db
          .selectFrom('deliveries')
          .select(['status'])
          .where('enquiry_id', '=', id)
          .execute();
        expect(rows.map((row) => row.status)).toEqual(['delivered']);
      });
      expect(received).toEqual([
        {
          id,
          key: id,
          enquiry: expect.objectContaining({ studentName: 'Asha Verma', phone: '+919876543210', course: 'jee' }),
        },
      ]);
    } finally {
      await app.close();
    }

    const body = JSON.stringify({ event: 'enquiry.created', id: 'x', enquiry: { studentName: 'Asha Verma' } });
    const signature = `sha256=${(await import('node:crypto')).createHmac('sha256', SECRET).update(body).digest('hex')}`;
    expect(isSignedBy(SECRET, body, signature)).toBe(true);
    const send = (payload: string, signed: string | undefined) =>
      fetch(url, { method: 'POST', body: payload, headers: signed ? { 'x-enquiry-signature': signed } : {} });
    expect((await send(body.replace('Asha', 'Usha'), signature)).status).toBe(401);
    expect((await send(body, undefined)).status).toBe(401);
    expect(isSignedBy('another-secret-entirely', body, signature)).toBe(false);
    expect((await send(body, signature)).status).toBe(200);
    expect(received).toHaveLength(2);
  });
});
