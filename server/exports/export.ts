/**
 * Enquiries as machine-readable CSV or JSON (ids, ISO UTC times, codes) for the institute's
 * tools: the export command and the token's export endpoint; the desk's export is a
 * spreadsheet for people (spreadsheet.ts) sent the same way. Written a row at a time from a
 * database cursor: memory stays flat however many enquiries there are.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { attributionFields } from '../../shared/schema/attribution';
import { enquiryDescription, type FieldDescription, shownAs } from '../../shared/schema/enquiry-fields';
import type { ExportedEnquiry } from '../db/enquiry-repository';

/**
 * A column of an export: its header, and its cell for a row (null: empty). The rows are
 * enquiries as exported: with their assignee's name where the query joined it.
 */
export type Column<Row = ExportedEnquiry> = { header: string; value: (row: Row) => string | null };

const flag = (value: unknown) => (value === null || value === undefined ? null : value ? 'yes' : 'no');

/**
 * The export's columns: the enquiry's fields as shared/schema/enquiry-fields.ts describes them,
 * between receipt and source; where the visit came from (shared/schema/attribution.ts);
 * then the desk's work on it (status as its key, as
 * shared/schema/desk-vocabulary.ts lists them; follow-up as a date in India time).
 */
export const columns: Column[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'received_at', value: (r) => r.created_at },
  ...Object.values<FieldDescription>(enquiryDescription).flatMap((field): Column[] => {
    const { csv, column } = field;
    if (!csv) return [];
    const isFlag = shownAs(field) === 'flag';
    return [
      {
        header: csv,
        value: (r) => {
          const value = r[column as keyof ExportedEnquiry];
          return isFlag ? flag(value) : value === null || value === undefined ? null : String(value);
        },
      },
    ];
  }),
  { header: 'consent_at', value: (r) => r.consent_at },
  { header: 'source', value: (r) => r.source },
  ...Object.values(attributionFields).map(({ csv, column }): Column => ({ header: csv, value: (r) => r[column] })),
  { header: 'status', value: (r) => r.status },
  { header: 'status_reason', value: (r) => r.status_reason },
  { header: 'assigned_to', value: (r) => r.assignee_name ?? null },
  { header: 'next_follow_up', value: (r) => r.next_follow_up },
  { header: 'first_contacted_at', value: (r) => r.first_contacted_at },
];

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting =, +, -, @, or a
 * tab / carriage return) gets a leading apostrophe, so a visitor's message can never
 * become a formula on a staff member's computer.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // A `;` is quoted too: Excel in a locale whose lists use semicolons splits a cell there.
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Rows = AsyncIterable<ExportedEnquiry> | Iterable<ExportedEnquiry>;

/** The CSV a line at a time: the header, then one line per enquiry, each ending in CRLF. */
export async function* toCsv(rows: Rows): AsyncGenerator<string> {
  yield `${columns.map((c) => c.header).join(',')}\r\n`;
  for await (const row of rows) yield `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`;
}

/** The JSON array a record at a time: the same text as `JSON.stringify(records, null, 2)` and a newline. */
export async function* toJson(rows: Rows): AsyncGenerator<string> {
  let first = true;
  for await (const row of rows) {
    const record = JSON.stringify(Object.fromEntries(columns.map((c) => [c.header, c.value(row)])), null, 2);
    yield `${first ? '[\n  ' : ',\n  '}${record.replace(/\n/g, '\n  ')}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/** About this many characters per write. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The pieces joined into chunks of about 64 KiB; before reading on after each chunk, the
 * event loop gets a turn. Reading SQLite is synchronous, so without it an export would keep
 * every other request (and /healthz) waiting until its last row.
 */
export async function* inChunks(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let chunk = '';
  for await (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
      await nextTurn();
    }
  }
  if (chunk) yield chunk;
}

/** How an export ended: the rows read out to the client, and whether that was all of them. */
export type ExportOutcome = { rows: number; complete: boolean };

/**
 * The rows, counted as they pass. `onEnd` runs once the stream is over, however it ends: all
 * rows read, the client gone (the stream destroyed: the cursor is closed first), or an error.
 */
export async function* counted<T>(
  rows: AsyncIterable<T>,
  onEnd: (outcome: ExportOutcome) => Promise<void>,
): AsyncGenerator<T> {
  const outcome = { rows: 0, complete: false };
  try {
    for await (const row of rows) {
      outcome.rows += 1;
      yield row;
    }
    outcome.complete = true;
  } finally {
    await onEnd(outcome);
  }
}

/** The audit row of an export: how many enquiries, and 'export-cut-short' when the download stopped before the end. */
export const exportAudit = ({ rows, complete }: ExportOutcome) => ({
  action: complete ? 'export' : 'export-cut-short',
  to: String(rows),
});

/**
 * Answers with a CSV file as a download, streamed: written as the client takes it
 * (backpressure), and destroyed, cursor and all, if the client goes away. A HEAD request
 * gets the headers only: pass no lines, and nothing is read.
 */
export function sendCsvFile(reply: FastifyReply, filename: string, lines?: AsyncIterable<string>) {
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store');
  return reply.send(Readable.from(lines ? inChunks(lines) : [], { objectMode: false }));
}

/** The machine-readable CSV of `rows` (toCsv) as a download (sendCsvFile); no rows for a HEAD. */
export const sendCsv = (reply: FastifyReply, filename: string, rows?: AsyncIterable<ExportedEnquiry>) =>
  sendCsvFile(reply, filename, rows && toCsv(rows));

/** "2026-01-01" (or a full ISO time) → Date; undefined when it is not a real date. */
export function parseSince(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value)) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
