/**
 * The enquiry desk's sign-in, and the checks every desk endpoint (/api/staff/…) passes
 * before its handler runs:
 * - a state-changing request (anything but GET/HEAD) must come from this site's own
 *   origin (its Origin header), or it is refused with 403, whatever cookie it carries;
 * - a session from the cookie, looked up in the database (401 without one), and the
 *   route's role (403 for a counsellor on an admin endpoint).
 *
 *   POST   /api/staff/session   { email, password } → 200 { staff } and the session cookie;
 *                                429 with Retry-After while the attempt must wait (db/sign-in-throttle.ts)
 *                                or while too many passwords are being checked at once
 *   DELETE /api/staff/session   ends the session on the server and clears the cookie
 *   GET    /api/staff/me        the signed-in member of staff
 *   PUT    /api/staff/me/password  { currentPassword, newPassword } → 204; their other sessions end
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paths } from '../../shared/paths';
import { passwordChangeSchema, signInSchema, type StaffRoleValue } from '../../shared/schema/desk';
import type { Config } from '../config';
import {
  browserScope,
  clientScope,
  pairScope,
  type Scope,
  type SignInThrottle,
  type ThrottleRule,
} from '../db/sign-in-throttle';
import type { AuditLog } from '../db/audit-log';
import {
  publicMember,
  type SessionLimits,
  type StaffMember,
  type StaffRepository,
  type StaffWithHash,
} from '../db/staff-repository';
import { weakPasswordProblem } from '../desk/password-strength';
import { decoyHash, hashPassword, PasswordCheckBusy, passwordCost, verifyPassword } from '../desk/passwords';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of staff (desk endpoints only; set by the session check). */
    staff: StaffMember | null;
  }
  interface FastifyContextConfig {
    /** Desk endpoints: who may call it. 'anyone' skips the session check (the sign-in itself). */
    desk?: { role: StaffRoleValue | 'anyone' };
  }
}

type DeskAuthOptions = { config: Config; staff: StaffRepository; throttle: SignInThrottle; audit: AuditLog };

export const DESK_API = paths.api.staff;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WRONG_CREDENTIALS = 'The email or password is not right.';

export function sessionLimits(config: Config): SessionLimits {
  return { idleMs: config.STAFF_SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.STAFF_SESSION_MAX_HOURS * 3_600_000 };
}

/** How many sign-in attempts go straight through, per scope, before each must wait longer (sign-in-throttle.ts). */
export function throttleRules(config: Config): Record<'pair' | 'client' | 'browser', ThrottleRule> {
  const maxWaitMs = config.SIGN_IN_LOCK_MINUTES * 60_000;
  const firstWaitMs = Math.min(maxWaitMs, config.SIGN_IN_FIRST_WAIT_SECONDS * 1000);
  return {
    pair: { free: config.SIGN_IN_MAX_FAILURES, firstWaitMs, maxWaitMs },
    client: { free: config.SIGN_IN_MAX_FAILURES_PER_CLIENT, firstWaitMs, maxWaitMs },
    browser: { free: config.SIGN_IN_MAX_FAILURES, firstWaitMs, maxWaitMs },
  };
}

/** A browser that has signed in before keeps this long, unused, as a known browser. */
export const KNOWN_BROWSER_MS = 365 * 24 * 3_600_000;

/** __Host- cookies must be Secure; over plain HTTP (local runs) the plain name is used. */
export const sessionCookieName = (config: Config) => (config.COOKIE_SECURE ? '__Host-desk_session' : 'desk_session');
/** The cookie that makes a browser a known one for the accounts signed in from it. */
export const browserCookieName = (config: Config) => (config.COOKIE_SECURE ? '__Host-desk_browser' : 'desk_browser');

/** Is this request from a page of this site? Browsers send Origin on every cross-origin and every POST/PUT/PATCH/DELETE fetch. */
function fromOwnOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin === `${request.protocol}://${request.host}`;
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

