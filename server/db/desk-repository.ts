/**
 * The desk's work on enquiries: the inbox (filters, search, pages), one enquiry with
 * its notes and audit trail, changes (status, assignee, follow-up, with a note) made
 * from a known version, notes, the day's list and the dashboard's figures.
 */
import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { EnquiryChange, InboxQuery } from '../../shared/schema/desk';
import { statusNeedsReason } from '../../shared/schema/desk';
import { NO_SOURCE } from '../../shared/schema/desk-vocabulary';
import { addDays, localDate, pastOneWorkingDay, startOfLocalDay, utcOffsetMinutes } from '../institute-calendar';
import { institute } from '../../shared/institute';
import { auditRow } from './audit-log';
import { type Db, streamRows } from './database';
import type { ExportedEnquiry } from './enquiry-repository';
import type { Database, EnquiryRow } from './schema';

/** Statuses after which nobody needs to call again. */
const CLOSED_STATUSES = ['enrolled', 'not-interested'];

const summaryColumns = [
  'enquiries.id',
  'enquiries.created_at',
  'enquiries.status',
  'enquiries.student_name',
  'enquiries.course',
  'enquiries.class_level',
  'enquiries.city',
  'enquiries.enquirer',
  'enquiries.language',
  'enquiries.phone',
  'enquiries.parent_name',
  'enquiries.parent_phone',
  'enquiries.assignee_id',
  'enquiries.next_follow_up',
  'enquiries.version',
  // Enough of where it came from to say it in a few words (describeSource).
  'enquiries.utm_source',
  'enquiries.utm_medium',
  'enquiries.utm_campaign',
  'enquiries.fbclid',
  'enquiries.gclid',
  'enquiries.referrer_host',
] as const;

/** How a search is read: ten or more digits are a phone number, some digits part of one, anything else a name. */
export function readSearch(q: string): { phone?: string; digits?: string; name?: string } {
  const digits = q.replace(/\D/g, '');
  const looksLikePhone = /^[\d\s+()./-]+$/.test(q);
  if (looksLikePhone && digits.length >= 10) return { phone: `+91${digits.slice(-10)}` };
  if (looksLikePhone && digits.length >= 3) return { digits };
  return { name: q.toLowerCase() };
}

/** LIKE with the user's % and _ taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  { outcome: 'changed'; version: number } | { outcome: 'conflict'; current: EnquiryRow } | { outcome: 'not-found' };

/** The fewest characters a trigram index can look up; shorter searches read every row. */
const TRIGRAM = 3;
const usesIndex = (text: string) => [...text].length >= TRIGRAM;

/**
 * SQLite: the rows whose columns contain `text`, from the FTS5 trigram index (migration
 * 007). The LIKE conditions stay beside it, so the index narrows the rows and LIKE
 * decides (PostgreSQL's trigram indexes serve LIKE by themselves).
 */
function inSearchIndex(columns: string[], text: string) {
  const phrase = `{${columns.join(' ')}}: "${text.replaceAll('"', '""')}"`;
  return sql<boolean>`enquiries.rowid in (select rowid from enquiry_search where enquiry_search match ${phrase})`;
}

