/**
 * Staff accounts, for admins only (the desk's "Staff accounts" page):
 *
 *   GET   /api/staff/accounts                 every account, disabled ones included
 *   POST  /api/staff/accounts                 { email, name, role, password, languages?, courses? } → 201 { staff }
 *   PATCH /api/staff/accounts/:id             { role } | { disabled: true|false } | { password } | { signOut: true }
 *                                             | { clearSignInLimits: true } (its sign-in attempts start again from nothing)
 *   GET   /api/staff/activity                 the newest 200 entries of the trail not about one enquiry
 *                                             (accounts, exports, erasures), with who did them
 *
 * Disabling an account, a new password and `signOut` end its sessions at once. Every
 * change is in the audit trail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../db/database';
import { weakPasswordProblem } from '../../staff/password-strength';
import { hashPassword, passwordCost } from '../../staff/passwords';
import { staffEndpoints } from '../../../shared/schema/replies/staff';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

export async function deskAccountRoutes(app: FastifyInstance) {
  const { staff, sessions, audit, throttle } = app.repositories;
  const cost = passwordCost(app.config.STAFF_PASSWORD_COST);
  const actor = (request: FastifyRequest) => signedIn(request).id;

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({ ...deskRoute(staffEndpoints, 'GET /accounts'), handler: async () => ({ accounts: await staff.list() }) });

  api.route({
    ...deskRoute(staffEndpoints, 'GET /activity'),
    handler: async () => ({ activity: await audit.list({ enquiryId: null }) }),
  });

  api.route({
    ...deskRoute(staffEndpoints, 'POST /accounts'),
    handler: async (request, reply) => {
      const { password, ...details } = request.body;
      const weak = await weakPasswordProblem(password, details);
      if (weak) return reply.code(400).send({ error: weak });
      try {
        const member = await staff.add({ ...details, passwordHash: await hashPassword(password, cost) });
        await audit.record({ actorId: actor(request), action: 'account-added', field: 'email', to: member.email });
        return reply.code(201).send({ staff: member });
      } catch (error) {
        if (isUniqueViolation(error))
          return reply.code(409).send({ error: 'An account with this email already exists.' });
        throw error;
      }
    },
  });

  api.route({
    ...deskRoute(staffEndpoints, 'PATCH /accounts/:id', {
      config: {
        invalid:
          'Send one change: a role, disabled true or false, a new password, signOut true or clearSignInLimits true.',
      },
    }),
    handler: async (request, reply) => {
      const member = await staff.findById(request.params.id);
      if (!member) return reply.code(404).send({ error: 'No such account.' });
      const change = request.body;
      const by = actor(request);
      if ('role' in change) {
        if (member.id === by && change.role !== 'admin') {
          return reply.code(409).send({ error: 'You cannot take away your own admin role.' });
        }
        await staff.update(member.id, { role: change.role });
        await audit.record({
          actorId: by,
          action: 'account-role',
          field: member.email,
          from: member.role,
          to: change.role,
        });
      } else if ('disabled' in change) {
        if (member.id === by && change.disabled)
          return reply.code(409).send({ error: 'You cannot disable your own account.' });
        if (change.disabled) await staff.disable(member.id);
        else await staff.enable(member.id);
        await audit.record({
          actorId: by,
          action: change.disabled ? 'account-disabled' : 'account-enabled',
          field: member.email,
        });
      } else if ('password' in change) {
        const weak = await weakPasswordProblem(change.password, member);
        if (weak) return reply.code(400).send({ error: weak });
        await staff.resetPassword(member.id, await hashPassword(change.password, cost));
        await audit.record({ actorId: by, action: 'account-password-reset', field: member.email });
      } else if ('clearSignInLimits' in change) {
        const cleared = await throttle.clearAccount(member.email);
        await audit.record({
          actorId: by,
          action: 'account-sign-in-cleared',
          field: member.email,
          to: String(cleared),
        });
      } else {
        const ended = await sessions.endSessions(member.id);
        await audit.record({ actorId: by, action: 'account-signed-out', field: member.email, to: String(ended) });
      }
      const changed = await staff.findById(member.id);
      // Accounts are never deleted: gone only if the database lost it meanwhile.
      if (!changed) return reply.code(404).send({ error: 'No such account.' });
      return { staff: changed };
    },
  });
}
