/**
 * The site's content as published versions (content_versions): the newest is what every
 * instance renders its pages from (server/plugins/pages.ts). A version is never changed; a
 * publication made from an older one than the newest is refused, so two editors never
 * silently overwrite each other.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './database';

export type ContentVersion = { id: string; published_at: string; document: string };

export type PublishResult = { published: true; id: string } | { published: false; latestId: string | undefined };

export function createContentRepository({ db, engine }: Db) {
  const newest = () => db.selectFrom('content_versions').orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1);

  /** The id of the newest version (undefined: none yet, the build's starting content is shown). */
  async function latestId(): Promise<string | undefined> {
    return (await newest().select('id').executeTakeFirst())?.id;
  }

  async function latest(): Promise<ContentVersion | undefined> {
    return newest().select(['id', 'published_at', 'document']).executeTakeFirst();
  }

  /**
   * Publishes `document` as the newest version, if the newest is still `basedOn` (undefined:
   * none has been published yet). Checked and written in one transaction.
   */
  async function publish(
    document: unknown,
    {
      basedOn,
      authorId = null,
      note = null,
      now = new Date(),
    }: {
      basedOn: string | undefined;
      authorId?: string | null;
      note?: string | null;
      now?: Date;
    },
  ): Promise<PublishResult> {
    return db.transaction().execute(async (trx) => {
      // One publication at a time, across instances (SQLite's transactions are one at a time already).
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('content_versions'))`.execute(trx);
      const current = await trx
        .selectFrom('content_versions')
        .select('id')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (current?.id !== basedOn) return { published: false, latestId: current?.id };
      const id = randomUUID();
      await trx
        .insertInto('content_versions')
        .values({ id, published_at: now.toISOString(), author_id: authorId, note, document: JSON.stringify(document) })
        .execute();
      return { published: true, id };
    });
  }

  return { latestId, latest, publish };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
