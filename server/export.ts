/** Enquiries as CSV or JSON for the institute's staff (the export command and endpoint). */
import { attributionFields } from '../src/schema/attribution';
import { enquiryStorage } from '../src/schema/enquiry';
import type { StoredEnquiry } from './db/enquiry-repository';

/** An enquiry as exported: with the name of the counsellor it is assigned to, where the query joined it. */
export type ExportedEnquiry = StoredEnquiry & { assignee_name?: string | null };
type Column = { header: string; value: (row: ExportedEnquiry) => string | null };

const flag = (value: unknown) => (value === null || value === undefined ? null : value ? 'yes' : 'no');

/**
 * The export's columns: the enquiry's fields as src/schema/enquiry.ts describes them,
 * between receipt and source; where the visit came from (src/schema/attribution.ts);
 * then the desk's work on it (status as its key, as
 * src/schema/desk-vocabulary.ts lists them; follow-up as a date in India time).
 */
export const columns: Column[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'received_at', value: (r) => r.created_at },
  ...Object.values(enquiryStorage).flatMap(({ csv, column, kind }): Column[] =>
    csv
      ? [
          {
            header: csv,
            value: (r) => {
              const value = r[column];
              return kind === 'flag' ? flag(value) : value === null ? null : String(value);
            },
          },
        ]
      : [],
  ),
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
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly ExportedEnquiry[]): string {
  const lines = [columns.map((c) => c.header).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: readonly ExportedEnquiry[]): string {
  const records = rows.map((row) => Object.fromEntries(columns.map((c) => [c.header, c.value(row)])));
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** "2026-01-01" (or a full ISO time) → Date; undefined when it is not a real date. */
export function parseSince(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value)) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
