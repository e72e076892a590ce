/**
 * A desk route as its record describes it (shared/schema/endpoint.ts): its method and URL, its
 * schemas, and who may call it. The route adds its handler and what only the server knows (a rate
 * limit, a body limit, its words for a refusal):
 *
 *   api.route({ ...deskRoute(eventEndpoints, 'GET /events/:id'), handler: async (request, reply) => … })
 */
import type { FastifyContextConfig } from 'fastify';
import { type Address, type Endpoint, splitAddress } from '../../../shared/schema/endpoint';
import { DESK_API } from '../../plugins/authentication';

type ServerSide = {
  config?: Omit<FastifyContextConfig, 'desk'> & { desk?: { beforeBody?: boolean } };
  bodyLimit?: number;
};

export function deskRoute<Area extends Partial<Record<Address, Endpoint>>, At extends keyof Area & Address>(
  area: Area,
  address: At,
  { config, bodyLimit }: ServerSide = {},
) {
  const endpoint = area[address] as Area[At] & Endpoint;
  const { access, file: _file, ...schema } = endpoint;
  const { method, path } = splitAddress(address);
  return {
    method,
    url: `${DESK_API}${path}`,
    schema: schema as Omit<Area[At], 'access' | 'file'>,
    config: { ...config, desk: { ...config?.desk, access } },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
  };
}

/**
 * What the desk hears when it sends a call, a note or a message again with the id it made for it
 * (shared/schema/desk.ts requestId): the first one was stored, and nothing more is.
 */
export const REPEATED = 'Recorded already: the first time it was sent, its answer did not reach you. Nothing twice.';
/** The id is another member's, or another enquiry's: it was not made by the desk for this. */
export const ID_TAKEN = 'That request id belongs to something else. Send it again from the desk.';
