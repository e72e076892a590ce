/**
 * Staff accounts: adding, finding, listing and changing them. Disabling an account or setting
 * its password ends its sessions in the same transaction (the sessions themselves:
 * staff-session-repository.ts; sign-in attempts: sign-in-throttle.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { tokenHash } from './cookie-token';
import type { CounsellorWork } from '../../shared/schema/desk-settings';
import type { Db } from './database';
import type { StaffRole, StaffTable } from './schema';

export type StaffRow = Omit<Selectable<StaffTable>, 'password_hash'>;
export type StaffWithHash = Selectable<StaffTable>;

export const publicColumns = [
  'id',
  'email',
  'name',
  'role',
  'disabled_at',
  'created_at',
  'updated_at',
  'away_since',
  'languages',
  'courses',
] as const;

/** A list of codes as stored (JSON), null meaning all. */
const codes = (stored: string | null) => (stored === null ? null : (JSON.parse(stored) as string[]));

/** Only what may leave the server: never the password hash, never session details. */
export const publicMember = (row: StaffRow) => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled_at: row.disabled_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  away_since: row.away_since,
  languages: codes(row.languages),
  courses: codes(row.courses),
});
export type StaffMember = ReturnType<typeof publicMember>;

export function createStaffRepository({ db }: Db) {
  async function add(
    input: {
      email: string;
      name: string;
      role: StaffRole;
      passwordHash: string;
      languages?: string[] | null;
      courses?: string[] | null;
    },
    now = new Date(),
  ) {
    const member = {
      id: randomUUID(),
      email: input.email.toLowerCase(),
      name: input.name,
      role: input.role,
      password_hash: input.passwordHash,
      disabled_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      away_since: null,
      languages: input.languages ? JSON.stringify(input.languages) : null,
      courses: input.courses ? JSON.stringify(input.courses) : null,
    };
    await db.insertInto('staff').values(member).execute();
    return publicMember(member);
  }

  const findByEmail = (email: string): Promise<StaffWithHash | undefined> =>
    db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

  const findById = async (id: string): Promise<StaffMember | undefined> => {
    const row = await db.selectFrom('staff').select(publicColumns).where('id', '=', id).executeTakeFirst();
    return row && publicMember(row);
  };

  const list = async (): Promise<StaffMember[]> =>
    (await db.selectFrom('staff').select(publicColumns).orderBy('disabled_at', 'desc').orderBy('name').execute()).map(
      publicMember,
    );

  /** What a counsellor takes (assignment.ts): away or not, their languages and courses (null: all). */
  async function setWork(id: string, work: CounsellorWork, now = new Date()) {
    const current = await db.selectFrom('staff').select('away_since').where('id', '=', id).executeTakeFirst();
    if (!current) return false;
    await db
      .updateTable('staff')
      .set({
        away_since: work.away ? (current.away_since ?? now.toISOString()) : null,
        languages: work.languages && JSON.stringify(work.languages),
        courses: work.courses && JSON.stringify(work.courses),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return true;
  }

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
      await trx.deleteFrom('push_subscriptions').where('staff_id', '=', id).execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /**
   * A new password; every session of the account ends, but `keepSession` (the member changing
   * their own), and every device notified but the one that session turned on.
   */
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
      // The devices those sessions turned on stop ringing (a phone lost with the old password).
      let devices = trx.deleteFrom('push_subscriptions').where('staff_id', '=', id);
      if (keepSession)
        devices = devices.where((eb) =>
          eb.or([eb('session_hash', 'is', null), eb('session_hash', '!=', tokenHash(keepSession))]),
        );
      await devices.execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  async function enable(id: string, now = new Date()) {
    const result = await db
      .updateTable('staff')
      .set({ disabled_at: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  return {
    add,
    findByEmail,
    findById,
    list,
    update,
    setWork,
    resetPassword,
    disable,
    enable,
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
