/**
 * GET /healthz: is the process up, does the database answer, is the outbox keeping up, and
 * what are the pages rendered from (a publication this instance could not render)? For load
 * balancers and uptime checks.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StatusCounts } from '../../delivery/outbox';
import { healthDownReply, healthReply } from '../../../shared/schema/replies/health';

export async function healthRoutes(app: FastifyInstance) {
  const { db: database } = app;
  const { outbox, phoneCodes } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/healthz', { schema: { response: { 200: healthReply, 503: healthDownReply } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const started = performance.now();
    try {
      await database.ping();
      const latencyMs = Math.round(performance.now() - started);
      const [oldestPendingSeconds, { total, byChannel }, codes] = await Promise.all([
        outbox.oldestPendingAgeSeconds(),
        outbox.counts(),
        phoneCodes.sendCounts(),
      ]);
      const summary = (counts: StatusCounts) => ({
        pending: (counts.pending ?? 0) + (counts.sending ?? 0),
        failed: counts.failed ?? 0,
      });
      return reply.send({
        status: 'ok',
        database: { status: 'ok', engine: database.engine, latencyMs },
        deliveries: {
          /** Age of the oldest enquiry not yet delivered: alert when this grows. */
          oldestPendingSeconds,
          ...summary(total),
          /**
           * The same, per channel (email, webhook, meta; meta-schedule and meta-purchase, a lead's later stages;
           * assignee, the counsellor's email; admit-card and event-reminder, a registrant's): which receiver is failing.
           */
          byChannel: Object.fromEntries(
            Object.entries(byChannel).map(([channel, counts]) => [channel, summary(counts)]),
          ),
        },
        /** One-time codes being sent again now, and those the provider never took in the last hour: alert when these grow. */
        phoneCodes: codes,
        pages: app.pagesRendered(),
      });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'error', database: { status: 'unavailable', engine: database.engine } });
    }
  });
}
