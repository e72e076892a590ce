/**
 * The devices a member of staff is notified on (issue 41: the counsellor's phone rings for a lead).
 *
 *   GET    /api/staff/push               → { publicKey, devices }: the key a device subscribes with, and theirs
 *   PUT    /api/staff/push/devices       { endpoint, keys, device } → { publicKey, devices }: notify this device
 *   DELETE /api/staff/push/devices/:id   → { publicKey, devices }: stop (the member's own devices only)
 *   POST   /api/staff/push/test          → { sent, gone }: a push to each of their devices now
 *
 * A device rings until it is turned off, its push service forgets it, the session that turned it
 * on is signed out, or every session of its member ends (a new password: all but this one;
 * signing out everywhere; the account disabled).
 *
 * A push service the server does not send to (WEB_PUSH_SERVICES) is refused in words. Every
 * member may turn it on; leads are pushed to the members they are given to
 * (delivery/push.ts), through the outbox.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DESK_BASENAME, deskPath } from '../../../shared/desk-pages';
import { notificationEndpoints } from '../../../shared/schema/replies/notifications';
import { tokenHash } from '../../db/cookie-token';
import { pushToMember } from '../../delivery/push';
import { sessionCookieName, signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

export async function deskPushRoutes(app: FastifyInstance) {
  const { pushes, webPush } = app.repositories;
  // The session cookie's name: the session that turns a device on is kept with it (its end stops the device).
  const sessionCookie = sessionCookieName(app.config);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const state = async (staffId: string) => ({
    publicKey: await webPush.publicKey(),
    devices: await pushes.devicesOf(staffId),
  });

  api.route({
    ...deskRoute(notificationEndpoints, 'GET /push'),
    handler: async (request) => state(signedIn(request).id),
  });

  api.route({
    ...deskRoute(notificationEndpoints, 'PUT /push/devices'),
    handler: async (request, reply) => {
      const { endpoint, keys, device } = request.body;
      const problem = webPush.problemWith(endpoint);
      if (problem) return reply.code(400).send({ error: `${problem} Notifications stay off on this device.` });
      const member = signedIn(request).id;
      const token = request.cookies[sessionCookie];
      await pushes.subscribe(member, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        device,
        session_hash: token ? tokenHash(token) : null,
      });
      return state(member);
    },
  });

  api.route({
    ...deskRoute(notificationEndpoints, 'DELETE /push/devices/:id'),
    handler: async (request, reply) => {
      const member = signedIn(request).id;
      if (!(await pushes.remove(member, request.params.id)))
        return reply.code(404).send({ error: 'No such device of yours (it may have been turned off already).' });
      return state(member);
    },
  });

  api.route({
    ...deskRoute(notificationEndpoints, 'POST /push/test'),
    handler: async (request) => {
      const member = signedIn(request).id;
      const message = {
        title: 'Notifications are on',
        body: 'A lead given to you will show here like this, even with the screen off.',
        url: `${DESK_BASENAME}${deskPath('today')}`,
        tag: 'test',
      };
      const { reached, gone, failures } = await pushToMember(webPush, pushes, member, message);
      for (const error of failures) request.log.warn({ err: error }, 'a test push was not taken');
      return { sent: reached.length, gone };
    },
  });
}
