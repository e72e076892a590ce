/**
 * The site's content as published versions (content_versions). The live version is the
 * newest one whose time has come (`live_from`, the publication itself unless it was
 * scheduled): what every instance renders its pages from (server/plugins/pages.ts). A
 * version is never changed, only a scheduled one cancelled before its time.
 *
 * Two editors never silently overwrite each other: a publication must be made from the live
 * version (`basedOn`). At most one publication waits for its time, and it is made from the
 * live version too; a publication made before it would be undone when it goes live, so it
 * is refused unless its editor chooses to cancel the scheduled one.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database';

/** The PostgreSQL channel a publication is announced on (NOTIFY), to every instance listening. */
const PUBLISHED_CHANNEL = 'content_published';
/** How long a lost listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 5_000;

export type ContentVersion = { id: string; published_at: string; live_from: string; document: string };

/** A version as the desk lists it (newest first), without its document. */
export type ContentVersionEntry = {
  id: string;
  published_at: string;
  live_from: string;
  based_on: string | null;
  author: string | null;
  note: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  /** live: what the pages show; scheduled: waits for live_from; earlier: was live once (or never, if cancelled). */
  state: 'live' | 'scheduled' | 'earlier' | 'cancelled';
};

export type PublishResult =
  | {
      published: true;
      id: string;
      cancelled: ScheduledVersion | undefined;
      /** The publication that was waiting for its time, carried onto this one: the version that now waits in its place. */
      carried: ScheduledVersion | undefined;
    }
  | { published: false; reason: 'stale'; latestId: string | undefined }
  | { published: false; reason: 'scheduled'; scheduled: ScheduledVersion };

export type ScheduledVersion = { id: string; live_from: string; author: string | null };

