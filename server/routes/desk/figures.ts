/**
 * The desk's figures (counsellors and admins): what to do today and how the work is going.
 *
 *   GET   /api/staff/today?who=mine|all   follow-ups due, new enquiries not yet contacted (the member's, or everyone's)
 *   GET   /api/staff/dashboard?days=30|90 | ?from&to  today, this week, the period (≤ 366 days): speed to lead, conversions, overdue
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardQuerySchema } from '../../../shared/schema/desk';
import { dashboardReply, todayReply } from '../../../shared/schema/replies/figures';
import { errorReply } from '../../../shared/schema/replies/common';
import { DESK_API, signedIn } from '../../plugins/authentication';

const onEnquiries = { config: { desk: { access: 'enquiries' as const } } };
const me = signedIn;

/** Today's lists: the member's own work (the default), or everyone's. */
const todayQuery = z.object({ who: z.enum(['mine', 'all']).default('mine') });

export async function deskFigureRoutes(app: FastifyInstance) {
  const { dashboard, courseFacts } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${DESK_API}/today`,
    {
      config: { ...onEnquiries.config, invalid: 'who must be mine or all.' },
      schema: { querystring: todayQuery, response: { 200: todayReply, '4xx': errorReply } },
    },
    async (request) => dashboard.today(request.query.who === 'mine' ? me(request).id : null),
  );

  api.get(
    `${DESK_API}/dashboard`,
    {
      config: {
        ...onEnquiries.config,
        invalid: 'Ask for 30 or 90 days, or from and to (India dates, at most 366 days apart).',
      },
      schema: { querystring: dashboardQuerySchema, response: { 200: dashboardReply, '4xx': errorReply } },
    },
    async (request) => {
      const { days = 30, from, to } = request.query;
      return dashboard.dashboard(from && to ? { from, to } : { days }, (await courseFacts()).feeOf);
    },
  );
}
