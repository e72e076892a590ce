/**
 * This device and the desk's notifications (issue 41): the service worker (sw.ts) registered,
 * the browser's permission asked, a Web Push subscription made with the server's key and given to
 * the server (server/routes/desk/push.ts), and taken back on "Turn off" and on signing out (a
 * shared computer must not ring for the next person's leads). Also the sound a new lead makes
 * while the desk is open, if the member wants one (kept on this device).
 */
import { DESK_BASENAME } from '../../../shared/desk-pages';
import type { PushReply } from '../../../shared/schema/replies/notifications';
import { api } from './api';

const WORKER = `${DESK_BASENAME}/sw.js`;
const SCOPE = `${DESK_BASENAME}/`;

/** Whether this browser can ring for the desk, and what the member said when asked. */
export type PushState = 'unsupported' | NotificationPermission;

export function pushState(): PushState {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

/** What the desk calls this device among the member's: "Android phone, Chrome". */
export function deviceName(userAgent = navigator.userAgent): string {
  const kind = /Android/.test(userAgent)
    ? /Mobile/.test(userAgent)
      ? 'Android phone'
      : 'Android tablet'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : /Windows/.test(userAgent)
          ? 'Windows computer'
          : /Macintosh/.test(userAgent)
            ? 'Mac'
            : 'Computer';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'a browser';
  return `${kind}, ${browser}`;
}

/** This device's subscription, if it has one (the service worker may not be registered yet). */
export async function thisSubscription(): Promise<PushSubscription | null> {
  if (pushState() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')), (c) =>
    c.charCodeAt(0),
  );
};

/**
 * Turns notifications on here: asks the browser's permission (the member's tap is what allows
 * the question), subscribes with the server's key, and gives the subscription to the server.
 * Throws an Error whose message says what to do when it cannot.
 */
export async function turnOn(): Promise<PushReply> {
  if (pushState() === 'unsupported')
    throw new Error(
      'This browser cannot show the desk’s notifications. On an iPhone, add the desk to the home screen first (Share, then Add to Home Screen) and open it from there.',
    );
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error(
      'Notifications are blocked for the desk in this browser. Allow them in the site’s settings (the icon beside the address), then try again.',
    );
  const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE, updateViaCache: 'none' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await api('GET /push');
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's key was changed) cannot be pushed to: made again.
  const madeWith = subscription?.options.applicationServerKey;
  if (subscription && madeWith && new Uint8Array(madeWith).join() !== key.join()) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  // A subscription made with a key always has its address and keys (PushSubscription.toJSON() types them as optional).
  const { endpoint = '', keys } = subscription.toJSON();
  return api('PUT /push/devices', {
    body: {
      endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      device: deviceName(),
    },
  });
}

/** Stops notifying this device: on the server, and in the browser. */
export async function turnOffHere(devices: PushReply['devices']): Promise<void> {
  const subscription = await thisSubscription();
  const mine = devices.find((device) => device.endpoint === subscription?.endpoint);
  if (mine) await api('DELETE /push/devices/:id', { params: { id: mine.id } });
  await subscription?.unsubscribe();
}

/**
 * On signing out: the server forgets the device with the session that turned it on
 * (server/db/staff-session-repository.ts endSession); the browser drops its subscription too.
 * Best effort: a lost signal must not stop the sign-out.
 */
export async function forgetThisDevice(): Promise<void> {
  await (await thisSubscription().catch(() => null))?.unsubscribe().catch(() => false);
}

/** Two short rising tones (no sound file to load): what a new lead sounds like with the desk open. */
export function ring() {
  try {
    const audio = new AudioContext();
    for (const [at, frequency] of [
      [0, 660],
      [0.18, 880],
    ] as const) {
      const tone = audio.createOscillator();
      const level = audio.createGain();
      tone.frequency.value = frequency;
      level.gain.setValueAtTime(0.2, audio.currentTime + at);
      level.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.16);
      tone.connect(level).connect(audio.destination);
      tone.start(audio.currentTime + at);
      tone.stop(audio.currentTime + at + 0.16);
    }
    setTimeout(() => void audio.close(), 600);
  } catch {
    // No sound on this device: the count in the title and the notification remain.
  }
}
