/**
 * The settings (config.ts), on the instance for every plugin and route: `app.config`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings read from the environment at start-up (config.ts). */
    config: Config;
  }
}

async function settings(app: FastifyInstance, { config }: { config: Config }) {
  app.decorate('config', config);
}

export default fp(settings, { name: 'settings' });
