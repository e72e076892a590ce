/**
 * The desk's figures (counsellors and admins): what to do today and how the work is going.
 *
 *   GET   /api/staff/today?who=mine|all   follow-ups due, new enquiries not yet contacted (the member's, or everyone's)
 *   GET   /api/staff/dashboard?days=30|90 | ?from&to  today, this week, the period (≤ 366 days): speed to lead, conversions, overdue
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { figureEndpoints } from '../../../shared/schema/replies/figures';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

const me = signedIn;

export async function deskFigureRoutes(app: FastifyInstance) {
  const { dashboard, courseFacts } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...deskRoute(figureEndpoints, 'GET /today', { config: { invalid: 'who must be mine or all.' } }),
    handler: async (request) => dashboard.today(request.query.who === 'mine' ? me(request).id : null),
  });

  api.route({
    ...deskRoute(figureEndpoints, 'GET /dashboard', {
      config: {
        invalid: 'Ask for 30 or 90 days, or from and to (India dates, at most 366 days apart).',
      },
    }),
    handler: async (request) => {
      const { days = 30, from, to } = request.query;
      return dashboard.dashboard(from && to ? { from, to } : { days }, (await courseFacts()).feeOf);
    },
  });
}
