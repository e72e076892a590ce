/**
 * The desk's export (GET /api/staff/export) as a spreadsheet for people: a CSV that Excel and
 * Google Sheets open as it is, with a byte-order mark (so Excel reads UTF-8: Hindi names),
 * headers and values in the desk's words, times in India time, phone numbers as text and the
 * desk's notes. The machine-readable CSV (export.ts: the command and the token's export) is
 * another format, kept as other tools read it.
 */
import { attributionOfRow, describeSource } from '../../shared/schema/attribution';
import { deskLabels, statusLabel } from '../../shared/schema/desk-vocabulary';
import {
  enquiryDescription,
  type EnquiryFieldName,
  type FieldDescription,
  shownAs,
} from '../../shared/schema/enquiry-fields';
import { nationalPhone } from '../../shared/format';
import { callOutcomes } from '../../shared/call-outcomes';
import { INSTITUTE_TIME, localDate, localDateTime } from '../../shared/institute-calendar';
import { languageForStaff } from '../../shared/languages';
import type { DeskExportRow, ExportedContact, ExportedNote } from '../db/inbox-export-repository';
import type { ListedRegistration } from '../db/registration-desk-repository';
import { classLabel, courseName, enquirerLabel } from '../content/enquiry-words';
import { type Column as ExportColumn, csvCell } from './export';
import { firstTouchAsAttribution } from '../db/first-touch';

type Column = ExportColumn<DeskExportRow>;

/** Opens the file: Excel takes a CSV without it for its own code page, and Devanagari turns to question marks. */
const BYTE_ORDER_MARK = '\uFEFF';

const inIndiaTime = (label: string) => `${label} (${INSTITUTE_TIME})`;
const time = (iso: string | null) => (iso ? localDateTime(iso) : null);
const yesNo = (value: unknown) => (value === null || value === undefined ? null : value ? 'Yes' : 'No');

/** A field's stored code in words; fields not listed read as stored (phones and flags by how they are shown). */
const inWords: Partial<Record<EnquiryFieldName, (code: string) => string>> = {
  enquirer: enquirerLabel,
  language: languageForStaff,
  classLevel: classLabel,
  course: courseName,
};

/** A field's cell: its code in words, a phone as it is read in India, a flag as Yes or No; empty as nothing. */
function fieldColumn(name: EnquiryFieldName): Column {
  const field: FieldDescription = enquiryDescription[name];
  const shown = shownAs(field);
  const words = inWords[name];
  return {
    header: field.label,
    value: (row) => {
      const value = row[field.column as keyof DeskExportRow];
      if (shown === 'flag') return yesNo(value);
      if (value === null || value === undefined || value === '') return null;
      if (shown === 'phone') return nationalPhone(String(value));
      return words ? words(String(value)) : String(value);
    },
  };
}

/** "2026-11-25 09:10 Chitra: Called, no answer.", a line each, oldest first. */
const notesText = (notes: ExportedNote[]) =>
  notes.length ? notes.map((note) => `${localDateTime(note.at)} ${note.by ?? '—'}: ${note.text}`).join('\n') : null;

/** "2026-11-25 09:10 Chitra: No answer", "… Chitra: WhatsApp (first-reply)", a line each, oldest first. */
const contactsText = (contacts: ExportedContact[]) =>
  contacts.length
    ? contacts
        .map((contact) => {
          const what =
            contact.kind === 'call'
              ? (callOutcomes.find((outcome) => outcome.key === contact.what)?.label ?? contact.what)
              : `${contact.kind === 'sms' ? 'SMS' : 'WhatsApp'} (${contact.what})`;
          return `${localDateTime(contact.at)} ${contact.by ?? '—'}: ${what}`;
        })
        .join('\n')
    : null;

/**
 * The spreadsheet's columns, left to right: receipt, the enquiry's fields as the export has
 * them (enquiry-fields.ts, those with a CSV header), where it came from, the desk's work, its
 * notes and its reference. A column is one line here.
 */
export const sheetColumns: Column[] = [
  { header: inIndiaTime(deskLabels.received), value: (r) => time(r.created_at) },
  ...(Object.keys(enquiryDescription) as EnquiryFieldName[])
    .filter((name) => enquiryDescription[name].csv !== null)
    .map(fieldColumn),
  { header: inIndiaTime(deskLabels.consentGiven), value: (r) => time(r.consent_at) },
  // What brought the family first (its first enquiry), then what brought this record.
  { header: deskLabels.firstCameFrom, value: (r) => describeSource(attributionOfRow(firstTouchAsAttribution(r))) },
  { header: deskLabels.cameFrom, value: (r) => describeSource(attributionOfRow(r)) },
  { header: deskLabels.status, value: (r) => statusLabel(r.status) },
  { header: deskLabels.reason, value: (r) => r.status_reason },
  { header: deskLabels.assignee, value: (r) => r.assignee_name ?? null },
  { header: deskLabels.nextFollowUp, value: (r) => r.next_follow_up },
  { header: inIndiaTime(deskLabels.firstContacted), value: (r) => time(r.first_contacted_at) },
  { header: inIndiaTime(deskLabels.firstCalled), value: (r) => time(r.first_called_at) },
  { header: deskLabels.calls, value: (r) => contactsText(r.contacts) },
  { header: deskLabels.notes, value: (r) => notesText(r.notes) },
  { header: deskLabels.reference, value: (r) => r.id },
];

/**
 * A session's list of bookings (the desk's Events, admins' download): who, how to reach them,
 * and what happened at the door.
 */
export const registrationSheetColumns: ExportColumn<ListedRegistration>[] = [
  { header: 'Roll number', value: (r) => r.roll_number },
  { header: 'Student', value: (r) => r.student_name },
  { header: 'Class', value: (r) => (r.class_level ? classLabel(r.class_level) : null) },
  { header: 'Course', value: (r) => courseName(r.course) },
  { header: 'Mobile', value: (r) => nationalPhone(r.phone) },
  { header: 'Email', value: (r) => r.email || null },
  { header: 'Parent or guardian', value: (r) => r.parent_name },
  { header: "Parent's mobile", value: (r) => (r.parent_phone ? nationalPhone(r.parent_phone) : null) },
  { header: 'Language', value: (r) => languageForStaff(r.language) },
  { header: inIndiaTime('Booked'), value: (r) => time(r.created_at) },
  { header: inIndiaTime('Cancelled'), value: (r) => time(r.cancelled_at) },
  { header: inIndiaTime('Present'), value: (r) => time(r.attended_at) },
  { header: 'Marks', value: (r) => (r.score === null ? null : String(r.score)) },
  { header: 'Scholarship (%)', value: (r) => (r.scholarship_percent === null ? null : String(r.scholarship_percent)) },
];

/**
 * The spreadsheet a line at a time: the byte-order mark and the headers, then a line per
 * row (an enquiry, by default), each ending in CRLF. Every cell is quoted when it must be and
 * guarded against being run as a formula (csvCell): a visitor's message or a note is never one.
 */
export async function* toSheet<Row = DeskExportRow>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly ExportColumn<Row>[] = sheetColumns as unknown as ExportColumn<Row>[],
): AsyncGenerator<string> {
  yield `${BYTE_ORDER_MARK}${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
  for await (const row of rows) yield `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`;
}

/** "enquiries-2026-11-25.csv": the date it is in India when the file is made (at 19:00 UTC, already tomorrow's). */
export const sheetFilename = (now: Date) => `enquiries-${localDate(now)}.csv`;