export function createDeskRepository(database: Db) {
  const { db, engine } = database;
  function filtered(query: InboxQuery, staffId: string) {
    return (eb: ExpressionBuilder<Database, 'enquiries'>) => {
      const conditions = [];
      if (query.status) conditions.push(eb('enquiries.status', '=', query.status));
      if (query.course) conditions.push(eb('enquiries.course', '=', query.course));
      if (query.assignee === 'none') conditions.push(eb('enquiries.assignee_id', 'is', null));
      else if (query.assignee)
        conditions.push(eb('enquiries.assignee_id', '=', query.assignee === 'me' ? staffId : query.assignee));
      if (query.source === NO_SOURCE) conditions.push(eb('enquiries.utm_source', 'is', null));
      else if (query.source) conditions.push(eb('enquiries.utm_source', '=', query.source));
      if (query.from) conditions.push(eb('enquiries.created_at', '>=', startOfLocalDay(query.from).toISOString()));
      if (query.to)
        conditions.push(eb('enquiries.created_at', '<', startOfLocalDay(addDays(query.to, 1)).toISOString()));
      if (query.q) {
        const search = readSearch(query.q);
        if (search.phone)
          conditions.push(
            eb.or([eb('enquiries.phone', '=', search.phone), eb('enquiries.parent_phone', '=', search.phone)]),
          );
        if (search.digits) {
          const pattern = `%${search.digits}%`;
          conditions.push(
            eb.or([eb('enquiries.phone', 'like', pattern), eb('enquiries.parent_phone', 'like', pattern)]),
          );
          if (engine === 'sqlite') conditions.push(inSearchIndex(['phone', 'parent_phone'], search.digits));
        }
        if (search.name) {
          const pattern = `%${likeEscape(search.name)}%`;
          conditions.push(
            eb.or([
              eb(sql`lower(enquiries.student_name)`, 'like', sql`${pattern} escape '\\'`),
              eb(sql`lower(enquiries.parent_name)`, 'like', sql`${pattern} escape '\\'`),
            ]),
          );
          if (engine === 'sqlite' && usesIndex(search.name))
            conditions.push(inSearchIndex(['student_name', 'parent_name'], search.name));
        }
      }
      return eb.and(conditions);
    };
  }

  /**
   * One page of the inbox, newest first, and how many match in all.
   * A search takes its rows from the trigram index; SQLite would still rather walk the
   * date index newest first, testing every row, until a page is full: the whole table
   * when little matches (a quarter of a second at 100,000). `+created_at` keeps it from
   * using that index for the order: it takes the matches and sorts them.
   */
  async function inbox(query: InboxQuery, staffId: string) {
    const where = filtered(query, staffId);
    const search = query.q ? readSearch(query.q) : {};
    const scanThenSort = engine === 'sqlite' && Boolean(search.digits || (search.name && usesIndex(search.name)));
    const newestFirst = scanThenSort ? sql`+enquiries.created_at` : sql.ref('enquiries.created_at');
    const [items, total] = await Promise.all([
      db
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .select([...summaryColumns, 'staff.name as assignee_name'])
        .where(where)
        .orderBy(newestFirst, 'desc')
        .orderBy('enquiries.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      db
        .selectFrom('enquiries')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  }

  /** One enquiry, every field, with who it is assigned to, its notes and its audit trail (newest first). */
  async function detail(id: string) {
    const enquiry = await db
      .selectFrom('enquiries')
      .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
      .selectAll('enquiries')
      .select('staff.name as assignee_name')
      .where('enquiries.id', '=', id)
      .executeTakeFirst();
    if (!enquiry) return undefined;
    const [notes, audit] = await Promise.all([
      db
        .selectFrom('enquiry_notes')
        .leftJoin('staff', 'staff.id', 'enquiry_notes.author_id')
        .select(['enquiry_notes.id', 'enquiry_notes.body', 'enquiry_notes.created_at', 'staff.name as author_name'])
        .where('enquiry_notes.enquiry_id', '=', id)
        .orderBy('enquiry_notes.created_at', 'desc')
        .execute(),
      db
        .selectFrom('audit_log')
        .leftJoin('staff', 'staff.id', 'audit_log.actor_id')
        .selectAll('audit_log')
        .select('staff.name as actor_name')
        .where('audit_log.enquiry_id', '=', id)
        .orderBy('audit_log.at', 'desc')
        .execute(),
    ]);
    return { enquiry, notes, audit };
  }

  /**
   * Applies a change made from `change.version`. If someone else changed the enquiry
   * since, nothing is applied and the current row comes back (outcome 'conflict').
   * Every field that changes gets an audit row, in the same transaction.
   */
  async function change(id: string, input: EnquiryChange, actorId: string, now = new Date()): Promise<ChangeResult> {
    return db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return { outcome: 'not-found' };
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

  /** Where signing in lands: follow-ups due today or overdue, and new enquiries nobody has contacted, oldest first. */
  async function today(now = new Date()) {
    const date = localDate(now);
    const columns = [...summaryColumns, 'staff.name as assignee_name'] as const;
    const [followUps, fresh] = await Promise.all([
      db
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .select(columns)
        .where('enquiries.next_follow_up', '<=', date)
        .where('enquiries.status', 'not in', CLOSED_STATUSES)
        .orderBy('enquiries.next_follow_up')
        .orderBy('enquiries.created_at')
        .limit(500)
        .execute(),
      db
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .select(columns)
        .where('enquiries.status', '=', 'new')
        .orderBy('enquiries.created_at')
        .limit(500)
        .execute(),
    ]);
    return {
      date,
      followUps: followUps.map((row) => ({ ...row, overdue: (row.next_follow_up ?? date) < date })),
      fresh: fresh.map((row) => ({
        ...row,
        ageMs: now.getTime() - new Date(row.created_at).getTime(),
        late: pastOneWorkingDay(new Date(row.created_at), now),
      })),
    };
  }

  /** The dashboard's figures for the last `days` days (local dates, today included). */
  async function dashboard(days: number, now = new Date()) {
    const firstDay = addDays(localDate(now), -(days - 1));
    const since = startOfLocalDay(firstDay).toISOString();
    // The institute's local date of each enquiry. PostgreSQL knows time zones; SQLite is
    // given the zone's offset now (India keeps one offset all year). Literals, not
    // parameters, so that the grouped expression is the selected one (both are ours:
    // the zone is checked with the content at build time).
    const day =
      engine === 'postgres'
        ? sql<string>`to_char(created_at::timestamptz at time zone ${sql.lit(institute.timeZone)}, 'YYYY-MM-DD')`
        : sql<string>`substr(datetime(created_at, ${sql.lit(`${utcOffsetMinutes(now)} minutes`)}), 1, 10)`;
    const recent = db.selectFrom('enquiries').where('created_at', '>=', since);
    /** Enquiries and enrolments per value of a column (null: the visit did not say). */
    const outcomesBy = (column: 'utm_source' | 'utm_campaign') =>
      recent
        .select([
          `${column} as value`,
          (eb) => eb.fn.countAll<string | number>().as('n'),
          sql<string | number>`sum(case when status = 'enrolled' then 1 else 0 end)`.as('enrolled'),
        ])
        .groupBy(column)
        .orderBy('n', 'desc')
        .execute();
    const [perDay, byStatus, enrolled, contacted, bySource, byCampaign] = await Promise.all([
      recent
        .select([day.as('day'), 'course', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy([day, 'course'])
        .execute(),
      recent
        .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy('status')
        .execute(),
      recent
        .select(['course', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('status', '=', 'enrolled')
        .groupBy('course')
        .execute(),
      recent.select(['created_at', 'first_contacted_at']).where('first_contacted_at', 'is not', null).execute(),
      outcomesBy('utm_source'),
      outcomesBy('utm_campaign'),
    ]);
    const outcomes = (rows: Awaited<ReturnType<typeof outcomesBy>>) =>
      rows.map((row) => ({ value: row.value, count: Number(row.n), enrolled: Number(row.enrolled) }));
    const waits = contacted
      .map((row) => new Date(row.first_contacted_at ?? row.created_at).getTime() - new Date(row.created_at).getTime())
      .sort((a, b) => a - b);
    const middle = Math.floor(waits.length / 2);
    const medianMs =
      waits.length === 0
        ? null
        : waits.length % 2
          ? waits[middle]
          : ((waits[middle - 1] ?? 0) + (waits[middle] ?? 0)) / 2;
    return {
      days,
      firstDay,
      lastDay: localDate(now),
      perDay: perDay.map((row) => ({ day: row.day, course: row.course, count: Number(row.n) })),
      byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.n) })),
      enrolledByCourse: enrolled.map((row) => ({ course: row.course, count: Number(row.n) })),
      firstContact: { medianMs: medianMs ?? null, contacted: waits.length },
      bySource: outcomes(bySource),
      byCampaign: outcomes(byCampaign),
    };
  }

  /**
   * Every enquiry the filters match, oldest first, every column (the export), streamed from a
   * cursor: nothing is read until the first row is asked for.
   */
  const exportRows = (query: InboxQuery, staffId: string): AsyncGenerator<ExportedEnquiry> =>
    streamRows(database, (reader) =>
      reader
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .selectAll('enquiries')
        .select('staff.name as assignee_name')
        .where(filtered(query, staffId))
        .orderBy('enquiries.created_at')
        .orderBy('enquiries.id'),
    );

  /** The campaign sources enquiries have come with (the inbox's filter), the most frequent first. */
  const sources = async () =>
    (
      await db
        .selectFrom('enquiries')
        .select(['utm_source', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('utm_source', 'is not', null)
        .groupBy('utm_source')
        .orderBy('n', 'desc')
        .limit(50)
        .execute()
    ).map((row) => row.utm_source as string);

  return { inbox, detail, change, addNote, today, dashboard, exportRows, sources };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
