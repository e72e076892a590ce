/**
 * Who may call what, checked before a route's schema and handler (preValidation; for a route
 * whose body is large, an upload, as the request arrives, before its body is read: onRequest):
 * - the desk's API (routes with config.desk): a state-changing request (anything but
 *   GET/HEAD/OPTIONS) must come from this site's own origin (its Origin header), or it is
 *   refused with 403 whatever cookie it carries; then the session from the cookie, looked up
 *   in the database (401 without one), and the route's role (403 for a counsellor on an admin
 *   endpoint, an editor on an enquiry's: shared/schema/desk-vocabulary.ts says which role does
 *   what). The member is then `request.staff`.
 * - the token export (routes with config.staffToken): STAFF_TOKEN as a bearer token, or 401.
 * The sign-in itself is routes/desk/auth.ts.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';
import { paths } from '../../shared/paths';
import { type DeskAccess, mayAccess, refusedWork } from '../../shared/schema/desk-vocabulary';
import type { Config } from '../config';
import type { StaffMember } from '../db/staff-repository';
import type { SessionLimits } from '../db/staff-session-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of staff (desk endpoints only; set by the session check). */
    staff: StaffMember | null;
  }
  interface FastifyContextConfig {
    /** Desk endpoints: who may call it. 'anyone' skips the session check (the sign-in itself). */
    desk?: {
      access: DeskAccess;
      /** Checked as the request arrives, before its body is read (a 10 MB upload is never read for someone who may not send it). */
      beforeBody?: boolean;
    };
    /** Only with STAFF_TOKEN as a bearer token (Authorization: Bearer <token>). */
    staffToken?: boolean;
  }
}

export const DESK_API = paths.api.staff;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionLimits(config: Config): SessionLimits {
  return { idleMs: config.STAFF_SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.STAFF_SESSION_MAX_HOURS * 3_600_000 };
}

/** A browser that has signed in before keeps this long, unused, as a known browser. */
export const KNOWN_BROWSER_MS = 365 * 24 * 3_600_000;

/** __Host- cookies must be Secure; over plain HTTP (local runs) the plain name is used. */
export const sessionCookieName = (config: Config) => (config.COOKIE_SECURE ? '__Host-desk_session' : 'desk_session');
/** The cookie that makes a browser a known one for the accounts signed in from it. */
export const browserCookieName = (config: Config) => (config.COOKIE_SECURE ? '__Host-desk_browser' : 'desk_browser');

/** The desk's cookies: sent to this site only, never to scripts. */
export const deskCookieOptions = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.COOKIE_SECURE,
});

/**
 * The member the session check let through, on a route with config.desk (any role but
 * 'anyone'). Elsewhere there is none: asking is the server's own fault (500).
 */
export function signedIn(request: FastifyRequest): StaffMember {
  if (!request.staff)
    throw new Error(`No member of staff is signed in on ${request.routeOptions.url ?? 'this route'}.`);
  return request.staff;
}

const sameToken = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** Does the request carry STAFF_TOKEN as its bearer token? (Never, while STAFF_TOKEN is unset.) */
export function hasStaffToken(config: Config, request: FastifyRequest): boolean {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return token !== '' && config.STAFF_TOKEN !== undefined && sameToken(token, config.STAFF_TOKEN);
}

/** Is this request from a page of this site? Browsers send Origin on every cross-origin and every POST/PUT/PATCH/DELETE fetch. */
function fromOwnOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin === `${request.protocol}://${request.host}`;
}

async function authentication(app: FastifyInstance) {
  const { config } = app;
  const { sessions } = app.repositories;
  await app.register(cookie);
  const limits = sessionLimits(config);
  const cookieName = sessionCookieName(config);
  const cookieOptions = deskCookieOptions(config);

  app.decorateRequest('staff', null);

  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const { desk, staffToken } = request.routeOptions.config;
    if (staffToken && !hasStaffToken(config, request)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(401).send({ error: 'A valid staff token is required (Authorization: Bearer <token>).' });
    }
    if (!desk) return;
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
    if (!SAFE_METHODS.has(request.method) && !fromOwnOrigin(request)) {
      return reply.code(403).send({ error: 'This request did not come from the desk itself, so it was refused.' });
    }
    if (desk.access === 'anyone') return;
    const token = request.cookies[cookieName];
    const member = token ? await sessions.resolveSession(token, limits) : undefined;
    if (!member) {
      if (token) reply.clearCookie(cookieName, cookieOptions);
      return reply.code(401).send({ error: 'Please sign in.' });
    }
    if (desk.access !== 'signed-in' && !mayAccess(member.role, desk.access)) {
      return reply.code(403).send({ error: refusedWork[desk.access] });
    }
    request.staff = member;
  };

  // Every request, before its schema is checked (after the routes' own rate limits have counted
  // it); acts on the routes that ask for it. A route whose body is large is checked as the
  // request arrives instead, before its body is read.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.desk?.beforeBody) return check(request, reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.desk?.beforeBody) return check(request, reply);
  });
}

export default fp(authentication, { name: 'authentication', dependencies: ['settings', 'database'] });
