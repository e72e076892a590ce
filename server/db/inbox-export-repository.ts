/**
 * The desk's export: every family's record the inbox's filters match, every column
 * (inbox-repository.ts), with the family's notes.
 */
import { sql } from 'kysely';
import type { InboxQuery } from '../../shared/schema/desk';
import { type Db, streamRows } from './database';
import type { ExportedEnquiry } from './enquiry-repository';
import { inboxFilter } from './inbox-repository';

/** A note of the desk's on an enquiry: when (ISO, UTC), who wrote it (null if their account is gone), what. */
export type ExportedNote = { at: string; by: string | null; text: string };

/** A call or message recorded on the family (contacts): when, who, a call's outcome or a message's template. */
export type ExportedContact = { at: string; by: string | null; kind: string; what: string };

/** A family's record as the desk exports it: every column, its assignee's name, the family's notes and calls oldest first. */
export type DeskExportRow = ExportedEnquiry & { notes: ExportedNote[]; contacts: ExportedContact[] };

/**
 * Each record's notes, its family's earlier enquiries' too (as the enquiry page shows them),
 * as one JSON array, oldest first, read by the same query as the record: no query per row,
 * and the rows still stream. JSON rather than text joined with a separator: a note may hold
 * any character, and its time is formatted by the spreadsheet (India time) rather than by
 * SQL. Both engines order inside the aggregate (SQLite since 3.44); PostgreSQL's json_agg of
 * no rows is null, SQLite's json_group_array '[]'.
 *
 * The family's enquiry ids first (the index by family), then their notes (the index by
 * enquiry): on PostgreSQL as `= any(array(…))`, which stays an index lookup even before the
 * tables are analysed. Written as a join, a freshly loaded database was planned with a scan
 * of every note per row (5,000 rows took 5.6 s instead of 0.1 s).
 */
const notesJson = (engine: Db['engine']) => {
  const familyIds = sql`select f.id from enquiries f where f.family_id = enquiries.family_id`;
  return engine === 'postgres'
    ? sql<string | null>`(
        select json_agg(json_build_object('at', n.created_at, 'by', s.name, 'text', n.body) order by n.created_at, n.id)::text
        from enquiry_notes n left join staff s on s.id = n.author_id
        where n.enquiry_id = any(array(${familyIds})))`
    : sql<string | null>`(
        select json_group_array(json_object('at', n.created_at, 'by', s.name, 'text', n.body) order by n.created_at, n.id)
        from enquiry_notes n left join staff s on s.id = n.author_id
        where n.enquiry_id in (${familyIds}))`;
};

/** The family's calls and messages, the same way (contacts carry the family's id: its index). */
const contactsJson = (engine: Db['engine']) =>
  engine === 'postgres'
    ? sql<string | null>`(
        select json_agg(json_build_object('at', c.at, 'by', s.name, 'kind', c.kind, 'what', c.what) order by c.at, c.id)::text
        from contacts c left join staff s on s.id = c.staff_id
        where c.family_id = enquiries.family_id)`
    : sql<string | null>`(
        select json_group_array(json_object('at', c.at, 'by', s.name, 'kind', c.kind, 'what', c.what) order by c.at, c.id)
        from contacts c left join staff s on s.id = c.staff_id
        where c.family_id = enquiries.family_id)`;

export function createInboxExportRepository(database: Db) {
  const filtered = (query: InboxQuery, staffId: string) => inboxFilter(database.engine, query, staffId);

  /**
   * Every record the filters match, oldest first, every column with its notes (the export),
   * streamed from a cursor: nothing is read until the first row is asked for.
   */
  async function* exportRows(query: InboxQuery, staffId: string): AsyncGenerator<DeskExportRow> {
    const rows = streamRows(database, (reader) =>
      reader
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .selectAll('enquiries')
        .select('staff.name as assignee_name')
        .select(notesJson(database.engine).as('notes_json'))
        .select(contactsJson(database.engine).as('contacts_json'))
        .where(filtered(query, staffId))
        .orderBy('enquiries.created_at')
        .orderBy('enquiries.id'),
    );
    for await (const { notes_json, contacts_json, ...row } of rows) {
      yield {
        ...row,
        notes: notes_json ? (JSON.parse(notes_json) as ExportedNote[]) : [],
        contacts: contacts_json ? (JSON.parse(contacts_json) as ExportedContact[]) : [],
      };
    }
  }

  return { exportRows };
}

export type InboxExportRepository = ReturnType<typeof createInboxExportRepository>;
