/**
 * Desk sessions: in the database, so that every server instance sees the same sessions.
 * Only a token's hash is stored; the token itself is the cookie.
 */
import type { Db } from './database';
import { newCookieToken, tokenHash } from './cookie-token';
import { publicColumns, publicMember, type StaffMember } from './staff-repository';

export type SessionLimits = {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
};

export function createStaffSessionRepository({ db }: Db) {
  /** A new session: the token goes in the cookie, only its hash in the database. */
  async function startSession(staffId: string, limits: SessionLimits, now = new Date()) {
    const token = newCookieToken();
    await db
      .insertInto('staff_sessions')
      .values({
        id_hash: tokenHash(token),
        staff_id: staffId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + limits.absoluteMs).toISOString(),
      })
      .execute();
    return token;
  }

  /**
   * The signed-in member of staff for a cookie's token, or undefined when the session is
   * unknown, past either time-out, or its account is disabled. Marks the session as used.
   */
  async function resolveSession(
    token: string,
    limits: SessionLimits,
    now = new Date(),
  ): Promise<StaffMember | undefined> {
    const idHash = tokenHash(token);
    const row = await db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .select([
        ...publicColumns.map((column) => `staff.${column}` as const),
        'staff_sessions.last_seen_at',
        'staff_sessions.expires_at',
      ])
      .where('staff_sessions.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const idleSince = now.getTime() - new Date(row.last_seen_at).getTime();
    if (row.disabled_at || idleSince > limits.idleMs || now.toISOString() >= row.expires_at) {
      await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
      return undefined;
    }
    // Written at most once a minute: a busy desk does not write on every request.
    if (idleSince > 60_000) {
      await db
        .updateTable('staff_sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('id_hash', '=', idHash)
        .execute();
    }
    return publicMember(row);
  }

  /** Signing out: the session ends, and a device it turned notifications on for stops ringing. */
  async function endSession(token: string) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('staff_sessions').where('id_hash', '=', tokenHash(token)).execute();
      await trx.deleteFrom('push_subscriptions').where('session_hash', '=', tokenHash(token)).execute();
    });
  }

  /** Deletes sessions past their absolute limit or idle too long (run with the daily purge). */
  async function purgeSessions(limits: SessionLimits, now = new Date()) {
    const idleCutoff = new Date(now.getTime() - limits.idleMs).toISOString();
    const result = await db
      .deleteFrom('staff_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<', idleCutoff)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Ends every session of an account ("sign out everywhere"); how many there were. */
  async function endSessions(id: string) {
    return db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).executeTakeFirst();
      // Its devices stop ringing too: "signed out everywhere" leaves nothing that shows its leads.
      await trx.deleteFrom('push_subscriptions').where('staff_id', '=', id).execute();
      return Number(result.numDeletedRows);
    });
  }

  return { startSession, resolveSession, endSession, endSessions, purgeSessions };
}

export type StaffSessionRepository = ReturnType<typeof createStaffSessionRepository>;
