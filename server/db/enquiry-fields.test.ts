/**
 * Every field shared/schema/enquiry-fields.ts describes is stored in its column and reaches
 * each place the description sends it: the export, the webhook, the staff email and the desk's
 * reply. The enquiry is made from the description alone (a value for whatever each field takes),
 * so a field added there without its migration fails here, on both engines.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquirySchema } from '../../shared/schema/enquiry';
import {
  deskFieldNames,
  detailFieldNames,
  enquiryDescription,
  enquiryFieldNames,
  type FieldDescription,
  storedValue,
  type Takes,
} from '../../shared/schema/enquiry-fields';
import { enginesUnderTest } from '../../tests/support/databases';
import { emailText, webhookBody } from '../delivery/channels';
import { columns } from '../exports/export';
import { deskEnquiry } from '../../shared/schema/replies/enquiries';
import type { Db } from './database';
import { createEnquiryRepository } from './enquiry-repository';

/** A value each kind of field takes; choices take their last option (a student, in Hindi, …). */
function sample(name: string, takes: Takes): unknown {
  switch (takes.is) {
    case 'text':
      return `${name} given`.slice(0, takes.max);
    case 'mobile':
      return name === 'phone' ? '98765 43210' : '91234 56789';
    case 'email':
      return 'asha@example.com';
    case 'choice':
      return takes.options[takes.options.length - 1];
    case 'checkbox':
    case 'agreement':
      return true;
    case 'date':
      return '2026-01-15';
    case 'uuid':
      return randomUUID();
  }
}

const everyField = () =>
  enquirySchema.parse(
    Object.fromEntries(enquiryFieldNames.map((name) => [name, sample(name, enquiryDescription[name].takes)])),
  );

async function storedRow(repo: ReturnType<typeof createEnquiryRepository>) {
  const [row] = await repo.listSince(new Date(0));
  if (!row) throw new Error('The enquiry was not stored.');
  return row;
}

describe.each(enginesUnderTest())('every described enquiry field on $name', ({ open }) => {
  let database: Db;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('is stored in its column, exported, sent, emailed and shown to the desk', async () => {
    const enquiry = everyField();
    // The sample is a student under 18 with a parent's details: every field has a value.
    expect(Object.keys(enquiry).sort()).toEqual([...enquiryFieldNames].sort());
    const repo = createEnquiryRepository(database);
    const { id } = await repo.save(enquiry, { source: 'json' });
    const row = await storedRow(repo);
    expect(row.id).toBe(id);

    const csv = new Map(columns.map((column) => [column.header, column.value(row)]));
    const webhook = (JSON.parse(webhookBody(row)) as { enquiry: Record<string, unknown> }).enquiry;
    const email = emailText(row);
    const desk = deskEnquiry.parse({ ...row, assignee_name: null }) as Record<string, unknown>;

    for (const name of enquiryFieldNames) {
      const field: FieldDescription = enquiryDescription[name];
      const stored = storedValue(field, enquiry[name]);
      expect(stored, name).not.toBeNull();
      expect(row[field.column as keyof typeof row], `${name} in ${field.column}`).toBe(stored);
      if (field.csv) expect(csv.get(field.csv), `${name} in the export`).toBeTruthy();
      if (field.webhook) expect(webhook[field.webhook], `${name} in the webhook`).not.toBeNull();
      if (field.webhook) expect(webhook[field.webhook], `${name} in the webhook`).toBeDefined();
      if (field.email !== false && !field.serverOnly)
        expect(email, `${name} in the email`).toContain(`${field.label}: `);
    }
    for (const name of deskFieldNames) {
      const { column } = enquiryDescription[name];
      expect(desk[column], `${name} shown to the desk`).toBe(row[column]);
    }
    // What stays on the server is not sent to the desk.
    expect(desk).not.toHaveProperty('idempotency_key');
  });

  it('adds the details the thank-you step asks for to their columns', async () => {
    const repo = createEnquiryRepository(database);
    const idempotencyKey = randomUUID();
    const { id } = await repo.save(
      enquirySchema.parse({ studentName: 'Asha', phone: '9876543210', course: 'jee', consent: true, idempotencyKey }),
      { source: 'json' },
    );
    const details = everyField();
    expect(await repo.addDetails(id, { ...details, idempotencyKey })).toBe(true);
    const row = await storedRow(repo);
    expect(detailFieldNames.length).toBeGreaterThan(0);
    for (const name of detailFieldNames) {
      const field: FieldDescription = enquiryDescription[name];
      expect(row[field.column as keyof typeof row], name).toBe(storedValue(field, details[name]));
    }
  });
});
