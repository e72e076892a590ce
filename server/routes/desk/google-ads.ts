/**
 * The enrolments that came from a Google ad, for Google Ads' offline conversion import (admins).
 *
 *   GET /api/staff/exports/google-ads   ?from&to (India's dates, both included; either may be left out)
 *                                       → the CSV Google Ads reads (server/exports/google-ads-export.ts), a download;
 *                                       EXPORT_RATE_LIMIT a minute per member of staff, as the desk's export;
 *                                       HEAD: the headers only
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addDays, localDate, startOfLocalDay } from '../../../shared/institute-calendar';
import { googleAdsCsv } from '../../exports/google-ads-export';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';
import { adminToolEndpoints } from '../../../shared/schema/replies/admin-tools';

export async function deskGoogleAdsRoutes(app: FastifyInstance) {
  const { config } = app;
  const { googleAds, audit, courseFacts } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...deskRoute(adminToolEndpoints, 'GET /exports/google-ads', {
      config: {
        // As GET /api/staff/export: per member of staff, counted once the session is checked.
        rateLimit: {
          max: config.EXPORT_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preValidation',
          keyGenerator: (request: FastifyRequest) => `staff:${signedIn(request).id}`,
          allowList: (request: FastifyRequest) => request.method === 'HEAD',
        },
      },
    }),
    handler: async (request, reply) => {
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="google-ads-enrolments-${localDate(new Date())}.csv"`)
        .header('Cache-Control', 'no-store');
      // A HEAD reads nothing and records nothing.
      if (request.method === 'HEAD') return reply.send('');
      const { from, to } = request.query;
      const rows = await googleAds.enrolments({
        from: from ? startOfLocalDay(from) : undefined,
        until: to ? startOfLocalDay(addDays(to, 1)) : undefined,
      });
      const csv = googleAdsCsv(rows, config.GOOGLE_ADS_CONVERSION_NAME, (await courseFacts()).feeOf);
      // The trail says an export was made and how many enrolments it named (field: which export).
      await audit.record({
        actorId: signedIn(request).id,
        action: 'export',
        field: 'google-ads',
        to: String(rows.length),
      });
      return reply.send(csv);
    },
  });
}
