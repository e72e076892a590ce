/**
 * Retention: enquiries older than ENQUIRY_RETENTION_DAYS go, at start-up and once a day,
 * with expired desk sessions and browsers not seen for a year. A failed purge is logged
 * and tried again the next day.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { retentionCutoff } from '../db/enquiry-repository';
import { KNOWN_BROWSER_MS, sessionLimits } from './authentication';

const DAY_MS = 24 * 60 * 60 * 1000;

async function retentionPurge(app: FastifyInstance) {
  const { config } = app;
  const { enquiries, sessions, throttle } = app.repositories;
  const purge = async () => {
    try {
      const deleted = await enquiries.purgeOlderThan(retentionCutoff(config.ENQUIRY_RETENTION_DAYS));
      if (deleted > 0) app.log.info({ deleted, retentionDays: config.ENQUIRY_RETENTION_DAYS }, 'old enquiries purged');
      await sessions.purgeSessions(sessionLimits(config));
      await throttle.purgeBrowsers(KNOWN_BROWSER_MS);
    } catch (error) {
      app.log.error({ err: error }, 'retention purge failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(purge, DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(retentionPurge, { name: 'retention-purge', dependencies: ['settings', 'database'] });
