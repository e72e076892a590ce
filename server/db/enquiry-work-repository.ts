/**
 * The desk's work on one enquiry: every field with its notes and audit trail, changes
 * (status, assignee, follow-up, with a note) made from a known version, and notes.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { EnquiryChange } from '../../shared/schema/desk';
import { statusNeedsReason } from '../../shared/schema/desk';
import { attributionFields } from '../../shared/schema/attribution';
import { auditRow } from './audit-log';
import { notifyOwner } from './notifications-repository';
import type { Db } from './database';
import type { Database, EnquiryRow } from './schema';

/** A note and its line in the audit trail, inside the caller's transaction. */
async function insertNote(trx: Transaction<Database>, enquiryId: string, body: string, authorId: string, now: Date) {
  const note = { id: randomUUID(), enquiry_id: enquiryId, author_id: authorId, body, created_at: now.toISOString() };
  await trx.insertInto('enquiry_notes').values(note).execute();
  await trx
    .insertInto('audit_log')
    .values(auditRow({ actorId: authorId, action: 'note-added', enquiryId }, now))
    .execute();
  return note;
}

export type ChangeResult =
  | { outcome: 'changed'; version: number }
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
    { emailOwner = false, now = new Date() }: { emailOwner?: boolean; now?: Date } = {},
  ): Promise<ChangeResult> {
    return db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return { outcome: 'not-found' };
      if (current.superseded_at) {
        const record = await trx
          .selectFrom('enquiries')
          .select('id')
          .where('family_id', '=', current.family_id)
          .where('superseded_at', 'is', null)
          .executeTakeFirst();
        if (record) return { outcome: 'moved', recordId: record.id };
      }
      if (current.version !== input.version) return { outcome: 'conflict', current };

      const set: Partial<EnquiryRow> = {};
      const audit: Parameters<typeof auditRow>[0][] = [];
      const field = (name: 'status' | 'assignee_id' | 'next_follow_up', to: string | null | undefined) => {
        if (to === undefined || to === current[name]) return;
        set[name] = to as never;
        audit.push({ actorId, action: 'changed', enquiryId: id, field: name, from: current[name], to });
      };
      field('status', input.status);
      field('assignee_id', input.assigneeId);
      field('next_follow_up', input.nextFollowUp);
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
      if (Object.keys(set).length === 0) {
        if (input.note) await insertNote(trx, id, input.note, actorId, now);
        return { outcome: 'changed', version: current.version };
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
      if (input.note) await insertNote(trx, id, input.note, actorId, now);
      // Someone given a lead by another member is told, as the rules' owners are.
      if (set.assignee_id && set.assignee_id !== actorId) {
        const owner = await trx
          .selectFrom('staff')
          .select(['id', 'name', 'email'])
          .where('id', '=', set.assignee_id)
          .executeTakeFirstOrThrow();
        await notifyOwner(trx, { owner, enquiryId: id, kind: 'assigned', byEmail: emailOwner, now });
      }
      return { outcome: 'changed', version: current.version + 1 };
    });
  }

  /** Adds a note (notes are never edited); false when there is no such enquiry. */
  async function addNote(enquiryId: string, body: string, authorId: string, now = new Date()) {
    return db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('enquiries').select('id').where('id', '=', enquiryId).executeTakeFirst();
      if (!exists) return undefined;
      return insertNote(trx, enquiryId, body, authorId, now);
    });
  }

  return { detail, change, addNote };
}

export type EnquiryWorkRepository = ReturnType<typeof createEnquiryWorkRepository>;
