/** Signs a member of staff in through the desk's own API (app.inject): the Cookie header that carries their session. */
import type { FastifyInstance } from 'fastify';

export async function deskCookie(
  app: FastifyInstance,
  email: string,
  password: string,
  origin = 'http://localhost:80',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/session',
    headers: { origin },
    payload: { email, password },
  });
  return `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
}