async function deskAuth(app: FastifyInstance, { config, staff, throttle, audit }: DeskAuthOptions) {
  await app.register(cookie);
  const limits = sessionLimits(config);
  const rules = throttleRules(config);
  const cookieName = sessionCookieName(config);
  const browserCookie = browserCookieName(config);
  const cost = passwordCost(config.STAFF_PASSWORD_COST);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.COOKIE_SECURE,
  };

  app.decorateRequest('staff', null);

  // Runs for every request, before its schema is checked; acts on the desk's API only.
  app.addHook('preValidation', async (request, reply) => {
    const desk = request.routeOptions.config.desk;
    if (!desk) return;
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
    if (!SAFE_METHODS.has(request.method) && !fromOwnOrigin(request)) {
      return reply.code(403).send({ error: 'This request did not come from the desk itself, so it was refused.' });
    }
    if (desk.role === 'anyone') return;
    const token = request.cookies[cookieName];
    const member = token ? await staff.resolveSession(token, limits) : undefined;
    if (!member) {
      if (token) reply.clearCookie(cookieName, cookieOptions);
      return reply.code(401).send({ error: 'Please sign in.' });
    }
    if (desk.role === 'admin' && member.role !== 'admin') {
      return reply.code(403).send({ error: 'Only an admin can do this.' });
    }
    request.staff = member;
  });

  const signedIn = (request: FastifyRequest) => request.staff as StaffMember;

  /**
   * The right password: this browser's (or this address's) count for the account starts again;
   * the address's count across accounts keeps only its wrong passwords (it may be guessing others).
   */
  async function rightPassword(scopes: Scope[]) {
    await throttle.forget(scopes.filter((scope) => scope.account !== null));
    for (const scope of scopes) if (scope.account === null) await throttle.takeBack(scope);
  }

  /**
   * Counts a password attempt and checks the password, for signing in and for a member
   * changing their own. A browser this account signed in from before is held only to its own
   * count, so strangers guessing from elsewhere (or from the same office) never keep the member
   * out; any other browser counts against this address and account, and this address across
   * accounts. Counted before the password is checked, so a burst of parallel attempts cannot
   * pass together. Resolves to undefined when it has answered 429 (wait, or too many checks).
   */
  async function checkPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    member: StaffWithHash | undefined,
    password: string,
  ) {
    const known = await throttle.knownBrowser(request.cookies[browserCookie], member?.id);
    const scopes = known
      ? [browserScope(known, email, rules.browser)]
      : [clientScope(request.ip, rules.client), pairScope(request.ip, email, rules.pair)];
    const wait = await throttle.attemptAll(scopes);
    if (wait > 0) {
      request.log.info({ client: request.ip, waitMs: wait }, 'desk sign-in throttled');
      tooManyTries(reply, wait);
      return undefined;
    }
    try {
      // An unknown email costs the same hash as a wrong password, and gets the same answer.
      const matches = await verifyPassword(password, member?.password_hash ?? (await decoyHash(cost)));
      return { matches, known, scopes };
    } catch (error) {
      if (!(error instanceof PasswordCheckBusy)) throw error;
      request.log.warn({ client: request.ip }, 'desk sign-in refused: too many password checks at once');
      reply
        .code(429)
        .header('Retry-After', String(BUSY_RETRY_SECONDS))
        .send({ error: `Many people are signing in right now. Please try again in ${BUSY_RETRY_SECONDS} seconds.` });
      return undefined;
    }
  }

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${DESK_API}/session`,
    { config: { desk: { role: 'anyone' } }, schema: { body: signInSchema } },
    async (request, reply) => {
      const { email, password } = request.body;
      const member = await staff.findByEmail(email);
      const checked = await checkPassword(request, reply, email, member, password);
      if (!checked) return reply;
      const { matches, known, scopes } = checked;
      if (!member || !matches || member.disabled_at) {
        request.log.info({ client: request.ip }, 'desk sign-in refused');
        return reply.code(401).send({ error: WRONG_CREDENTIALS });
      }
      await rightPassword(scopes);
      if (known) await throttle.touchBrowser(known);
      else {
        const browserToken = await throttle.rememberBrowser(member.id);
        reply.setCookie(browserCookie, browserToken, { ...cookieOptions, maxAge: KNOWN_BROWSER_MS / 1000 });
      }
      // A new session id at every sign-in; the one this browser had (if any) ends.
      const previous = request.cookies[cookieName];
      if (previous) await staff.endSession(previous);
      const token = await staff.startSession(member.id, limits);
      request.log.info({ staffId: member.id }, 'desk sign-in');
      return reply
        .setCookie(cookieName, token, { ...cookieOptions, maxAge: limits.absoluteMs / 1000 })
        .send({ staff: publicMember(member) });
    },
  );

  app.delete(`${DESK_API}/session`, { config: { desk: { role: 'counsellor' } } }, async (request, reply) => {
    const token = request.cookies[cookieName];
    if (token) await staff.endSession(token);
    return reply.clearCookie(cookieName, cookieOptions).code(204).send();
  });

  app.get(`${DESK_API}/me`, { config: { desk: { role: 'counsellor' } } }, async (request) => ({
    staff: signedIn(request),
  }));

  api.put(
    `${DESK_API}/me/password`,
    { config: { desk: { role: 'counsellor' } }, schema: { body: passwordChangeSchema } },
    async (request, reply) => {
      const me = signedIn(request);
      const member = await staff.findByEmail(me.email);
      const checked = await checkPassword(request, reply, me.email, member, request.body.currentPassword);
      if (!checked) return reply;
      if (!member || !checked.matches) {
        return reply.code(400).send({ error: 'Your current password is not right.' });
      }
      await rightPassword(checked.scopes);
      const weak = await weakPasswordProblem(request.body.newPassword, member);
      if (weak) return reply.code(400).send({ error: weak });
      // The password changes; every other session of this member ends, this one goes on.
      await staff.resetPassword(
        member.id,
        await hashPassword(request.body.newPassword, cost),
        new Date(),
        request.cookies[cookieName],
      );
      await audit.record({ actorId: member.id, action: 'account-password-changed', field: member.email });
      request.log.info({ staffId: member.id }, 'desk password changed');
      return reply.code(204).send();
    },
  );
}

const BUSY_RETRY_SECONDS = 5;

/** "12 seconds", "3 minutes": how long to wait, as a person says it. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${minutes(ms)} minutes`;
}

function tooManyTries(reply: FastifyReply, waitMs: number) {
  return reply
    .code(429)
    .header('Retry-After', String(Math.ceil(waitMs / 1000)))
    .send({
      error: `Too many sign-in attempts for this account from here. Try again in ${waitInWords(waitMs)}, or ask an admin to clear the limit.`,
    });
}

/** Registered at the app's top level, so that its hook and request decoration reach the desk's other routes. */
export const deskAuthRoutes = fp(deskAuth, { name: 'desk-auth' });
