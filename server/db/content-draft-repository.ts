/**
 * Editors' drafts of the content, on the server (content_drafts, migration 028): one per member
 * of staff, saved as they type and opened on any device. A save names the revision it was made
 * from; when another device saved since, nothing is written and the newer draft is returned, for
 * the desk to carry its own changes onto (a conditional write, so two saves at once cannot both
 * win, on either engine).
 */
import type { Db } from './database';

export type ContentDraft = {
  basedOn: string | null;
  /** The content as the editor is making it, as JSON. */
  document: string;
  revision: number;
  savedAt: string;
  device: string;
};

export type DraftSave =
  { saved: true; revision: number; savedAt: string } | { saved: false; current: ContentDraft | undefined };

export function createContentDraftRepository({ db }: Db) {
  async function get(staffId: string): Promise<ContentDraft | undefined> {
    const row = await db.selectFrom('content_drafts').selectAll().where('staff_id', '=', staffId).executeTakeFirst();
    return (
      row && {
        basedOn: row.based_on,
        document: row.document,
        revision: row.revision,
        savedAt: row.saved_at,
        device: row.device,
      }
    );
  }

  /** Saves the draft if the stored one is still at `revision` (0: none stored). */
  async function save(
    staffId: string,
    draft: { basedOn: string | null; document: string; revision: number; device: string },
    now = new Date(),
  ): Promise<DraftSave> {
    const values = {
      based_on: draft.basedOn,
      document: draft.document,
      revision: draft.revision + 1,
      saved_at: now.toISOString(),
      device: draft.device,
    };
    const written =
      draft.revision === 0
        ? await db
            .insertInto('content_drafts')
            .values({ staff_id: staffId, ...values })
            .onConflict((conflict) => conflict.column('staff_id').doNothing())
            .executeTakeFirst()
            .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0n))
        : await db
            .updateTable('content_drafts')
            .set(values)
            .where('staff_id', '=', staffId)
            .where('revision', '=', draft.revision)
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows));
    if (written === 0) return { saved: false, current: await get(staffId) };
    return { saved: true, revision: values.revision, savedAt: values.saved_at };
  }

  /** Drops the draft (discarded, or published); only up to `revision` when given, so a newer save from another device stays. */
  async function remove(staffId: string, revision?: number): Promise<void> {
    let query = db.deleteFrom('content_drafts').where('staff_id', '=', staffId);
    if (revision !== undefined) query = query.where('revision', '<=', revision);
    await query.execute();
  }

  return { get, save, remove };
}

export type ContentDraftRepository = ReturnType<typeof createContentDraftRepository>;
