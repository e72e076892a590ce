/** Storing, listing, purging and erasing enquiries (the desk's work on them: inbox-, enquiry-work-, dashboard- and inbox-export-repository.ts). */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Attribution, attributionColumns } from '../../shared/schema/attribution';
import type { TrackingConsent } from '../../shared/tracking';
import type { Enquiry, EnquiryDetails } from '../../shared/schema/enquiry';
import { detailFieldNames, enquiryDescription, storedColumns } from '../../shared/schema/enquiry-fields';
import { type Db, isUniqueViolation, streamRows } from './database';
import { searchKeyColumns } from './search-key';
import type { DeliveryChannel, EnquiryRow } from './schema';

/** The same phone asking about the same course within this window is one enquiry. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export type StoredEnquiry = EnquiryRow;
/** A stored enquiry as the export writes it: with its assignee's name when the desk exports it. */
export type ExportedEnquiry = StoredEnquiry & { assignee_name?: string | null };

/** How long after sending an enquiry its browser may add the optional details. */
export const DETAILS_WINDOW_MS = 60 * 60 * 1000;

/** The oldest receipt time kept under a retention limit of `days`. */
export const retentionCutoff = (days: number, now = new Date()) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

export type SaveResult = {
  id: string;
  /** False when this was a repeat (same idempotency key, or same phone and course just now). */
  created: boolean;
};

type SaveOptions = {
  source: 'json' | 'form';
  /** Where the visit came from (already cleaned: shared/schema/attribution.ts). */
  attribution?: Attribution;
  /** The visitor's answer to the advertising pixel (src/lib/consent.ts), null when not asked. */
  trackingConsent?: TrackingConsent | null;
  /** Channels that must deliver this enquiry; their outbox rows commit with it. */
  channels?: readonly DeliveryChannel[];
  /** What a channel needs beyond the enquiry (stored with its outbox row until delivered). */
  context?: Partial<Record<DeliveryChannel, object>>;
  now?: Date;
};

