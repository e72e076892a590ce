/**
 * `npm run docs:api`: writes the parts of docs/api.md that follow from the enquiry's
 * description (shared/schema/enquiry-fields.ts) and the code that uses it: the fields POST
 * /api/enquiries takes, an exported CSV (header and one row) and a webhook body, the last two
 * made by the export's and the webhook's own code from one sample enquiry. Each part sits
 * between `<!-- generated: NAME -->` and `<!-- end generated -->`; the rest of the file is
 * written by hand. scripts/api-docs.test.ts fails when the file is not what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { attributionFields } from '../shared/schema/attribution';
import { enquirySchema } from '../shared/schema/enquiry';
import {
  enquiryDescription,
  enquiryFieldNames,
  type FieldDescription,
  storedColumns,
  type Takes,
} from '../shared/schema/enquiry-fields';
import { webhookBody } from '../server/delivery/channels';
import type { ExportedEnquiry } from '../server/db/enquiry-repository';
import { searchKeyColumns } from '../server/db/search-key';
import { columns, csvCell } from '../server/exports/export';

export const API_DOCS = fileURLToPath(new URL('../docs/api.md', import.meta.url));

const code = (value: string) => `\`${value}\``;
const list = (values: readonly string[]) =>
  values.length > 1
    ? `${values.slice(0, -1).map(code).join(', ')} or ${code(values.at(-1) ?? '')}`
    : code(values[0] ?? '');

/** What a field takes, in words. */
function takesInWords(takes: Takes): string {
  switch (takes.is) {
    case 'text':
      return `up to ${takes.max.toLocaleString('en-IN')} characters${takes.multiline ? ', several lines' : ''}`;
    case 'mobile':
      return 'an Indian mobile: 10 digits from 6–9, `+91`/`91`/`0` in front allowed, spaces and dashes ignored; stored as `+91XXXXXXXXXX`';
    case 'email':
      return `an email address, up to ${takes.max} characters`;
    case 'choice':
      return list(takes.options);
    case 'checkbox':
      return '`true` or `false` (a form posts `on` when ticked)';
    case 'agreement':
      return '`true` (a form posts `on`)';
    case 'date':
      return 'a date, `YYYY-MM-DD`';
    case 'uuid':
      return 'a UUID';
  }
}

function required({ takes }: FieldDescription): string {
  if ('required' in takes || takes.is === 'agreement') return 'yes';
  return 'otherwise' in takes && takes.otherwise ? `no (${code(takes.otherwise)})` : 'no';
}

function fieldTable(): string {
  const rows = enquiryFieldNames.map((name) => {
    const field: FieldDescription = enquiryDescription[name];
    const notes = [field.about, field.asked === 'details' ? 'the form asks for it once the call-back is requested' : '']
      .filter(Boolean)
      .join('; ');
    return `| ${code(name)} | ${required(field)} | ${takesInWords(field.takes)}${notes ? `: ${notes}` : ''} |`;
  });
  const attribution = `| ${code('attribution')} | no | the visit's ${Object.values(attributionFields)
    .map(({ webhook }) => code(webhook))
    .join(
      ', ',
    )} (the form's script sends them; a form post takes them from the page's own URL). Kept as sent, cut to their limits |`;
  return ['| field | required | what it takes |', '| --- | --- | --- |', ...rows, attribution].join('\n');
}

/** The sample enquiry of the examples, stored as the server stores it. */
function sampleRow(): ExportedEnquiry {
  const receivedAt = '2026-11-22T13:07:13.981Z';
  const enquiry = enquirySchema.parse({
    studentName: 'Asha Verma',
    phone: '98765 43210',
    classLevel: '12',
    course: 'jee',
    city: 'Jaipur',
    message: 'Is there a weekend batch?',
    consent: true,
    noticeVersion: '2026-11-21',
  });
  return {
    id: 'f50879ae-b6fe-4291-a123-0b3b640b81aa',
    created_at: receivedAt,
    ...storedColumns(enquiry),
    // Its search keys, as save() writes them (none for a city not given).
    name_key: null,
    city_key: null,
    ...searchKeyColumns(enquiry),
    consent_at: receivedAt,
    source: 'json',
    tracking_consent: null,
    ...(Object.fromEntries(Object.values(attributionFields).map(({ column }) => [column, null])) as Record<
      (typeof attributionFields)[keyof typeof attributionFields]['column'],
      null
    >),
    status: 'new',
    status_reason: null,
    assignee_id: null,
    assignee_name: null,
    next_follow_up: null,
    first_contacted_at: null,
    version: 1,
    family_id: 'f50879ae-b6fe-4291-a123-0b3b640b81aa',
    superseded_at: null,
    lead_received_at: receivedAt,
    first_called_at: null,
    escalated_at: null,
    no_answers: 0,
    next_follow_up_at: null,
    number_proved_at: null,
    number_proved_by: null,
    repeat_check: null,
    first_utm_source: null,
    first_utm_medium: null,
    first_utm_campaign: null,
    first_fbclid: null,
    first_gclid: null,
    first_referrer_host: null,
    consent_taken_by: null,
  };
}

function csvExample(): string {
  const row = sampleRow();
  return [
    '```http',
    'HTTP/1.1 200 OK',
    'content-type: text/csv; charset=utf-8',
    'content-disposition: attachment; filename="enquiries-since-2026-11-01.csv"',
    'cache-control: no-store',
    '',
    columns.map((column) => column.header).join(','),
    columns.map((column) => csvCell(column.value(row))).join(','),
    '```',
  ].join('\n');
}

const webhookExample = () =>
  ['```json', JSON.stringify(JSON.parse(webhookBody(sampleRow())), null, 2), '```'].join('\n');

const parts: Record<string, () => string> = {
  'enquiry fields': fieldTable,
  'csv example': csvExample,
  'webhook example': webhookExample,
};

/** docs/api.md as it should be: `current` with each generated part written again. */
export async function writtenApiDocs(current: string): Promise<string> {
  let doc = current;
  for (const [name, write] of Object.entries(parts)) {
    const start = `<!-- generated: ${name} -->`;
    const end = '<!-- end generated -->';
    const from = doc.indexOf(start);
    const to = doc.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`docs/api.md has no "${start}" … "${end}" part.`);
    doc = `${doc.slice(0, from + start.length)}\n\n${write()}\n\n${doc.slice(to)}`;
  }
  return format(doc, { ...(await resolveConfig(API_DOCS)), filepath: API_DOCS });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(API_DOCS, await writtenApiDocs(readFileSync(API_DOCS, 'utf8')));
  console.log('docs/api.md written');
}
