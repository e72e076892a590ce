/**
 * Who gets each new enquiry, and what staff are told:
 *
 *   GET /api/staff/notifications           the member's newest 50, and how many are unread
 *   GET /api/staff/notifications/unread    { unread, latest }: what the desk polls for its menu's count
 * Admins only:
 *   GET /api/staff/assignment              the rules (on or off) and each counsellor's work
 *   PUT /api/staff/assignment              { on }
 *   PUT /api/staff/accounts/:id/work       { away, languages, courses } (null: all)
 *   GET /api/staff/settings/first-contact  the first-call target in working minutes, and the holidays
 *   PUT /api/staff/settings/first-contact  { targetMinutes, holidays }
 *   GET /api/staff/settings/verification   whether an enquiry's number is proved by a code first (issue 38)
 *   PUT /api/staff/settings/verification   { enquiries }
 *
 * Each change is in the audit trail. Assignment itself happens when an enquiry is stored
 * (server/db/assignment.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingEndpoints } from '../../../shared/schema/replies/settings';
import { notificationEndpoints } from '../../../shared/schema/replies/notifications';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

export async function deskAssignmentRoutes(app: FastifyInstance) {
  const { staff, notifications, deskSettings, audit } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).id;

  api.route({
    ...deskRoute(notificationEndpoints, 'GET /notifications/unread'),
    handler: async (request) => notifications.unread(me(request)),
  });

  api.route({
    ...deskRoute(notificationEndpoints, 'GET /notifications'),
    handler: async (request) => ({
      ...(await notifications.unread(me(request))),
      items: await notifications.list(me(request)),
    }),
  });

  const counsellors = async () => (await staff.list()).filter((member) => member.role === 'counsellor');

  api.route({
    ...deskRoute(settingEndpoints, 'GET /assignment'),
    handler: async () => ({ rules: await deskSettings.get('assignment'), counsellors: await counsellors() }),
  });

  api.route({
    ...deskRoute(settingEndpoints, 'PUT /assignment'),
    handler: async (request) => {
      await deskSettings.set('assignment', request.body, me(request));
      return { rules: await deskSettings.get('assignment'), counsellors: await counsellors() };
    },
  });

  api.route({
    ...deskRoute(settingEndpoints, 'GET /settings/first-contact'),
    handler: async () => deskSettings.get('first-contact'),
  });

  api.route({
    ...deskRoute(settingEndpoints, 'PUT /settings/first-contact'),
    handler: async (request) => {
      await deskSettings.set('first-contact', request.body, me(request));
      return deskSettings.get('first-contact');
    },
  });

  api.route({
    ...deskRoute(settingEndpoints, 'GET /settings/verification'),
    handler: async () => deskSettings.get('verification'),
  });

  api.route({
    ...deskRoute(settingEndpoints, 'PUT /settings/verification'),
    handler: async (request) => {
      await deskSettings.set('verification', request.body, me(request));
      return deskSettings.get('verification');
    },
  });

  api.route({
    ...deskRoute(settingEndpoints, 'PUT /accounts/:id/work'),
    handler: async (request, reply) => {
      const before = await staff.findById(request.params.id);
      if (!before) return reply.code(404).send({ error: 'No such account.' });
      await staff.setWork(request.params.id, request.body);
      const after = (await staff.findById(request.params.id)) ?? before;
      await audit.record({
        actorId: me(request),
        action: 'account-work',
        field: before.email,
        from: JSON.stringify({
          away: Boolean(before.away_since),
          languages: before.languages,
          courses: before.courses,
        }),
        to: JSON.stringify(request.body),
      });
      return { staff: after };
    },
  });
}
