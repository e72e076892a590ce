/**
 * The desk's service worker (/staff/sw.js, scope /staff/): what makes the desk an installable
 * app that rings. A push for a lead (server/delivery/push.ts) shows as a notification, even with
 * the desk closed and the screen off; a tap opens the enquiry in the desk's window, or a new one.
 * It caches nothing: the desk's data is only ever the server's.
 */
/// <reference lib="webworker" />
// Types only: a service worker is one classic script, with no module to import at run time.
import type { OpenMessage } from './lib/push-message';

declare const self: ServiceWorkerGlobalScope;

/** push-message.ts OPEN_MESSAGE (the type says so): what a desk window listens for. */
const OPEN_MESSAGE: OpenMessage['type'] = 'desk-open';

/** What the server pushes (server/push/web-push.ts PushMessage). */
type PushMessage = { title: string; body: string; url: string; tag: string };

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = event.data?.json() as PushMessage | undefined;
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'en-IN',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const desk = windows.find((client) => new URL(client.url).pathname.startsWith('/staff'));
      if (desk) {
        // The desk's own router opens it: what is typed on the page it is on stays its own to leave.
        desk.postMessage({ type: OPEN_MESSAGE, url } satisfies OpenMessage);
        await desk.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
