/**
 * Sign-in throttling: slows a guesser down without handing anyone a way to lock staff out.
 *
 * Every attempt is counted before its password is checked, in one conditional UPDATE per
 * scope, so a burst of parallel attempts (on one instance or several sharing the database)
 * cannot pass the count together. A scope's first `free` attempts go straight through; each
 * one after that must wait twice as long as the last (`firstWaitMs`: 1 s, 2 s, 4 s, … up to
 * `maxWaitMs`).
 * A count is forgotten once its scope has been quiet for twice the longest wait (so a guesser
 * who waits out every wait keeps meeting the longest one).
 *
 * The scopes (routes/desk/auth.ts chooses which apply):
 * - `pair:<ip>|<email>`: one address trying one account;
 * - `client:<ip>`: one address trying any account;
 * - `browser:<token hash>`: a browser the account has signed in from before. Its right
 *   password is let through whatever strangers do from elsewhere, or from the same office.
 * There is no per-account lock: failures from a stranger never keep the owner out.
 */
import { sql } from 'kysely';
import { newCookieToken, tokenHash } from './cookie-token';
import type { Db } from './database';

export type ThrottleRule = {
  /** Attempts that need not wait. */
  free: number;
  /** The wait after the last free attempt; each attempt after it doubles the wait. */
  firstWaitMs: number;
  /** The longest wait (a quiet scope keeps its count twice as long). */
  maxWaitMs: number;
};

export type Scope = { key: string; account: string | null; rule: ThrottleRule };

/** How long the attempt after the `attempts`-th must wait (0: none). */
export function waitAfter(attempts: number, { free, firstWaitMs, maxWaitMs }: ThrottleRule): number {
  if (attempts < free) return 0;
  return Math.min(maxWaitMs, firstWaitMs * 2 ** Math.min(30, attempts - free));
}

/** A scope quiet this long starts again from nothing. */
export const forgetAfterMs = (rule: ThrottleRule) => 2 * rule.maxWaitMs;

const normal = (email: string) => email.trim().toLowerCase();
export const pairScope = (client: string, email: string, rule: ThrottleRule): Scope => ({
  key: `pair:${client}|${normal(email)}`,
  account: normal(email),
  rule,
});
export const clientScope = (client: string, rule: ThrottleRule): Scope => ({
  key: `client:${client}`,
  account: null,
  rule,
});
export const browserScope = (hash: string, email: string, rule: ThrottleRule): Scope => ({
  key: `browser:${hash}`,
  account: normal(email),
  rule,
});

