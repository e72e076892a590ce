/**
 * The desk's work on one enquiry: every field with its notes and audit trail, changes
 * (status, assignee, follow-up, with a note) made from a known version, and notes. A status
 * that is a stage the ads hear of (a booked visit, an enrolment) is recorded with the change
 * (conversion-events.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CallRecord, EnquiryChange } from '../../shared/schema/desk';
import { nextFollowUp, UNDO_SECONDS } from '../../shared/call-outcomes';
import { fromInstituteTime, localDate } from '../../shared/institute-calendar';
import { enquiryDeliveries, takenOver } from './enquiry-repository';
import { firstTouchOf } from './first-touch';
import { deskHours } from '../../shared/schema/desk-settings';
import { readSetting } from './desk-settings-repository';
import { statusNeedsReason } from '../../shared/schema/desk';
import { attributionFields } from '../../shared/schema/attribution';
import { leadKeyOf } from '../delivery/meta-stages';
import { auditRow } from './audit-log';
import { recordStage, type StageTelling } from './conversion-events';
import { notifyOwner } from './notifications-repository';
import { type Db, isUniqueViolation } from './database';
import type { Database, DeliveryChannel, EnquiryRow } from './schema';

/** A note and its line in the audit trail, inside the caller's transaction. `id`: the desk's own (earlierRequest). */
async function insertNote(
  trx: Transaction<Database>,
  enquiryId: string,
  body: string,
  authorId: string,
  now: Date,
  id: string = randomUUID(),
) {
  const note = { id, enquiry_id: enquiryId, author_id: authorId, body, created_at: now.toISOString() };
  await trx.insertInto('enquiry_notes').values(note).execute();
  await trx
    .insertInto('audit_log')
    .values(auditRow({ actorId: authorId, action: 'note-added', enquiryId }, now))
    .execute();
  return note;
}

/** What a call (or a message) recorded with a change sets: its row in `contacts`, the change it makes, and more of the row. */
export type ContactEffect = {
  kind: 'call' | 'whatsapp' | 'sms';
  /** The call's outcome, or the message's template. */
  what: string;
  change: Partial<EnquiryChange>;
  set: Partial<EnquiryRow>;
  /** When the next call is (ISO), for the trail. */
  next?: string | null;
  /** What happens next, in the desk's words. */
  why?: string;
};

/** The columns a call sets, put back by its undo. */
const UNDONE = [
  'status',
  'status_reason',
  'next_follow_up',
  'next_follow_up_at',
  'no_answers',
  'first_called_at',
  'first_contacted_at',
] as const satisfies readonly (keyof EnquiryRow)[];
/** contacts.undo: the version the call made, and the columns as they were before it. */
type CallUndo = { version: number; before: Pick<EnquiryRow, (typeof UNDONE)[number]> };

export type UndoResult =
  | { outcome: 'undone'; version: number; what: string }
  /** No call of this member's on it that may still be undone. */
  | { outcome: 'none' }
  /** Its window passed: the call stands. */
  | { outcome: 'too-late' }
  /** Someone changed the enquiry since: undoing would undo their work too. */
  | { outcome: 'changed' }
  | { outcome: 'not-found' };

/**
 * The desk's own id for what a member of staff sends (a call, a message opened, a note), made when
 * they send it and sent again with it when no answer came (a weak signal): stored as that row's
 * id, so a request that arrives twice is stored once. `mine`: a row with that id is this member's,
 * on this enquiry (the first request was stored); `taken`: it is someone else's, or another
 * enquiry's (the id was not the desk's own).
 */
async function earlierRequest(
  trx: Pick<Transaction<Database>, 'selectFrom'>,
  enquiryId: string,
  actorId: string,
  { contactId, noteId }: { contactId?: string; noteId?: string },
): Promise<'mine' | 'taken' | undefined> {
  const row = contactId
    ? await trx
        .selectFrom('contacts')
        .select(['enquiry_id', 'staff_id as by'])
        .where('id', '=', contactId)
        .executeTakeFirst()
    : noteId
      ? await trx
          .selectFrom('enquiry_notes')
          .select(['enquiry_id', 'author_id as by'])
          .where('id', '=', noteId)
          .executeTakeFirst()
      : undefined;
  if (!row) return undefined;
  return row.enquiry_id === enquiryId && row.by === actorId ? 'mine' : 'taken';
}

