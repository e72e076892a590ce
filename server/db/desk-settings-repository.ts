/** What admins set on the desk (shared/schema/desk-settings.ts): read with its initial value until first set. */
import type { Kysely } from 'kysely';
import { type DeskSetting, type DeskSettingName, deskSettings } from '../../shared/schema/desk-settings';
import { messageTemplates } from '../../src/content/server-words';
import { auditRow } from './audit-log';
import type { Db } from './database';
import type { Database } from './schema';

/** What each setting is until an admin sets it: words (the messages) come from the content. */
const initialSettings: { [Name in DeskSettingName]: DeskSetting<Name> } = {
  assignment: deskSettings.assignment.initial,
  verification: deskSettings.verification.initial,
  'first-contact': deskSettings['first-contact'].initial,
  templates: messageTemplates,
};

/**
 * A setting as stored, or its initial value. Read inside the caller's transaction when it
 * decides something by it (assignment). A stored value that no longer fits its schema (a
 * setting whose shape changed) reads as the initial value rather than failing the request.
 */
export async function readSetting<Name extends DeskSettingName>(
  db: Kysely<Database>,
  name: Name,
): Promise<DeskSetting<Name>> {
  const row = await db.selectFrom('desk_settings').select('value').where('name', '=', name).executeTakeFirst();
  const initial = initialSettings[name] as DeskSetting<Name>;
  if (!row) return initial;
  const parsed = deskSettings[name].schema.safeParse(JSON.parse(row.value));
  return (parsed.success ? parsed.data : initial) as DeskSetting<Name>;
}

export function createDeskSettingsRepository({ db }: Db) {
  const get = <Name extends DeskSettingName>(name: Name) => readSetting(db, name);

  /** Stores a checked value, with a line in the audit trail saying from what to what. */
  async function set<Name extends DeskSettingName>(
    name: Name,
    value: DeskSetting<Name>,
    actorId: string,
    now = new Date(),
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const before = await readSetting(trx, name);
      const json = JSON.stringify(value);
      await trx
        .insertInto('desk_settings')
        .values({ name, value: json, updated_at: now.toISOString(), updated_by: actorId })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({ value: json, updated_at: now.toISOString(), updated_by: actorId }),
        )
        .execute();
      await trx
        .insertInto('audit_log')
        .values(
          auditRow({ actorId, action: 'setting-changed', field: name, from: JSON.stringify(before), to: json }, now),
        )
        .execute();
    });
  }

  return { get, set };
}

export type DeskSettingsRepository = ReturnType<typeof createDeskSettingsRepository>;
