/** Storing, listing, purging and erasing enquiries (the desk's work on them: inbox-, enquiry-work-, dashboard- and inbox-export-repository.ts). */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type Attribution, attributionColumns } from '../../shared/schema/attribution';
import { firstTouchOf, ownFirstTouch } from './first-touch';
import type { TrackingConsent } from '../../shared/tracking';
import { type Enquiry, type EnquiryDetails, isChildsOwn } from '../../shared/schema/enquiry';
import { detailFieldNames, enquiryDescription, storedColumns } from '../../shared/schema/enquiry-fields';
import { localDate } from '../../shared/institute-calendar';
import { chooseOwner, counsellorAsOwner } from './assignment';
import { auditRow } from './audit-log';
import { type Db, isUniqueViolation, streamRows } from './database';
import { searchKeyColumns } from './search-key';
import { leavesTheInstitute, queuedWith } from '../../shared/delivery-channels';
import { notifyOwner } from './notifications-repository';
import { releaseSeatsOf } from './erasure';
import type { Database, DeliveryChannel, EnquiryRow } from './schema';
import type { ProvedNumber } from '../phone-codes/phone-codes';

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
  /** A repeat found by its idempotency key: the sender's own enquiry (false for a new one). */
  sameSender: boolean;
  /** Stored as the newest enquiry of a family that had asked before. */
  cameBack: boolean;
  /** Stored beside a family's record, unproved, for a counsellor to confirm (repeat_check 'pending'). */
  heldApart: boolean;
};

export type SaveOptions = {
  /** How it was sent: the form's script, a plain form post, or taken by a member of staff (takenBy). */
  source: 'json' | 'form' | 'desk';
  /**
   * Taken at the desk (a phone call, a walk-in: the review's M11): the member who asked for the
   * family's consent. A new family is theirs when they are a counsellor; a family with an owner
   * keeps them.
   */
  takenBy?: string;
  /** Where the visit came from (already cleaned: shared/schema/attribution.ts). */
  attribution?: Attribution;
  /** The visitor's answer to the advertising pixel (src/lib/consent.ts), null when not asked. */
  trackingConsent?: TrackingConsent | null;
  /** Channels that must deliver this enquiry; their outbox rows commit with it. */
  channels?: readonly DeliveryChannel[];
  /** What a channel needs beyond the enquiry (stored with its outbox row until delivered). */
  context?: Partial<Record<DeliveryChannel, object>>;
  /** Email the owner it is assigned to (the outbox's 'assignee' channel is on). */
  emailOwner?: boolean;
  /** The number that speaks for the family (numberToProve), when its sender proved it by a code. */
  proved?: ProvedNumber;
  /**
   * A repeat is the same form sent again (its idempotency key), or also the same number and
   * course just now (`true`, the enquiry form's rule). A booking is a repeat only of its own form:
   * it is never attached to an enquiry its sender did not make.
   */
  repeatByWindow?: boolean;
  now?: Date;
};

/** Numbers whose family has no enquiry left are forgotten too (a number is personal data). */
async function forgetEmptyFamilies(trx: Kysely<Database>) {
  await trx
    .deleteFrom('family_phones')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('enquiries')
            .select('enquiries.id')
            .whereRef('enquiries.family_id', '=', 'family_phones.family_id'),
        ),
      ),
    )
    .execute();
}

/** An enquiry's outbox rows, one per channel, due now (with what a channel needs beyond the enquiry). */
export const enquiryDeliveries = (
  enquiryId: string,
  channels: readonly DeliveryChannel[],
  now: Date,
  context: Partial<Record<DeliveryChannel, object>> = {},
) =>
  channels.map((channel) => ({
    id: randomUUID(),
    enquiry_id: enquiryId,
    channel,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
    context: context[channel] ? JSON.stringify(context[channel]) : null,
  }));

/**
 * What a family's new record takes over from the one it replaces: when the family first asked
 * and what brought it then (first-touch.ts), the desk's work (status, first contact, first call),
 * and its follow-up: a new one is on Today already; anyone else is
 * called back today. (Its owner is chosen by chooseOwner, which keeps the earlier one's.)
 */
export const takenOver = (earlier: EnquiryRow, today: string) => ({
  lead_received_at: earlier.lead_received_at ?? earlier.created_at,
  ...firstTouchOf(earlier),
  status: earlier.status,
  status_reason: earlier.status_reason,
  first_contacted_at: earlier.first_contacted_at,
  first_called_at: earlier.first_called_at,
  next_follow_up:
    earlier.status === 'new' || (earlier.next_follow_up && earlier.next_follow_up < today)
      ? earlier.next_follow_up
      : today,
});

