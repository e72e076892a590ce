/**
 * GET /healthz: is the process up, does the database answer, and is the outbox
 * keeping up? For load balancers and uptime checks.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { Outbox } from '../delivery/outbox';

export async function healthRoutes(app: FastifyInstance, { database, outbox }: { database: Db; outbox: Outbox }) {
  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const started = performance.now();
    try {
      await database.ping();
      const latencyMs = Math.round(performance.now() - started);
      const [oldestPendingSeconds, counts] = await Promise.all([outbox.oldestPendingAgeSeconds(), outbox.counts()]);
      return reply.send({
        status: 'ok',
        database: { status: 'ok', engine: database.engine, latencyMs },
        deliveries: {
          /** Age of the oldest enquiry not yet delivered: alert when this grows. */
          oldestPendingSeconds,
          pending: (counts.pending ?? 0) + (counts.sending ?? 0),
          failed: counts.failed ?? 0,
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'error', database: { status: 'unavailable', engine: database.engine } });
    }
  });
}
