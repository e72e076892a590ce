/**
 * Escalation of overdue first calls (server/escalation.ts), looked for every minute on each
 * instance once it is ready (unless the caller turns it off with the delivery worker: tests
 * that drive both by hand). What it queues (the admins' pushes, the new owner's email and push)
 * is sent at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEscalation } from '../escalation';

const CHECK_MS = 60_000;

async function escalation(app: FastifyInstance, { run = true }: { run?: boolean }) {
  const { escalateOverdue } = createEscalation(app.db, {
    emailOwner: app.delivery.channels.includes('assignee'),
  });
  if (!run) return;
  const check = async () => {
    try {
      const escalated = await escalateOverdue();
      if (escalated.length === 0) return;
      app.log.info({ escalated }, 'first calls overdue: the admins are told');
      app.delivery.kick();
    } catch (error) {
      app.log.error({ err: error }, 'looking for overdue first calls failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void check(), CHECK_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(escalation, { name: 'escalation', dependencies: ['settings', 'database', 'delivery-worker'] });