export function createEnquiryRepository(database: Db) {
  const { db, engine } = database;
  /**
   * The enquiry this one repeats: the one sent with the same idempotency key (the same form, sent
   * again), or, when `byWindow`, the same number's about the same course within DUPLICATE_WINDOW_MS
   * (a form sent twice without its key). `sameSender`: found by its key, so the sender is the one
   * who made it (another sender is not told its id).
   */
  async function findRepeat(
    trx: Db['db'],
    enquiry: Enquiry,
    now: Date,
    byWindow: boolean,
  ): Promise<{ id: string; sameSender: boolean; message?: string | null } | undefined> {
    if (enquiry.idempotencyKey) {
      const byKey = await trx
        .selectFrom('enquiries')
        .select('id')
        .where('idempotency_key', '=', enquiry.idempotencyKey)
        .executeTakeFirst();
      if (byKey) return { id: byKey.id, sameSender: true };
    }
    if (!byWindow) return undefined;
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
    const recent = await trx
      .selectFrom('enquiries')
      .select(['id', 'message'])
      .where('phone', '=', enquiry.phone)
      .where('course', '=', enquiry.course)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return recent && { id: recent.id, sameSender: false, message: recent.message };
  }

  /** Whether `phone` is one of the family's: a number it asked from (family_phones) or a parent's number it gave. */
  async function isFamilyNumber(trx: Kysely<Database>, familyId: string, phone: string): Promise<boolean> {
    const [known, given] = await Promise.all([
      trx
        .selectFrom('family_phones')
        .select('phone')
        .where('family_id', '=', familyId)
        .where('phone', '=', phone)
        .executeTakeFirst(),
      trx
        .selectFrom('enquiries')
        .select('id')
        .where('family_id', '=', familyId)
        .where('parent_phone', '=', phone)
        .executeTakeFirst(),
    ]);
    return Boolean(known ?? given);
  }

  /**
   * Stores an enquiry, or finds the one it repeats. Resolves only after the
   * transaction has committed: a 201 built on it means the row is on disk, with its owner.
   *
   * The enquiry joins its number's family (family_phones: an insert that conflicts when the
   * number has one, so two instances agree). A family that asks again is one record: the new
   * enquiry becomes its record, taking over the earlier one's owner, status and follow-up (due
   * today, so the owner calls back), and the earlier one becomes its history; but only when its
   * sender proved a number of the family (issue 38). Anyone can type a family's number: an
   * unproved enquiry on it is kept beside the record ('pending', for a counsellor to confirm or
   * keep apart) and changes nothing of the family's. A new family gets an owner by the
   * assignment rules (assignment.ts). The owner is told.
   */
  async function save(enquiry: Enquiry, options: SaveOptions): Promise<SaveResult> {
    try {
      return await db.transaction().execute((trx) => storeIn(trx, enquiry, options));
    } catch (error) {
      // Two requests with the same idempotency key raced: the other one stored it.
      if (isUniqueViolation(error) && enquiry.idempotencyKey) {
        const existing = await db
          .selectFrom('enquiries')
          .select('id')
          .where('idempotency_key', '=', enquiry.idempotencyKey)
          .executeTakeFirst();
        if (existing) return { id: existing.id, created: false, sameSender: true, cameBack: false, heldApart: false };
      }
      throw error;
    }
  }

  /**
   * save()'s work inside a transaction the caller holds, so that something stored with the
   * enquiry (a seat booked: registration-repository.ts) commits with it or not at all.
   */
  async function storeIn(
    trx: Kysely<Database>,
    enquiry: Enquiry,
    {
      source,
      attribution = {},
      trackingConsent = null,
      channels = [],
      context = {},
      emailOwner = false,
      proved,
      repeatByWindow = true,
      takenBy,
      now = new Date(),
    }: SaveOptions,
  ): Promise<SaveResult> {
    if (engine === 'postgres') {
      // Serialise concurrent saves for the same number across server instances.
      await sql`select pg_advisory_xact_lock(hashtext(${enquiry.phone}))`.execute(trx);
    }
    const repeat = await findRepeat(trx, enquiry, now, repeatByWindow);
    if (repeat) {
      // The form sent again within the window, with words of its own ("Asking again, nobody
      // called"): kept in the enquiry's history, marked as from the form (its number not proved
      // by this sending), rather than dropped. The same form sent twice adds nothing.
      const said = enquiry.message?.trim();
      const kept =
        !repeat.sameSender &&
        said &&
        said !== repeat.message?.trim() &&
        !(await trx
          .selectFrom('audit_log')
          .select('id')
          .where('enquiry_id', '=', repeat.id)
          .where('action', '=', 'asked-again')
          .where('to_value', '=', said)
          .executeTakeFirst());
      if (kept) {
        await trx
          .insertInto('audit_log')
          .values(auditRow({ actorId: null, action: 'asked-again', enquiryId: repeat.id, to: said }, now))
          .execute();
      }
      return { id: repeat.id, sameSender: repeat.sameSender, created: false, cameBack: false, heldApart: false };
    }
    const id = randomUUID();
    await trx
      .insertInto('family_phones')
      .values({ phone: enquiry.phone, family_id: id })
      .onConflict((conflict) => conflict.column('phone').doNothing())
      .execute();
    const { family_id: familyId } = await trx
      .selectFrom('family_phones')
      .select('family_id')
      .where('phone', '=', enquiry.phone)
      .executeTakeFirstOrThrow();
    const record = await trx
      .selectFrom('enquiries')
      .selectAll()
      .where('family_id', '=', familyId)
      .where('superseded_at', 'is', null)
      .executeTakeFirst();
    // A family's record changes only for one who proved a number of the family.
    const heldApart = Boolean(record && !(proved && (await isFamilyNumber(trx, familyId, proved.phone))));
    const earlier = heldApart ? undefined : record;
    // One held apart goes to the family's owner too, who knows the family best.
    const owner =
      (takenBy && !record?.assignee_id ? await counsellorAsOwner(trx, takenBy) : undefined) ??
      (await chooseOwner(trx, enquiry, record));
    if (earlier) {
      await trx
        .updateTable('enquiries')
        .set({ superseded_at: now.toISOString() })
        .where('id', '=', earlier.id)
        .execute();
    }
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
        ...ownFirstTouch(attributionColumns(attribution)),
        family_id: familyId,
        assignee_id: owner?.id ?? null,
        number_proved_at: proved?.at ?? null,
        number_proved_by: proved?.by ?? null,
        consent_taken_by: takenBy ?? null,
        lead_received_at: now.toISOString(),
        ...(earlier ? takenOver(earlier, localDate(now)) : {}),
        ...(heldApart ? { superseded_at: now.toISOString(), repeat_check: 'pending' as const } : {}),
      })
      .execute();
    const audit = [
      ...(takenBy
        ? [auditRow({ actorId: takenBy, action: 'entered', enquiryId: id, field: attribution.utmSource }, now)]
        : []),
      ...(earlier ? [auditRow({ actorId: null, action: 'came-back', enquiryId: id, field: earlier.id }, now)] : []),
      ...(heldApart && record
        ? [auditRow({ actorId: null, action: 'held-apart', enquiryId: id, field: record.id }, now)]
        : []),
      ...(owner && owner.id !== earlier?.assignee_id
        ? [
            auditRow(
              {
                actorId: null,
                action: 'changed',
                enquiryId: id,
                field: 'assignee_id',
                from: earlier?.assignee_id ?? null,
                to: owner.id,
              },
              now,
            ),
          ]
        : []),
    ];
    if (audit.length > 0) await trx.insertInto('audit_log').values(audit).execute();
    // The member who took it knows of it.
    if (owner && owner.id !== takenBy) {
      const kind = record && owner.id === record.assignee_id ? 'came-back' : 'assigned';
      await notifyOwner(trx, { owner, enquiryId: id, kind, byEmail: emailOwner, now });
    }
    // The owner's email and push are notifyOwner's, above.
    const sendBy = queuedWith('enquiry', channels).filter(
      (channel) =>
        // A family asking again is not a new lead: Meta is not told of it twice.
        !(record && channel === 'meta') &&
        // Never out of the institute for an enquiry held beside a family's record, nor for a child's own whose parent's number is not proved.
        !(leavesTheInstitute(channel) && (heldApart || (isChildsOwn(enquiry) && !proved))),
    );
    if (sendBy.length > 0)
      await trx
        .insertInto('deliveries')
        .values(enquiryDeliveries(id, sendBy, now, context))
        .execute();
    return { id, created: true, sameSender: false, cameBack: Boolean(earlier), heldApart };
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
      await releaseSeatsOf(trx, old);
      await trx.deleteFrom('deliveries').where('enquiry_id', 'in', old).execute();
      await trx.deleteFrom('enquiry_notes').where('enquiry_id', 'in', old).execute();
      await trx.deleteFrom('audit_log').where('enquiry_id', 'in', old).execute();
      await trx.deleteFrom('notifications').where('enquiry_id', 'in', old).execute();
      const result = await trx
        .deleteFrom('enquiries')
        .where('created_at', '<', cutoff.toISOString())
        .executeTakeFirst();
      await forgetEmptyFamilies(trx);
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
      await releaseSeatsOf(trx, ids);
      await trx.deleteFrom('deliveries').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('enquiry_notes').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('audit_log').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('notifications').where('enquiry_id', 'in', ids).execute();
      await trx.deleteFrom('enquiries').where('id', 'in', ids).execute();
      if (person.phone) await trx.deleteFrom('family_phones').where('phone', '=', person.phone).execute();
      await forgetEmptyFamilies(trx);
      // A family that keeps other enquiries (found by another number) gets its newest back as its record.
      for (const familyId of new Set(rows.map((row) => row.family_id))) {
        const newest = await trx
          .selectFrom('enquiries')
          .select(['id', 'superseded_at'])
          .where('family_id', '=', familyId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (newest?.superseded_at) {
          await trx.updateTable('enquiries').set({ superseded_at: null }).where('id', '=', newest.id).execute();
        }
      }
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

  return { save, storeIn, listSince, streamSince, count, purgeOlderThan, erasePerson, addDetails };
}

export type EnquiryRepository = ReturnType<typeof createEnquiryRepository>;
