/**
 * The enquiry desk's sign-in. The checks every desk endpoint (/api/staff/…) passes before
 * its handler runs (own origin, session, role) are plugins/authentication.ts.
 *
 *   POST   /api/staff/session   { email, password } → 200 { staff } and the session cookie;
 *                                429 with Retry-After while the attempt must wait (db/sign-in-throttle.ts)
 *                                or while too many passwords are being checked at once
 *   DELETE /api/staff/session   ends the session on the server and clears the cookie
 *   GET    /api/staff/me        the signed-in member of staff
 *   PUT    /api/staff/me/password  { currentPassword, newPassword } → 204; their other sessions end
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffEndpoints } from '../../../shared/schema/replies/staff';
import type { Config } from '../../config';
import { browserScope, clientScope, pairScope, type Scope, type ThrottleRule } from '../../db/sign-in-throttle';
import { publicMember, type StaffWithHash } from '../../db/staff-repository';
import {
  browserCookieName,
  deskCookieOptions,
  KNOWN_BROWSER_MS,
  sessionCookieName,
  sessionLimits,
  signedIn,
} from '../../plugins/authentication';
import { weakPasswordProblem } from '../../staff/password-strength';
import { decoyHash, hashPassword, PasswordCheckBusy, passwordCost, verifyPassword } from '../../staff/passwords';
import { deskRoute } from './endpoint';

const WRONG_CREDENTIALS = 'The email or password is not right.';

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

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export async function deskAuthRoutes(app: FastifyInstance) {
  const { config } = app;
  const { staff, sessions, throttle, audit } = app.repositories;
  const limits = sessionLimits(config);
  const rules = throttleRules(config);
  const cookieName = sessionCookieName(config);
  const browserCookie = browserCookieName(config);
  const cost = passwordCost(config.STAFF_PASSWORD_COST);
  const cookieOptions = deskCookieOptions(config);

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

  api.route({
    ...deskRoute(staffEndpoints, 'POST /session'),
    handler: async (request, reply) => {
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
      if (previous) await sessions.endSession(previous);
      const token = await sessions.startSession(member.id, limits);
      request.log.info({ staffId: member.id }, 'desk sign-in');
      return reply
        .setCookie(cookieName, token, { ...cookieOptions, maxAge: limits.absoluteMs / 1000 })
        .send({ staff: publicMember(member) });
    },
  });

  api.route({
    ...deskRoute(staffEndpoints, 'DELETE /session'),
    handler: async (request, reply) => {
      const token = request.cookies[cookieName];
      if (token) await sessions.endSession(token);
      return reply.clearCookie(cookieName, cookieOptions).code(204).send();
    },
  });

  api.route({ ...deskRoute(staffEndpoints, 'GET /me'), handler: async (request) => ({ staff: signedIn(request) }) });

  api.route({
    ...deskRoute(staffEndpoints, 'PUT /me/password'),
    handler: async (request, reply) => {
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
  });
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
