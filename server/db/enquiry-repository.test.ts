import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquirySchema, type Enquiry } from '../../shared/schema/enquiry';
import { enginesUnderTest } from '../../tests/support/databases';
import type { Db } from './database';
import { createEnquiryRepository, DUPLICATE_WINDOW_MS } from './enquiry-repository';

const enquiry = (overrides: Record<string, unknown> = {}): Enquiry =>
  enquirySchema.parse({
    studentName: 'Asha Verma',
    phone: '98765 43210',
    classLevel: '12',
    course: 'neet-repeaters',
    city: 'Jaipur',
    consent: true,
    ...overrides,
  });

describe.each(enginesUnderTest())('enquiry repository on $name', ({ open }) => {
  let database: Db;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('stores an enquiry exactly as typed, with the phone normalised', async () => {
    const repo = createEnquiryRepository(database);
    const text = 'Is there a <b>hostel</b>? "Yes" & \'no\' — 日本 🙂';
    const { id, created } = await repo.save(enquiry({ message: text, email: 'a@example.com' }), { source: 'json' });
    expect(created).toBe(true);
    const [row] = await repo.listSince(new Date(0));
    expect(row).toMatchObject({
      id,
      student_name: 'Asha Verma',
      phone: '+919876543210',
      email: 'a@example.com',
      class_level: '12',
      course: 'neet-repeaters',
      city: 'Jaipur',
      message: text,
      consent: 1,
      source: 'json',
      language: 'en',
    });
  });

  it('stores the language the enquiry was sent in', async () => {
    const repo = createEnquiryRepository(database);
    const { id } = await repo.save(enquiry({ language: 'hi', studentName: 'आशा वर्मा' }), { source: 'form' });
    expect((await repo.listSince(new Date(0))).find((row) => row.id === id)).toMatchObject({
      language: 'hi',
      student_name: 'आशा वर्मा',
    });
  });

  it('stores the same idempotency key once', async () => {
    const repo = createEnquiryRepository(database);
    const idempotencyKey = randomUUID();
    const first = await repo.save(enquiry({ idempotencyKey }), { source: 'json' });
    const again = await repo.save(enquiry({ idempotencyKey, phone: '9123456789' }), { source: 'json' });
    expect(again).toEqual({ id: first.id, created: false, sameSender: true, cameBack: false, heldApart: false });
    expect(await repo.count()).toBe(1);
  });

  it('treats the same phone and course within the window as one enquiry', async () => {
    const repo = createEnquiryRepository(database);
    const now = new Date('2026-11-21T10:00:00Z');
    const first = await repo.save(enquiry(), { source: 'json', now });
    const retry = await repo.save(enquiry({ studentName: 'Asha V.' }), {
      source: 'form',
      now: new Date(now.getTime() + 60_000),
    });
    expect(retry).toEqual({ id: first.id, created: false, sameSender: false, cameBack: false, heldApart: false });
    // Another course, or the same one after the window: new enquiries.
    const otherCourse = await repo.save(enquiry({ course: 'jee' }), { source: 'json', now });
    const later = await repo.save(enquiry(), {
      source: 'json',
      now: new Date(now.getTime() + DUPLICATE_WINDOW_MS + 1),
    });
    expect(otherCourse.created).toBe(true);
    expect(later.created).toBe(true);
    expect(await repo.count()).toBe(3);
  });

  it('keeps the words of a form sent again within the window in the history, once each', async () => {
    const repo = createEnquiryRepository(database);
    const now = new Date('2026-11-21T10:00:00Z');
    const first = await repo.save(enquiry({ message: 'Is there a hostel?' }), { source: 'form', now });
    const later = (minutes: number) => ({ source: 'form' as const, now: new Date(now.getTime() + minutes * 60_000) });
    const again = await repo.save(enquiry({ message: 'Asking again, nobody called back yet.' }), later(3));
    expect(again).toMatchObject({ id: first.id, created: false });
    // The same words again, or none, add nothing.
    await repo.save(enquiry({ message: 'Asking again, nobody called back yet.' }), later(4));
    await repo.save(enquiry({ message: 'Is there a hostel?' }), later(5));
    await repo.save(enquiry(), later(6));
    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'to_value'])
      .where('enquiry_id', '=', first.id)
      .where('action', '=', 'asked-again')
      .execute();
    expect(trail).toEqual([
      { action: 'asked-again', actor_id: null, to_value: 'Asking again, nobody called back yet.' },
    ]);
    expect(await repo.count()).toBe(1);
  });

  it('stores each of many concurrent submissions of one enquiry once', async () => {
    const repo = createEnquiryRepository(database);
    const idempotencyKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => repo.save(enquiry({ idempotencyKey }), { source: 'json' })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await repo.count()).toBe(1);
  });

  it('lists enquiries since a date, oldest first', async () => {
    const repo = createEnquiryRepository(database);
    await repo.save(enquiry({ phone: '9000000001' }), { source: 'json', now: new Date('2026-01-05T00:00:00Z') });
    await repo.save(enquiry({ phone: '9000000002' }), { source: 'json', now: new Date('2026-03-01T00:00:00Z') });
    await repo.save(enquiry({ phone: '9000000003' }), { source: 'json', now: new Date('2026-02-01T00:00:00Z') });
    const rows = await repo.listSince(new Date('2026-02-01T00:00:00Z'));
    expect(rows.map((r) => r.phone)).toEqual(['+919000000003', '+919000000002']);
  });

  it('answers a health ping, and fails it once closed', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
    database = await open(); // for afterEach
  });

  it('purges enquiries older than the retention limit, with their delivery records', async () => {
    const repo = createEnquiryRepository(database);
    const old = await repo.save(enquiry({ phone: '9000000011' }), {
      source: 'json',
      channels: ['webhook'],
      now: new Date('2025-01-01T00:00:00Z'),
    });
    const recent = await repo.save(enquiry({ phone: '9000000012' }), {
      source: 'json',
      channels: ['webhook'],
      now: new Date('2026-06-01T00:00:00Z'),
    });
    expect(await repo.purgeOlderThan(new Date('2026-01-01T00:00:00Z'))).toBe(1);
    const left = await repo.listSince(new Date(0));
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    const deliveries = await database.db.selectFrom('deliveries').select('enquiry_id').execute();
    expect(deliveries.map((d) => d.enquiry_id)).toEqual([recent.id]);
    expect(old.id).not.toBe(recent.id);
  });

  it('erases every enquiry of one person by phone or email, and says what it erased', async () => {
    const repo = createEnquiryRepository(database);
    await repo.save(enquiry({ phone: '9000000021', email: 'Parent@Example.com' }), {
      source: 'json',
      channels: ['email'],
    });
    await repo.save(enquiry({ phone: '9000000021', course: 'foundation' }), { source: 'form' });
    await repo.save(enquiry({ phone: '9000000022', email: 'parent@example.com', course: 'jee' }), { source: 'json' });
    await repo.save(enquiry({ phone: '9000000023' }), { source: 'json' });

    const byPhone = await repo.erasePerson({ phone: '+919000000021' });
    expect(byPhone.map((r) => r.course).sort()).toEqual(['foundation', 'neet-repeaters']);
    const byEmail = await repo.erasePerson({ email: 'PARENT@example.com' });
    expect(byEmail.map((r) => r.phone)).toEqual(['+919000000022']);
    expect((await repo.listSince(new Date(0))).map((r) => r.phone)).toEqual(['+919000000023']);
    expect(await database.db.selectFrom('deliveries').selectAll().execute()).toEqual([]);
    expect(await repo.erasePerson({ phone: '+919000000021' })).toEqual([]);
  });
});