/**
 * Stores a request under the desk's id (`attempt`). The same request sent twice at once: the second
 * waits for the first's row, then is refused it (a unique violation), and answers with what the
 * first stored (`first`, read once it is there).
 */
async function storedOnce<Result>(attempt: Promise<Result>, first: () => Promise<Result | undefined>) {
  try {
    return await attempt;
  } catch (error) {
    const stored = isUniqueViolation(error) ? await first() : undefined;
    if (stored) return stored;
    throw error;
  }
}

export type ChangeResult =
  /**
   * queued: an event for the ads was queued in the outbox (the worker may send it now).
   * repeated: the same request had been stored already (its id, earlierRequest): nothing more was.
   */
  | { outcome: 'changed'; version: number; queued: boolean; why?: string; repeated?: true }
  /** The request's id is another member's or another enquiry's. */
  | { outcome: 'id-taken' }
  | { outcome: 'conflict'; current: EnquiryRow }
  /** The family asked again: its newest enquiry is its record now, and changes go there. */
  | { outcome: 'moved'; recordId: string }
  | { outcome: 'not-found' };

export function createEnquiryWorkRepository(database: Db) {
  const { db } = database;

  /**
   * One enquiry, every field, with who it is assigned to; its family's other enquiries and
   * numbers; and the notes and audit trail of the whole family (newest first).
   */
  async function detail(id: string) {
    const enquiry = await db
      .selectFrom('enquiries')
      .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
      .selectAll('enquiries')
      .select('staff.name as assignee_name')
      .where('enquiries.id', '=', id)
      .executeTakeFirst();
    if (!enquiry) return undefined;
    const [others, phones] = await Promise.all([
      db
        .selectFrom('enquiries')
        .select([
          'id',
          'created_at',
          'course',
          'student_name',
          'phone',
          'superseded_at',
          'repeat_check',
          'number_proved_at',
          'number_proved_by',
          ...Object.values(attributionFields).map(({ column }) => column),
        ])
        .where('family_id', '=', enquiry.family_id)
        .where('id', '!=', id)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute(),
      db
        .selectFrom('family_phones')
        .select('phone')
        .where('family_id', '=', enquiry.family_id)
        .orderBy('phone')
        .execute(),
    ]);
    const ids = [id, ...others.map((other) => other.id)];
    const [notes, audit] = await Promise.all([
      db
        .selectFrom('enquiry_notes')
        .leftJoin('staff', 'staff.id', 'enquiry_notes.author_id')
        .select(['enquiry_notes.id', 'enquiry_notes.body', 'enquiry_notes.created_at', 'staff.name as author_name'])
        .where('enquiry_notes.enquiry_id', 'in', ids)
        .orderBy('enquiry_notes.created_at', 'desc')
        .execute(),
      db
        .selectFrom('audit_log')
        .leftJoin('staff', 'staff.id', 'audit_log.actor_id')
        .selectAll('audit_log')
        .select('staff.name as actor_name')
        .where('audit_log.enquiry_id', 'in', ids)
        .orderBy('audit_log.at', 'desc')
        .execute(),
    ]);
    return { enquiry, family: { enquiries: others, phones: phones.map((row) => row.phone) }, notes, audit };
  }

  /**
   * Applies a change made from `change.version`. If someone else changed the enquiry
   * since, nothing is applied and the current row comes back (outcome 'conflict').
   * Every field that changes gets an audit row, in the same transaction.
   */
  async function change(
    id: string,
    input: EnquiryChange,
    actorId: string,
    {
      emailOwner = false,
      now = new Date(),
      telling,
      contact,
      contactId,
      holdAdsUntil,
    }: {
      emailOwner?: boolean;
      now?: Date;
      /** The desk's id for the call or message (earlierRequest): the contact row's id. */
      contactId?: string;
      /** The ads are not told of a stage reached before then (a call's undo window). */
      holdAdsUntil?: Date;
      /** How to tell the ads of a stage reached (none: they are not told). */
      telling?: StageTelling;
      /** A call or message recorded with the change: what it sets, from the enquiry as it is (recordCall). */
      contact?: (current: EnquiryRow, trx: Transaction<Database>) => Promise<ContactEffect>;
    } = {},
  ): Promise<ChangeResult> {
    const request = { contactId, noteId: input.note ? input.noteId : undefined };
    /** After the race storedOnce settles: the first copy's, as the enquiry is now. */
    const firstCopy = async (): Promise<ChangeResult | undefined> => {
      const earlier = await earlierRequest(db, id, actorId, request);
      if (earlier === 'taken') return { outcome: 'id-taken' };
      if (earlier !== 'mine') return undefined;
      const { version } = await db
        .selectFrom('enquiries')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { outcome: 'changed', version, queued: false, repeated: true };
    };
    const applied = db.transaction().execute(async (trx): Promise<ChangeResult> => {
      const current = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return { outcome: 'not-found' };
      const earlier = await earlierRequest(trx, id, actorId, request);
      if (earlier === 'taken') return { outcome: 'id-taken' };
      // A call sent again after an answer that never came: the first was stored, whole.
      if (earlier === 'mine' && request.contactId)
        return { outcome: 'changed', version: current.version, queued: false, repeated: true };
      // A save sent again: its note was stored by the first copy, with what else it asked (one
      // transaction). The note is not stored twice; the rest is compared with the enquiry below.
      const noteStored = earlier === 'mine';
      if (noteStored) input = { ...input, note: undefined };
      if (current.superseded_at) {
        const record = await trx
          .selectFrom('enquiries')
          .select('id')
          .where('family_id', '=', current.family_id)
          .where('superseded_at', 'is', null)
          .executeTakeFirst();
        if (record) return { outcome: 'moved', recordId: record.id };
      }
      // From an older version: someone else's change came first, or this save's own first copy did.
      const stale = current.version !== input.version;
      if (stale && !noteStored) return { outcome: 'conflict', current };
      const effect = !stale && contact ? await contact(current, trx) : undefined;
      if (effect) input = { ...input, ...effect.change };

      const set: Partial<EnquiryRow> = { ...effect?.set };
      const audit: Parameters<typeof auditRow>[0][] = [];
      const field = (name: 'status' | 'assignee_id' | 'next_follow_up', to: string | null | undefined) => {
        if (to === undefined || to === current[name]) return;
        set[name] = to as never;
        audit.push({ actorId, action: 'changed', enquiryId: id, field: name, from: current[name], to });
      };
      field('status', input.status);
      field('assignee_id', input.assigneeId);
      if (!effect && input.nextFollowUp !== undefined) {
        // The next call set by hand: its day, and its time when one was picked (a day alone has
        // none; the call's own time, set by an outcome's rule, goes with the day it replaces).
        const picked = input.nextFollowUp;
        const at = picked && picked.length > 10 ? fromInstituteTime(picked).toISOString() : null;
        const dayBefore = current.next_follow_up;
        field('next_follow_up', picked ? picked.slice(0, 10) : null);
        if (at !== current.next_follow_up_at) {
          set.next_follow_up_at = at;
          if ((picked ? picked.slice(0, 10) : null) === dayBefore)
            audit.push({
              actorId,
              action: 'changed',
              enquiryId: id,
              field: 'next_follow_up',
              from: current.next_follow_up_at ?? dayBefore,
              to: at,
            });
        }
      } else field('next_follow_up', input.nextFollowUp);
      if (input.status) {
        const reason = statusNeedsReason(input.status) ? (input.reason ?? null) : null;
        if (reason !== current.status_reason) {
          set.status_reason = reason;
          if (reason)
            audit.push({
              actorId,
              action: 'changed',
              enquiryId: id,
              field: 'status_reason',
              from: current.status_reason,
              to: reason,
            });
        }
        if (input.status !== 'new' && !current.first_contacted_at) set.first_contacted_at = now.toISOString();
      }
      // The first copy of this save moved the version: what it asks is there already, unless
      // someone changed the enquiry since (then it conflicts like any other).
      if (stale)
        return Object.keys(set).length === 0
          ? { outcome: 'changed', version: current.version, queued: false, repeated: true }
          : { outcome: 'conflict', current };
      if (effect) {
        await trx
          .insertInto('contacts')
          .values({
            id: contactId ?? randomUUID(),
            enquiry_id: id,
            family_id: current.family_id,
            staff_id: actorId,
            kind: effect.kind,
            what: effect.what,
            at: now.toISOString(),
            // What "Undo" puts back, while nobody has changed the enquiry since (undoCall).
            undo:
              effect.kind === 'call'
                ? JSON.stringify({
                    version: current.version + 1,
                    before: Object.fromEntries(UNDONE.map((column) => [column, current[column]])) as CallUndo['before'],
                  } satisfies CallUndo)
                : null,
          })
          .execute();
        audit.push({ actorId, action: effect.kind, enquiryId: id, field: effect.what, to: effect.next ?? null });
      }
      if (Object.keys(set).length === 0 && !effect) {
        if (input.note) await insertNote(trx, id, input.note, actorId, now, input.noteId);
        return { outcome: 'changed', version: current.version, queued: false };
      }

      const result = await trx
        .updateTable('enquiries')
        .set({ ...set, version: current.version + 1 })
        .where('id', '=', id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const latest = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return { outcome: 'conflict', current: latest };
      }
      await trx
        .insertInto('audit_log')
        .values(audit.map((entry) => auditRow(entry, now)))
        .execute();
      if (input.note) await insertNote(trx, id, input.note, actorId, now, input.noteId);
      // Someone given a lead by another member is told, as the rules' owners are.
      if (set.assignee_id && set.assignee_id !== actorId) {
        const owner = await trx
          .selectFrom('staff')
          .select(['id', 'name', 'email'])
          .where('id', '=', set.assignee_id)
          .executeTakeFirstOrThrow();
        await notifyOwner(trx, { owner, enquiryId: id, kind: 'assigned', byEmail: emailOwner, now });
      }
      // The stage the new status reaches, for the ads: once per lead (recordStage).
      const changed = { ...current, ...set, version: current.version + 1 };
      const queued =
        set.status && telling
          ? await recordStage(trx, changed, leadKeyOf(changed), telling, now, holdAdsUntil ?? now)
          : false;
      return { outcome: 'changed', version: changed.version, queued, ...(effect?.why ? { why: effect.why } : {}) };
    });
    return storedOnce(applied, firstCopy);
  }

  /**
   * A call and what it came to (shared/call-outcomes.ts), from the version the counsellor was
   * looking at: one change that records the call, sets the status and the next call by the
   * outcome's rule (in the desk's working time), and counts unanswered calls in a row.
   */
  function recordCall(
    id: string,
    call: CallRecord,
    actorId: string,
    options: Omit<NonNullable<Parameters<typeof change>[3]>, 'contact'> = {},
  ) {
    const now = options.now ?? new Date();
    return change(id, { version: call.version, ...(call.note ? { note: call.note } : {}) }, actorId, {
      ...options,
      now,
      contactId: call.id,
      holdAdsUntil: new Date(now.getTime() + UNDO_SECONDS * 1000),
      contact: async (current, trx) => {
        const hours = deskHours(await readSetting(trx, 'first-contact'));
        const next = nextFollowUp(call.outcome, {
          at: now,
          previousNoAnswers: current.no_answers,
          hours,
          ...(call.next ? { picked: fromInstituteTime(call.next) } : {}),
        });
        return {
          kind: 'call',
          what: call.outcome,
          change: {
            ...(next.status ? { status: next.status } : {}),
            ...(next.reason || call.reason ? { reason: next.reason ?? call.reason } : {}),
            nextFollowUp: next.date,
          },
          set: {
            first_called_at: current.first_called_at ?? now.toISOString(),
            no_answers: next.noAnswersInARow,
            next_follow_up_at: next.at?.toISOString() ?? null,
          },
          next: next.at?.toISOString() ?? null,
          why: next.why,
        };
      },
    });
  }

  /**
   * Undoes the last call `actorId` recorded on the enquiry, within UNDO_SECONDS of it and while
   * nobody has changed the enquiry since: its columns as they were, the call gone from the
   * family's history (it did not happen), the ads' event it queued withdrawn (it was held back
   * until the window passed) and the trail saying so. A later call stands as it is.
   */
  async function undoCall(id: string, actorId: string, now = new Date()): Promise<UndoResult> {
    return db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return { outcome: 'not-found' };
      const call = await trx
        .selectFrom('contacts')
        .selectAll()
        .where('enquiry_id', '=', id)
        .where('kind', '=', 'call')
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!call?.undo || call.staff_id !== actorId) return { outcome: 'none' };
      if (Date.parse(call.at) + UNDO_SECONDS * 1000 < now.getTime()) return { outcome: 'too-late' };
      const undo = JSON.parse(call.undo) as CallUndo;
      const restored = await trx
        .updateTable('enquiries')
        .set({ ...undo.before, version: current.version + 1 })
        .where('id', '=', id)
        .where('version', '=', undo.version)
        .executeTakeFirst();
      if (Number(restored.numUpdatedRows) === 0) return { outcome: 'changed' };
      await trx.deleteFrom('contacts').where('id', '=', call.id).execute();
      // The ads' event this call queued, held back until now: withdrawn, and the stage free again.
      await trx
        .deleteFrom('deliveries')
        .where('enquiry_id', '=', id)
        .where('created_at', '=', call.at)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .execute();
      await trx.deleteFrom('conversion_events').where('enquiry_id', '=', id).where('at', '=', call.at).execute();
      await trx
        .insertInto('audit_log')
        .values(auditRow({ actorId, action: 'call-undone', enquiryId: id, field: call.what, to: null }, now))
        .execute();
      return { outcome: 'undone', version: current.version + 1, what: call.what };
    });
  }

  /**
   * A WhatsApp or SMS message a counsellor opened from a template: in the family's history and the
   * trail. Not a change of the enquiry (no version): opening a message never conflicts with a save.
   */
  async function recordMessage(
    enquiryId: string,
    template: { id: string; channel: 'whatsapp' | 'sms' },
    actorId: string,
    { now = new Date(), id }: { now?: Date; /** The desk's own (earlierRequest). */ id?: string } = {},
  ): Promise<'recorded' | 'repeated' | 'id-taken' | 'not-found'> {
    const earlier = async (trx: Pick<Transaction<Database>, 'selectFrom'>) => {
      const found = id && (await earlierRequest(trx, enquiryId, actorId, { contactId: id }));
      return found === 'mine' ? 'repeated' : found === 'taken' ? 'id-taken' : undefined;
    };
    const recorded = db.transaction().execute(async (trx) => {
      const enquiry = await trx
        .selectFrom('enquiries')
        .select(['id', 'family_id'])
        .where('id', '=', enquiryId)
        .executeTakeFirst();
      if (!enquiry) return 'not-found';
      const repeated = await earlier(trx);
      if (repeated) return repeated;
      await trx
        .insertInto('contacts')
        .values({
          id: id ?? randomUUID(),
          enquiry_id: enquiry.id,
          family_id: enquiry.family_id,
          staff_id: actorId,
          kind: template.channel,
          what: template.id,
          at: now.toISOString(),
        })
        .execute();
      await trx
        .insertInto('audit_log')
        .values(auditRow({ actorId, action: template.channel, enquiryId, field: template.id }, now))
        .execute();
      return 'recorded';
    });
    return storedOnce(recorded, () => earlier(db));
  }

  /**
   * Two families one by hand (different numbers, one family: a parent's and a student's): the
   * other family's enquiries, numbers, calls and what the ads were told join this record's
   * family. The newer of the two records stays the record, with this record's work on it (the
   * one the member chose to keep: owner, status, follow-up), the earlier first call and the
   * earlier first enquiry, with what brought it (first touch). The merge is in both families' trails.
   */
  async function mergeFamilies(
    recordId: string,
    otherPhone: string,
    actorId: string,
    now = new Date(),
  ): Promise<
    | { outcome: 'merged'; recordId: string }
    | { outcome: 'not-found' | 'no-such-number' | 'same-family' }
    | { outcome: 'moved'; recordId: string }
  > {
    return db.transaction().execute(async (trx) => {
      const keep = await trx.selectFrom('enquiries').selectAll().where('id', '=', recordId).executeTakeFirst();
      if (!keep) return { outcome: 'not-found' };
      if (keep.superseded_at) {
        const record = await trx
          .selectFrom('enquiries')
          .select('id')
          .where('family_id', '=', keep.family_id)
          .where('superseded_at', 'is', null)
          .executeTakeFirstOrThrow();
        return { outcome: 'moved', recordId: record.id };
      }
      const number = await trx
        .selectFrom('family_phones')
        .select('family_id')
        .where('phone', '=', otherPhone)
        .executeTakeFirst();
      if (!number) return { outcome: 'no-such-number' };
      if (number.family_id === keep.family_id) return { outcome: 'same-family' };
      const otherFamily = number.family_id;
      const other = await trx
        .selectFrom('enquiries')
        .selectAll()
        .where('family_id', '=', otherFamily)
        .where('superseded_at', 'is', null)
        .executeTakeFirst();
      const earliest = (a: string | null, b: string | null | undefined) => (!a ? (b ?? null) : !b || a < b ? a : b);
      const otherIsNewer = Boolean(other && other.created_at > keep.created_at);
      const record = otherIsNewer && other ? other : keep;
      const history = record === keep ? other : keep;
      // One record per family (a unique index): the other record becomes history first.
      if (history)
        await trx
          .updateTable('enquiries')
          .set({ superseded_at: now.toISOString() })
          .where('id', '=', history.id)
          .execute();
      await trx
        .updateTable('enquiries')
        .set({ family_id: keep.family_id })
        .where('family_id', '=', otherFamily)
        .execute();
      await trx
        .updateTable('family_phones')
        .set({ family_id: keep.family_id })
        .where('family_id', '=', otherFamily)
        .execute();
      await trx
        .updateTable('contacts')
        .set({ family_id: keep.family_id })
        .where('family_id', '=', otherFamily)
        .execute();
      // What the ads were told stays told once per family: a stage told of both keeps this family's.
      const told = trx.selectFrom('conversion_events').select('stage').where('lead_key', '=', keep.family_id);
      await trx
        .deleteFrom('conversion_events')
        .where('lead_key', '=', otherFamily)
        .where('stage', 'in', told)
        .execute();
      await trx
        .updateTable('conversion_events')
        .set({ lead_key: keep.family_id })
        .where('lead_key', '=', otherFamily)
        .execute();
      await trx
        .updateTable('enquiries')
        .set({
          status: keep.status,
          status_reason: keep.status_reason,
          assignee_id: keep.assignee_id,
          next_follow_up: keep.next_follow_up,
          next_follow_up_at: keep.next_follow_up_at,
          no_answers: keep.no_answers,
          first_contacted_at: earliest(keep.first_contacted_at, other?.first_contacted_at),
          first_called_at: earliest(keep.first_called_at, other?.first_called_at),
          lead_received_at: earliest(keep.lead_received_at, other?.lead_received_at),
          // What brought the family first: the family that asked first's.
          ...firstTouchOf(
            other && (other.lead_received_at ?? other.created_at) < (keep.lead_received_at ?? keep.created_at)
              ? other
              : keep,
          ),
          version: record.version + 1,
        })
        .where('id', '=', record.id)
        .execute();
      await trx
        .insertInto('audit_log')
        .values(
          [record.id, ...(history ? [history.id] : [])].map((enquiryId) =>
            auditRow({ actorId, action: 'merged', enquiryId, field: otherFamily, to: otherPhone }, now),
          ),
        )
        .execute();
      return { outcome: 'merged', recordId: record.id };
    });
  }

  /**
   * An enquiry kept beside its family's record because its sender proved no number of the family
   * (repeat_check 'pending', enquiry-repository.ts): a counsellor who has spoken to the family
   * confirms it (it becomes the record, taking over the record's work, as a proved one does at
   * once) or keeps it apart (it stays beside the record, marked, and changes nothing).
   */
  async function settleRepeat(
    id: string,
    decision: 'confirm' | 'apart',
    actorId: string,
    now = new Date(),
  ): Promise<{ outcome: 'confirmed' | 'kept-apart'; recordId: string } | { outcome: 'not-found' | 'settled' }> {
    return db.transaction().execute(async (trx) => {
      // Claimed by the update: two members settling it at once settle it once.
      const repeat = await trx
        .updateTable('enquiries')
        .set({ repeat_check: decision === 'apart' ? 'kept-apart' : null })
        .where('id', '=', id)
        .where('repeat_check', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!repeat) {
        const exists = await trx.selectFrom('enquiries').select('id').where('id', '=', id).executeTakeFirst();
        return { outcome: exists ? 'settled' : 'not-found' };
      }
      const record = await trx
        .selectFrom('enquiries')
        .selectAll()
        .where('family_id', '=', repeat.family_id)
        .where('superseded_at', 'is', null)
        .executeTakeFirst();
      if (decision === 'apart') {
        await trx
          .insertInto('audit_log')
          .values(auditRow({ actorId, action: 'kept-apart', enquiryId: id, field: record?.id }, now))
          .execute();
        return { outcome: 'kept-apart', recordId: record?.id ?? id };
      }
      if (record) {
        await trx
          .updateTable('enquiries')
          .set({ superseded_at: now.toISOString() })
          .where('id', '=', record.id)
          .execute();
      }
      await trx
        .updateTable('enquiries')
        .set((eb) => ({
          superseded_at: null,
          version: eb('version', '+', 1),
          ...(record
            ? { ...takenOver(record, localDate(now)), assignee_id: record.assignee_id ?? repeat.assignee_id }
            : {}),
        }))
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('audit_log')
        .values([
          auditRow({ actorId, action: 'confirmed', enquiryId: id, field: record?.id }, now),
          ...(record ? [auditRow({ actorId: null, action: 'came-back', enquiryId: id, field: record.id }, now)] : []),
        ])
        .execute();
      return { outcome: 'confirmed', recordId: id };
    });
  }

  /**
   * The family's number confirmed by a member of staff on a call (the parent's, for a child's
   * enquiry: the parent's consent verified): when and how are kept on the record, who in its trail.
   * False when there is no such enquiry; true also when it was proved already (nothing changes).
   */
  async function confirmNumber(
    id: string,
    actorId: string,
    {
      release = [],
      now = new Date(),
    }: {
      /**
       * Channels out of the institute held back until the number was proved (a child's own
       * enquiry: enquiry-repository.ts): queued now, once, unless the enquiry is kept beside a record.
       */
      release?: readonly DeliveryChannel[];
      now?: Date;
    } = {},
  ): Promise<{ queued: boolean } | undefined> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('enquiries')
        .select(['id', 'number_proved_at', 'repeat_check'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.number_proved_at) return { queued: false };
      await trx
        .updateTable('enquiries')
        .set((eb) => ({
          number_proved_at: now.toISOString(),
          number_proved_by: 'call',
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('audit_log')
        .values(auditRow({ actorId, action: 'number-confirmed', enquiryId: id, field: 'call' }, now))
        .execute();
      if (row.repeat_check !== null || release.length === 0) return { queued: false };
      const queued = await trx
        .insertInto('deliveries')
        .values(enquiryDeliveries(id, release, now))
        .onConflict((conflict) =>
          conflict.columns(['enquiry_id', 'channel']).where('registration_id', 'is', null).doNothing(),
        )
        .executeTakeFirst();
      return { queued: Number(queued.numInsertedOrUpdatedRows ?? 0) > 0 };
    });
  }

  /**
   * Adds a note (notes are never edited): the note, and whether it had been added already by the
   * same request (its id, earlierRequest); 'id-taken' when the id is another's; undefined when
   * there is no such enquiry.
   */
  async function addNote(
    enquiryId: string,
    body: string,
    authorId: string,
    { now = new Date(), id }: { now?: Date; /** The desk's own (earlierRequest). */ id?: string } = {},
  ) {
    const earlier = async (trx: Pick<Transaction<Database>, 'selectFrom'>) => {
      const found = id && (await earlierRequest(trx, enquiryId, authorId, { noteId: id }));
      if (found === 'taken') return 'id-taken' as const;
      if (found !== 'mine') return undefined;
      const note = await trx
        .selectFrom('enquiry_notes')
        .selectAll()
        .where('id', '=', id as string)
        .executeTakeFirstOrThrow();
      return { note, repeated: true };
    };
    const added = db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('enquiries').select('id').where('id', '=', enquiryId).executeTakeFirst();
      if (!exists) return undefined;
      const repeated = await earlier(trx);
      if (repeated) return repeated;
      return { note: await insertNote(trx, enquiryId, body, authorId, now, id), repeated: false };
    });
    return storedOnce(added, () => earlier(db));
  }

  return {
    detail,
    change,
    recordCall,
    undoCall,
    recordMessage,
    mergeFamilies,
    settleRepeat,
    confirmNumber,
    addNote,
  };
}

export type EnquiryWorkRepository = ReturnType<typeof createEnquiryWorkRepository>;
