/**
 * A stand-in for a browser's push service (FCM, Mozilla's, Apple's), on loopback: what the server
 * posts a push to (server/push/web-push.ts). It makes devices as a browser does (a P-256 key pair
 * and an auth secret: the subscription), and for each push it is sent checks what a real push
 * service checks, the VAPID signature (RFC 8292: an ES256 JWT for this origin, not expired, by
 * the key it names), then decrypts the message with the device's keys (RFC 8291), as the phone
 * would. A device can be made gone (410, as a push service answers for an app removed) or
 * unreachable (503).
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
export type ReceivedPush = {
  deviceId: string;
  message: { title: string; body: string; url: string; tag: string };
  /** The VAPID key that signed it (base64url), and the headers a push service reads. */
  signedBy: string;
  ttl: string | undefined;
  urgency: string | undefined;
  at: number;
};

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answer: number };

/** Checks the Authorization header of a push ("vapid t=<jwt>, k=<key>"): the key, or why it is refused. */
function vapidSigner(authorization: string | undefined, audience: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud: string; exp: number };
  if (claims.aud !== audience) throw new Error(`the VAPID audience is ${claims.aud}, not ${audience}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('the VAPID claim has expired');
  return key;
}

export async function startPushService() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const deviceId = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(deviceId);
      if (req.method !== 'POST' || !device) return void res.writeHead(404).end();
      if (device.answer !== 201) return void res.writeHead(device.answer).end();
      try {
        const signedBy = vapidSigner(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        received.push({
          deviceId,
          message: JSON.parse(plain.toString('utf8')) as ReceivedPush['message'],
          signedBy,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          at: Date.now(),
        });
        res.writeHead(201).end();
      } catch (error) {
        refused.push(String(error));
        res.writeHead(403).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** Pushes refused, and why (a bad signature, a message that does not decrypt). */
    refused,
    /** A new device, as a browser subscribes: its id here and the subscription it gives the desk. */
    device(): { id: string; subscription: Subscription } {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, answer: 201 });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    /** From now on the push service answers `status` for the device (410: gone; 503: unreachable). */
    answer(id: string, status: number) {
      const device = devices.get(id);
      if (device) device.answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
