/**
 * When each page last changed (page_changes), for sitemap.xml's <lastmod>: every instance
 * records the pages it serves once it has rendered them (server/plugins/pages.ts) and reads the
 * days back. A page whose hash is the one stored keeps its day; one whose hash differs (or that
 * is new) gets the day of the rendering. The first instance to render a change writes it; the
 * others, rendering the same pages, find the same hash and take its day, so all serve one date.
 */
import type { Db } from './database';

export function createPageChangesRepository({ db }: Db) {
  /** Path → the day it last changed. */
  async function days(): Promise<Map<string, string>> {
    const rows = await db.selectFrom('page_changes').select(['path', 'changed_on']).execute();
    return new Map(rows.map((row) => [row.path, row.changed_on]));
  }

  /**
   * Records that the pages served on `day` have these hashes (path → hash): a page whose stored
   * hash differs, or that has none, changed on `day`. Returns every page's day, as stored.
   */
  async function record(hashes: ReadonlyMap<string, string>, day: string): Promise<Map<string, string>> {
    const stored = new Map(
      (await db.selectFrom('page_changes').select(['path', 'content_hash']).execute()).map((row) => [
        row.path,
        row.content_hash,
      ]),
    );
    const changed = [...hashes].filter(([path, hash]) => stored.get(path) !== hash);
    if (changed.length > 0) {
      await db
        .insertInto('page_changes')
        .values(changed.map(([path, content_hash]) => ({ path, content_hash, changed_on: day })))
        // Another instance may have just written the same change: its day stands.
        .onConflict((conflict) =>
          conflict
            .column('path')
            .doUpdateSet((row) => ({
              content_hash: row.ref('excluded.content_hash'),
              changed_on: row.ref('excluded.changed_on'),
            }))
            .where('page_changes.content_hash', '<>', (row) => row.ref('excluded.content_hash')),
        )
        .execute();
    }
    return days();
  }

  return { days, record };
}

export type PageChangesRepository = ReturnType<typeof createPageChangesRepository>;
