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

/** A family's record as the desk exports it: every column, its assignee's name, the family's notes oldest first. */
export type DeskExportRow = ExportedEnquiry & { notes: ExportedNote[] };

/**
 * Each record's notes, its family's earlier enquiries' too (as the enquiry page shows them),
 * as one JSON array, oldest first, read by the same query as the record: a subquery on the
 * indexes of enquiries by family and of enquiry_notes by enquiry and time. No query per row,
 * and the rows still stream. JSON rather than text joined with a separator: a note may hold
 * any character, and its time is formatted by the spreadsheet (India time) rather than by
 * SQL. Both engines order inside the aggregate (SQLite since 3.44); PostgreSQL's json_agg of
 * no rows is null, SQLite's json_group_array '[]'.
 */
const notesJson = (engine: Db['engine']) => {
  const notes = sql`from enquiry_notes n
    join enquiries f on f.id = n.enquiry_id
    left join staff s on s.id = n.author_id
    where f.family_id = enquiries.family_id`;
  return engine === 'postgres'
    ? sql<string | null>`(select json_agg(json_build_object('at', n.created_at, 'by', s.name, 'text', n.body)
        order by n.created_at, n.id)::text ${notes})`
    : sql<string | null>`(select json_group_array(json_object('at', n.created_at, 'by', s.name, 'text', n.body)
        order by n.created_at, n.id) ${notes})`;
};

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
        .where(filtered(query, staffId))
        .orderBy('enquiries.created_at')
        .orderBy('enquiries.id'),
    );
    for await (const { notes_json, ...row } of rows) {
      yield { ...row, notes: notes_json ? (JSON.parse(notes_json) as ExportedNote[]) : [] };
    }
  }

  return { exportRows };
}

export type InboxExportRepository = ReturnType<typeof createInboxExportRepository>;
