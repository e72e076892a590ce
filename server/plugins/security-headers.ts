/**
 * Security headers for everything (helmet). The CSP is set per response: pages carry their
 * own (pages.ts, security.ts); anything else gets one that allows nothing.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ONE_YEAR_SECONDS } from '../site/http-cache';
import { API_CSP } from '../site/security';

async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false },
    // Other sites learn nothing of where a visitor was on ours; our own server does: a
    // form posted without JavaScript carries its page's URL, campaign and all (attribution).
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', API_CSP);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