export function createSignInThrottle({ db }: Db) {
  /**
   * Counts an attempt against `scope` if it may be made now. Resolves to 0 when it was
   * counted (go on and check the password), or to how many milliseconds it must wait.
   */
  async function attempt(scope: Scope, now = new Date()): Promise<number> {
    const nowIso = now.toISOString();
    const forgetBefore = new Date(now.getTime() - forgetAfterMs(scope.rule)).toISOString();
    await db
      .insertInto('sign_in_attempts')
      .values({ scope: scope.key, account: scope.account, attempts: 0, last_attempt_at: nowIso, wait_until: null })
      .onConflict((oc) => oc.column('scope').doNothing())
      .execute();
    // The count this attempt makes, and the wait it leaves for the next, decided in the same
    // statement that checks the wait: no second request can slip in between.
    const counted = sql<number>`case when last_attempt_at > ${forgetBefore} then attempts + 1 else 1 end`;
    // From the `free`-th attempt on, each leaves a wait twice the last, up to the longest.
    const waits: ReturnType<typeof sql>[] = [];
    let longest = nowIso;
    for (let n = scope.rule.free; ; n++) {
      const wait = waitAfter(n, scope.rule);
      longest = new Date(now.getTime() + wait).toISOString();
      if (wait >= scope.rule.maxWaitMs) break;
      waits.push(sql`when ${counted} = ${n} then ${longest}`);
    }
    const waitUntil = sql<string | null>`case when ${counted} < ${scope.rule.free} then null ${sql.join(
      waits,
      sql` `,
    )} else ${longest} end`;
    const updated = await db
      .updateTable('sign_in_attempts')
      .set({ attempts: counted, last_attempt_at: nowIso, wait_until: waitUntil })
      .where('scope', '=', scope.key)
      .where((eb) => eb.or([eb('wait_until', 'is', null), eb('wait_until', '<=', nowIso)]))
      .returning('attempts')
      .executeTakeFirst();
    if (updated) return 0;
    const row = await db
      .selectFrom('sign_in_attempts')
      .select('wait_until')
      .where('scope', '=', scope.key)
      .executeTakeFirst();
    return Math.max(1, (row?.wait_until ? new Date(row.wait_until).getTime() : 0) - now.getTime());
  }

  /** Counts the attempt against each scope in turn; resolves to the wait of the first that refuses (0: go on). */
  async function attemptAll(scopes: Scope[], now = new Date()): Promise<number> {
    for (const scope of scopes) {
      const wait = await attempt(scope, now);
      if (wait > 0) return wait;
    }
    return 0;
  }

  /**
   * A right password takes back its own attempt from a scope it does not clear (the address's
   * count across accounts): that count then holds only the address's wrong passwords, so an
   * office full of staff signing in is never slowed by its own successes.
   */
  async function takeBack(scope: Scope) {
    await db
      .updateTable('sign_in_attempts')
      .set((eb) => ({
        attempts: eb('attempts', '-', 1),
        wait_until: eb.case().when('attempts', '<=', scope.rule.free).then(null).else(eb.ref('wait_until')).end(),
      }))
      .where('scope', '=', scope.key)
      .where('attempts', '>', 0)
      .execute();
  }

  /** A right password: these scopes start again from nothing. */
  async function forget(scopes: Scope[]) {
    if (scopes.length === 0) return;
    await db
      .deleteFrom('sign_in_attempts')
      .where(
        'scope',
        'in',
        scopes.map((scope) => scope.key),
      )
      .execute();
  }

  /** An admin's "let them try again": every count against this account (from any address or browser). Resolves to how many went. */
  async function clearAccount(email: string): Promise<number> {
    const result = await db.deleteFrom('sign_in_attempts').where('account', '=', normal(email)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The same for an address (an office behind one): its count across accounts. */
  async function clearClient(client: string): Promise<number> {
    const result = await db.deleteFrom('sign_in_attempts').where('scope', '=', `client:${client}`).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Scopes that make their next attempt wait now, longest wait first. */
  async function waiting(now = new Date()) {
    return db
      .selectFrom('sign_in_attempts')
      .select(['scope', 'account', 'attempts', 'wait_until'])
      .where('wait_until', '>', now.toISOString())
      .orderBy('wait_until', 'desc')
      .execute();
  }

  /** Remembers a browser the member signed in from; resolves to the token for its cookie. */
  async function rememberBrowser(staffId: string, now = new Date()): Promise<string> {
    const token = newCookieToken();
    const at = now.toISOString();
    await db
      .insertInto('staff_browsers')
      .values({ token_hash: tokenHash(token), staff_id: staffId, created_at: at, last_used_at: at })
      .execute();
    return token;
  }

  /** The token's hash, if the browser holding it has signed in to this member's account before. */
  async function knownBrowser(token: string | undefined, staffId: string | undefined): Promise<string | undefined> {
    if (!token || !staffId) return undefined;
    const hash = tokenHash(token);
    const row = await db
      .selectFrom('staff_browsers')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .where('staff_id', '=', staffId)
      .executeTakeFirst();
    return row?.token_hash;
  }

  async function touchBrowser(hash: string, now = new Date()) {
    await db
      .updateTable('staff_browsers')
      .set({ last_used_at: now.toISOString() })
      .where('token_hash', '=', hash)
      .execute();
  }

  /** Browsers unused for `unusedMs` are forgotten (the daily purge). */
  async function purgeBrowsers(unusedMs: number, now = new Date()): Promise<number> {
    const result = await db
      .deleteFrom('staff_browsers')
      .where('last_used_at', '<', new Date(now.getTime() - unusedMs).toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  return {
    attempt,
    attemptAll,
    takeBack,
    forget,
    clearAccount,
    clearClient,
    waiting,
    rememberBrowser,
    knownBrowser,
    touchBrowser,
    purgeBrowsers,
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
