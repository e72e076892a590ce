/** GET /healthz: is the process up, and does the database answer? For load balancers and uptime checks. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Db }) {
  app.get('/healthz', async (request, reply) => {
    const started = performance.now();
    try {
      await database.ping();
      return reply.header('Cache-Control', 'no-store').send({
        status: 'ok',
        database: { status: 'ok', engine: database.engine, latencyMs: Math.round(performance.now() - started) },
      });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .send({ status: 'error', database: { status: 'unavailable', engine: database.engine } });
    }
  });
}
