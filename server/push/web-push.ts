/**
 * Web Push, the one door to the browsers' push services (issue 41): the desk's phone app rings
 * for a new lead. A device that turns notifications on gives a subscription (the push service's
 * endpoint and the keys to encrypt for); a push is the message encrypted for it (RFC 8291) and
 * signed with the server's VAPID key (RFC 8292) by the `web-push` library, and POSTed here.
 *
 * The VAPID key is WEB_PUSH_VAPID_PRIVATE_KEY, or one the server makes and keeps in the database
 * (site-secrets.ts), so every instance signs alike. An endpoint must be on one of
 * WEB_PUSH_SERVICES: a signed-in member cannot make the server post anywhere else. The tests'
 * stand-in is a push service on 127.0.0.1 (tests/support/push-service.ts).
 */
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { institute } from '../../shared/institute';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { siteKey } from '../site-secrets';

/** What a notification shows, and the desk's page a tap opens. `tag`: a second push with it replaces the first. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

/** A device to push to: its subscription, as the browser gave it. */
export type PushDevice = { endpoint: string; p256dh: string; auth: string };

/** 'gone': the push service no longer knows the device (it unsubscribed, or the app was removed). */
export type PushOutcome = 'sent' | 'gone';

/** How long a push service keeps a push for a phone that is off: a lead a day old is still a lead. */
const TIME_TO_LIVE_S = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const KEY_NAME = 'web-push-vapid';

export type WebPush = ReturnType<typeof createWebPush>;

export function createWebPush(
  database: Db,
  config: Pick<Config, 'WEB_PUSH_VAPID_PRIVATE_KEY' | 'WEB_PUSH_SUBJECT' | 'WEB_PUSH_SERVICES'>,
) {
  const privateKey = siteKey(database, KEY_NAME, config.WEB_PUSH_VAPID_PRIVATE_KEY);
  const subject = config.WEB_PUSH_SUBJECT ?? institute.origin;
  const services = config.WEB_PUSH_SERVICES;

  /** The public half, which a browser subscribes with (applicationServerKey). */
  async function publicKey() {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(await privateKey(), 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  }

  /** Why the server will not push to `endpoint`, in words (undefined: it will). */
  function problemWith(endpoint: string): string | undefined {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return 'The device gave no push address the server can use.';
    }
    const host = url.hostname.toLowerCase();
    const listed = services.some((service) => host === service || host.endsWith(`.${service}`));
    const local = host === '127.0.0.1' || host === 'localhost';
    if (!listed || (url.protocol !== 'https:' && !(local && url.protocol === 'http:')))
      return `This browser's push service (${host}) is not one the server sends to (WEB_PUSH_SERVICES).`;
    return undefined;
  }

  /** Encrypts `message` for the device, signs it, and hands it to the device's push service. */
  async function send(device: PushDevice, message: PushMessage): Promise<PushOutcome> {
    const problem = problemWith(device.endpoint);
    if (problem) throw new Error(problem);
    const details = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject, publicKey: await publicKey(), privateKey: await privateKey() },
        TTL: TIME_TO_LIVE_S,
        // A new lead should wake a phone in its sleep.
        urgency: 'high',
      },
    );
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Uint8Array<ArrayBuffer>,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new Error(`the push service answered ${response.status} ${response.statusText}`);
    return 'sent';
  }

  return { publicKey, problemWith, send };
}
