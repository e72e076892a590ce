/**
 * The API's machine-readable reference, for staff:
 *
 *   GET /api/staff/openapi.json   an OpenAPI 3.1 document of every /api route and /healthz: their
 *                                 parameters, bodies and replies, made from the routes' zod schemas
 *                                 (@fastify/swagger, with fastify-type-provider-zod's transform)
 *
 * Signed in only (any role), checked like every desk endpoint (plugins/authentication.ts). The
 * public API is described in words, with examples, in docs/api.md. The document only reads the
 * routes' schemas: no route, reply or check changes for it.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DESK_API } from '../../plugins/authentication';
import type { openApiReply } from '../../../shared/schema/replies/admin-tools';
import { adminToolEndpoints } from '../../../shared/schema/replies/admin-tools';
import { deskRoute } from './endpoint';

export const OPENAPI_PATH = `${DESK_API}/openapi.json`;

/** The API is /api/… and the health check; the site's pages and the desk's own page are not in it. */
const isApiRoute = (url: string) => url.startsWith('/api/') || url === '/healthz';

const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });

/**
 * @fastify/swagger's options. It collects the routes registered after it, in its context and
 * below (an onRoute hook): plugins/routes.ts registers it before every route.
 */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Enquiry API and enquiry desk API',
      version: '1',
      description:
        'The public enquiry API (described in words, with examples, in docs/api.md), the staff token export, the health check, and the desk’s API (/api/staff, signed in with the session cookie).',
    },
  },
  transform: (route) => (isApiRoute(route.url) ? zodToOpenApi(route) : { schema: { hide: true }, url: route.url }),
};

export async function deskOpenApiRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...deskRoute(adminToolEndpoints, 'GET /openapi.json'),
    // Made once, at the first request (every route is known by then), and kept by @fastify/swagger.
    handler: async () => app.swagger() as z.output<typeof openApiReply>,
  });
}
