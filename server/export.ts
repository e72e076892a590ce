/** Enquiries as CSV or JSON for the institute's staff (the export command and endpoint). */
import type { StoredEnquiry } from './db/enquiry-repository';

const columns: { header: string; value: (row: StoredEnquiry) => string | null }[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'received_at', value: (r) => r.created_at },
  { header: 'student_name', value: (r) => r.student_name },
  { header: 'phone', value: (r) => r.phone },
  { header: 'email', value: (r) => r.email },
  { header: 'class', value: (r) => r.class_level },
  { header: 'course', value: (r) => r.course },
  { header: 'city', value: (r) => r.city },
  { header: 'mode', value: (r) => r.mode },
  { header: 'centre', value: (r) => r.centre },
  { header: 'message', value: (r) => r.message },
  { header: 'enquirer', value: (r) => r.enquirer },
  {
    header: 'student_under_18',
    value: (r) => (r.student_under_18 === null ? null : r.student_under_18 ? 'yes' : 'no'),
  },
  { header: 'parent_name', value: (r) => r.parent_name },
  { header: 'parent_phone', value: (r) => r.parent_phone },
  { header: 'consent', value: (r) => (r.consent ? 'yes' : 'no') },
  { header: 'consent_notice_version', value: (r) => r.consent_notice_version },
  { header: 'consent_at', value: (r) => r.consent_at },
  { header: 'source', value: (r) => r.source },
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

export function toCsv(rows: readonly StoredEnquiry[]): string {
  const lines = [columns.map((c) => c.header).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: readonly StoredEnquiry[]): string {
  const records = rows.map((row) => Object.fromEntries(columns.map((c) => [c.header, c.value(row)])));
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** "2026-01-01" (or a full ISO time) → Date; undefined when it is not a real date. */
export function parseSince(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value)) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
