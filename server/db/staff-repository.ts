/**
 * Staff accounts and their sessions: in the database, so that every server instance
 * sees the same sessions (sign-in attempts are counted in sign-in-throttle.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { newCookieToken, tokenHash } from './cookie-token';
import type { Db } from './database';
import type { StaffRole, StaffTable } from './schema';

export type StaffMember = Omit<Selectable<StaffTable>, 'password_hash'>;
export type StaffWithHash = Selectable<StaffTable>;

export type SessionLimits = {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
};

const publicColumns = ['id', 'email', 'name', 'role', 'disabled_at', 'created_at', 'updated_at'] as const;
/** Only what may leave the server: never the password hash, never session details. */
export const publicMember = (row: StaffMember): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled_at: row.disabled_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export function createStaffRepository({ db }: Db) {
  async function add(input: { email: string; name: string; role: StaffRole; passwordHash: string }, now = new Date()) {
    const member = {
      id: randomUUID(),
      email: input.email.toLowerCase(),
      name: input.name,
      role: input.role,
      password_hash: input.passwordHash,
      disabled_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await db.insertInto('staff').values(member).execute();
    return publicMember(member);
  }

  const findByEmail = (email: string): Promise<StaffWithHash | undefined> =>
    db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

  const findById = (id: string): Promise<StaffMember | undefined> =>
    db.selectFrom('staff').select(publicColumns).where('id', '=', id).executeTakeFirst();

  const list = (): Promise<StaffMember[]> =>
    db.selectFrom('staff').select(publicColumns).orderBy('disabled_at', 'desc').orderBy('name').execute();

  async function update(id: string, changes: Partial<Pick<StaffTable, 'name' | 'role'>>, now = new Date()) {
    const result = await db
      .updateTable('staff')
      .set({ ...changes, updated_at: now.toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Disables an account and ends every session it has, at once. */
  async function disable(id: string, now = new Date()) {
    return db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('staff')
        .set({ disabled_at: now.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** A new password, and every session of the account ends: whoever knew the old one is out. */
  /** A new password; every session of the account ends, but `keepSession` (the member changing their own). */
  async function resetPassword(id: string, passwordHash: string, now = new Date(), keepSession?: string) {
    return db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('staff')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      let sessions = trx.deleteFrom('staff_sessions').where('staff_id', '=', id);
      if (keepSession) sessions = sessions.where('id_hash', '!=', tokenHash(keepSession));
      await sessions.execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** Ends every session of an account ("sign out everywhere"); how many there were. */
  async function endSessions(id: string) {
    const result = await db.deleteFrom('staff_sessions').where('staff_id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async function enable(id: string, now = new Date()) {
    const result = await db
      .updateTable('staff')
      .set({ disabled_at: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

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

  async function endSession(token: string) {
    await db.deleteFrom('staff_sessions').where('id_hash', '=', tokenHash(token)).execute();
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

  return {
    add,
    findByEmail,
    findById,
    list,
    update,
    resetPassword,
    endSessions,
    disable,
    enable,
    startSession,
    resolveSession,
    endSession,
    purgeSessions,
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