export function createContentRepository({ db, engine, url }: Db) {
  /** Told of each publication made here, once it is committed. */
  const localListeners = new Set<() => void>();
  type Reader = Pick<Db['db'], 'selectFrom'>;
  const standing = (reader: Reader) => reader.selectFrom('content_versions').where('cancelled_at', 'is', null);
  const liveAt = (reader: Reader, now: Date) =>
    standing(reader)
      .where('live_from', '<=', now.toISOString())
      .orderBy('live_from', 'desc')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
  const waiting = (reader: Reader, now: Date) =>
    standing(reader)
      .where('live_from', '>', now.toISOString())
      .leftJoin('staff', 'staff.id', 'content_versions.author_id')
      .select(['content_versions.id', 'live_from', 'staff.name as author', 'author_id', 'note'])
      .orderBy('live_from')
      .limit(1);
  const scheduledVersion = (row: { id: string; live_from: string | null; author: string | null } | undefined) =>
    row ? { id: row.id, live_from: row.live_from ?? '', author: row.author } : undefined;

  /** The id of the live version (undefined: none yet, the build's starting content is shown). */
  async function latestId(now = new Date()): Promise<string | undefined> {
    return (await liveAt(db, now).select('id').executeTakeFirst())?.id;
  }

  async function latest(now = new Date()): Promise<ContentVersion | undefined> {
    const row = await liveAt(db, now).select(['id', 'published_at', 'live_from', 'document']).executeTakeFirst();
    return row && { ...row, live_from: row.live_from ?? row.published_at };
  }

  /** The live version's id, when it went live and who published it (undefined: none yet). */
  async function liveVersion(now = new Date()): Promise<ScheduledVersion | undefined> {
    const id = await latestId(now);
    if (id === undefined) return undefined;
    const row = await db
      .selectFrom('content_versions')
      .leftJoin('staff', 'staff.id', 'content_versions.author_id')
      .select(['content_versions.id', 'live_from', 'published_at', 'staff.name as author'])
      .where('content_versions.id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, live_from: row.live_from ?? row.published_at, author: row.author };
  }

  /** The publication waiting for its time, if there is one. */
  async function scheduled(now = new Date()): Promise<ScheduledVersion | undefined> {
    return scheduledVersion(await waiting(db, now).executeTakeFirst());
  }

  /**
   * Publishes `document` if the live version is still `basedOn` (undefined: none has been
   * published yet): now, or at `liveFrom`. A publication waiting for its time is, by one made
   * now, either carried onto it (`carry`: its document with this one's changes, made by the
   * caller from the scheduled version it names; it waits in its place, for the same time, by
   * the same author) or cancelled (`cancelScheduled`); otherwise nothing is written. Checked
   * and written in one transaction.
   */
  async function publish(
    document: unknown,
    {
      basedOn,
      authorId = null,
      note = null,
      liveFrom,
      cancelScheduled = false,
      carry,
      now = new Date(),
    }: {
      basedOn: string | undefined;
      authorId?: string | null;
      note?: string | null;
      liveFrom?: Date;
      cancelScheduled?: boolean;
      carry?: { from: string; document: unknown };
      now?: Date;
    },
  ): Promise<PublishResult> {
    const result = await db.transaction().execute(async (trx): Promise<PublishResult> => {
      // One publication at a time, across instances (SQLite's transactions are one at a time already).
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('content_versions'))`.execute(trx);
      const current = await liveAt(trx, now).select('id').executeTakeFirst();
      if (current?.id !== basedOn) return { published: false, reason: 'stale', latestId: current?.id };
      const pendingRow = await waiting(trx, now).executeTakeFirst();
      const pending = scheduledVersion(pendingRow);
      const carrying = pending && !liveFrom && carry?.from === pending.id;
      if (pending && (liveFrom || !(cancelScheduled || carrying)))
        return { published: false, reason: 'scheduled', scheduled: pending };
      if (pending) {
        await trx
          .updateTable('content_versions')
          .set({ cancelled_at: now.toISOString(), cancelled_by: authorId })
          .where('id', '=', pending.id)
          .execute();
      }
      const id = randomUUID();
      // Delivered when the transaction commits, to every instance listening (listenForPublications).
      if (engine === 'postgres') await sql`select pg_notify(${PUBLISHED_CHANNEL}, ${id})`.execute(trx);
      await trx
        .insertInto('content_versions')
        .values({
          id,
          published_at: now.toISOString(),
          live_from: (liveFrom && liveFrom > now ? liveFrom : now).toISOString(),
          based_on: basedOn ?? null,
          author_id: authorId,
          note,
          document: JSON.stringify(document),
          cancelled_at: null,
          cancelled_by: null,
        })
        .execute();
      if (!carrying || !pendingRow || !carry) return { published: true, id, cancelled: pending, carried: undefined };
      const carriedId = randomUUID();
      await trx
        .insertInto('content_versions')
        .values({
          id: carriedId,
          published_at: now.toISOString(),
          live_from: pendingRow.live_from,
          based_on: id,
          author_id: pendingRow.author_id,
          note: pendingRow.note,
          document: JSON.stringify(carry.document),
          cancelled_at: null,
          cancelled_by: null,
        })
        .execute();
      return {
        published: true,
        id,
        cancelled: undefined,
        carried: { id: carriedId, live_from: pending.live_from, author: pending.author },
      };
    });
    if (result.published) for (const listener of localListeners) listener();
    return result;
  }

  /**
   * Calls `onPublished` when a version is published: at once on this instance, and from another
   * instance on PostgreSQL (LISTEN; a lost connection is made again). Another instance on SQLite
   * is not heard: the pages' periodic check finds its publication. Returns how to stop listening.
   */
  function listenForPublications(onPublished: () => void): () => Promise<void> {
    localListeners.add(onPublished);
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = () => {
      if (stopped || engine !== 'postgres') return;
      const connection = new pg.Client({ connectionString: url, application_name: 'content-listener' });
      client = connection;
      const again = () => {
        if (client !== connection) return;
        client = undefined;
        connection.end().catch(() => {});
        if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS).unref();
      };
      connection.on('error', again);
      connection.on('end', again);
      connection.on('notification', () => onPublished());
      connection
        .connect()
        .then(() => connection.query(`LISTEN ${PUBLISHED_CHANNEL}`))
        // Anything published while it was not listening.
        .then(() => onPublished(), again);
    };
    connect();
    return async () => {
      stopped = true;
      localListeners.delete(onPublished);
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    };
  }

  /** Cancels the publication waiting for its time, if `id` is still that one. */
  async function cancel(id: string, { by, now = new Date() }: { by: string; now?: Date }): Promise<boolean> {
    const result = await db
      .updateTable('content_versions')
      .set({ cancelled_at: now.toISOString(), cancelled_by: by })
      .where('id', '=', id)
      .where('cancelled_at', 'is', null)
      .where('live_from', '>', now.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The newest versions first (by when their editor published or scheduled them), each with its state. */
  async function list({ limit = 50, now = new Date() }: { limit?: number; now?: Date } = {}) {
    const liveId = await latestId(now);
    const rows = await db
      .selectFrom('content_versions')
      .leftJoin('staff', 'staff.id', 'content_versions.author_id')
      .select([
        'content_versions.id',
        'published_at',
        'live_from',
        'based_on',
        'staff.name as author',
        'note',
        'cancelled_at',
        'cancelled_by',
      ])
      .orderBy('published_at', 'desc')
      .orderBy('content_versions.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row): ContentVersionEntry => ({
      ...row,
      live_from: row.live_from ?? row.published_at,
      state: row.cancelled_at
        ? 'cancelled'
        : row.id === liveId
          ? 'live'
          : (row.live_from ?? '') > now.toISOString()
            ? 'scheduled'
            : 'earlier',
    }));
  }

  /** One version with its document (undefined: no such version). */
  async function get(id: string) {
    return db
      .selectFrom('content_versions')
      .select(['id', 'published_at', 'live_from', 'based_on', 'document', 'cancelled_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  return { latestId, latest, liveVersion, scheduled, publish, cancel, list, get, listenForPublications };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