export function createEnquiryRepository(database: Db) {
  const { db, engine } = database;
  async function findRepeat(trx: Db['db'], enquiry: Enquiry, now: Date): Promise<string | undefined> {
    if (enquiry.idempotencyKey) {
      const byKey = await trx
        .selectFrom('enquiries')
        .select('id')
        .where('idempotency_key', '=', enquiry.idempotencyKey)
        .executeTakeFirst();
      if (byKey) return byKey.id;
    }
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
    const recent = await trx
      .selectFrom('enquiries')
      .select('id')
      .where('phone', '=', enquiry.phone)
      .where('course', '=', enquiry.course)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return recent?.id;
  }

  /**
   * Stores an enquiry, or finds the one it repeats. Resolves only after the
   * transaction has committed: a 201 built on it means the row is on disk.
   */
  async function save(
    enquiry: Enquiry,
    { source, attribution = {}, trackingConsent = null, channels = [], context = {}, now = new Date() }: SaveOptions,
  ): Promise<SaveResult> {
    try {
      return await db.transaction().execute(async (trx) => {
        if (engine === 'postgres') {
          // Serialise concurrent saves for the same phone and course across server instances.
          await sql`select pg_advisory_xact_lock(hashtext(${`${enquiry.phone}|${enquiry.course}`}))`.execute(trx);
        }
        const repeat = await findRepeat(trx, enquiry, now);
        if (repeat) return { id: repeat, created: false };
        const id = randomUUID();
        await trx
          .insertInto('enquiries')
          .values({
            id,
            created_at: now.toISOString(),
            ...storedColumns(enquiry),
            ...searchKeyColumns(enquiry),
            consent_at: now.toISOString(),
            source,
            tracking_consent: trackingConsent,
            ...attributionColumns(attribution),
          })
          .execute();
        if (channels.length > 0) {
          await trx
            .insertInto('deliveries')
            .values(
              channels.map((channel) => ({
                id: randomUUID(),
                enquiry_id: id,
                channel,
                status: 'pending' as const,
                attempts: 0,
                next_attempt_at: now.toISOString(),
                created_at: now.toISOString(),
                context: context[channel] ? JSON.stringify(context[channel]) : null,
              })),
            )
            .execute();
        }
        return { id, created: true };
      });
    } catch (error) {
      // Two requests with the same idempotency key raced: the other one stored it.
      if (isUniqueViolation(error) && enquiry.idempotencyKey) {
        const existing = await db
          .selectFrom('enquiries')
          .select('id')
          .where('idempotency_key', '=', enquiry.idempotencyKey)
          .executeTakeFirst();
        if (existing) return { id: existing.id, created: false };
      }
      throw error;
    }
  }

  /** Enquiries received at or after `since`, oldest first, with the name of the counsellor each is assigned to. */
  const sinceQuery = (from: Db['db'], since: Date) =>
    from
      .selectFrom('enquiries')
      .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
      .selectAll('enquiries')
      .select('staff.name as assignee_name')
      .where('enquiries.created_at', '>=', since.toISOString())
      .orderBy('enquiries.created_at', 'asc')
      .orderBy('enquiries.id', 'asc');

  const listSince = (since: Date): Promise<ExportedEnquiry[]> => sinceQuery(db, since).execute();

  /** The same rows, streamed from a cursor (the exports): nothing is read until the first row is asked for. */
  const streamSince = (since: Date): AsyncGenerator<ExportedEnquiry> =>
    streamRows(database, (reader) => sinceQuery(reader, since));

  async function count(): Promise<number> {
    const row = await db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Deletes enquiries received before `cutoff`, with their delivery records, the desk's
   * notes on them and their audit trail (the retention limit). Resolves to how many
   * enquiries were deleted.
   */
  async function purgeOlderThan(cutoff: Date): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const old = trx.selectFrom('enquiries').select('id').where('created_at', '<', cutoff.toISOString());
      await trx.deleteFrom('deliveries').where('enquiry_id', 'in', old).execute();
      await trx.deleteFrom('enquiry_notes').where('enquiry_id', 'in', old).execute();
      await trx.deleteFrom('audit_log').where('enquiry_id', 'in', old).execute();
      const result = await trx
        .deleteFrom('enquiries')
        .where('created_at', '<', cutoff.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /**
   * Erases every enquiry of one person (by normalised phone, or email in any case),
   * with their delivery records, notes and audit trail. Resolves to what was deleted,
   * so it can be reported.
   */
  async function erasePerson(person: { phone?: string; email?: string }): Promise<StoredEnquiry[]> {
    if (!person.phone && !person.email) return [];
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('enquiries')
        .selectAll()
        .where((eb) =>
          eb.or([
            ...(person.phone ? [eb('phone', '=', person.phone), eb('parent_phone', '=', person.phone)] : []),
            ...(person.email ? [eb(eb.fn('lower', ['email']), '=', person.email.toLowerCase())] : []),
          ]),
        )
        .orderBy('created_at')
        .execute();
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      await trx.deleteFrom('deliveries').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('enquiry_notes').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('audit_log').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('enquiries').where('id', 'in', ids).execute();
      return rows;
    });
  }

  /**
   * Adds the optional details (those the thank-you step asks for) to an enquiry, for the browser
   * that sent it: the enquiry's id and its idempotency key must match, within
   * DETAILS_WINDOW_MS of its receipt. A detail left empty keeps what is stored. False when
   * no such enquiry is there to update.
   */
  async function addDetails(
    id: string,
    details: Pick<EnquiryDetails, 'idempotencyKey'> & Partial<EnquiryDetails>,
    now = new Date(),
  ): Promise<boolean> {
    const changes = {
      ...Object.fromEntries(
        detailFieldNames.flatMap((name) => {
          const value = details[name];
          return value ? [[enquiryDescription[name].column, value]] : [];
        }),
      ),
      // The city is a detail: its search key changes with it.
      ...searchKeyColumns({ city: details.city || undefined }),
    };
    const match = db
      .selectFrom('enquiries')
      .select('id')
      .where('id', '=', id)
      .where('idempotency_key', '=', details.idempotencyKey)
      .where('created_at', '>', new Date(now.getTime() - DETAILS_WINDOW_MS).toISOString());
    if (Object.keys(changes).length === 0) return (await match.executeTakeFirst()) !== undefined;
    const result = await db
      .updateTable('enquiries')
      .set(changes)
      .where('id', '=', id)
      .where('idempotency_key', '=', details.idempotencyKey)
      .where('created_at', '>', new Date(now.getTime() - DETAILS_WINDOW_MS).toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  return { save, listSince, streamSince, count, purgeOlderThan, erasePerson, addDetails };
}

export type EnquiryRepository = ReturnType<typeof createEnquiryRepository>;
