/**
 * Seats at an event never overbooked, on real databases: SQLite, PostgreSQL, and two
 * instances (two pools, as two servers) on one PostgreSQL database.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { enquirySchema } from '../../shared/schema/enquiry';
import type { EventSession } from '../../shared/schema/events';
import { enginesUnderTest, freshPostgresUrl } from '../../tests/support/databases';
import { type Db, openDatabase } from './database';
import { createEnquiryRepository } from './enquiry-repository';
import { createRegistrationRepository } from './registration-repository';

const session = (id: string, capacity: number, type: EventSession['type'] = 'scholarship-test'): EventSession => ({
  id,
  type,
  date: '2026-12-13',
  reportBy: '09:30',
  starts: '10:00',
  ends: '12:00',
  online: false,
  capacity,
  classes: ['11', '12'],
  courses: ['jee'],
  opens: '2026-11-01',
  closes: '2026-12-12',
});

/** A student of Class 12 (no parent needed) from their own number. */
const student = (n: number, name = `Student ${n}`) =>
  enquirySchema.parse({
    studentName: name,
    phone: `9${String(100_000_000 + n)}`,
    classLevel: '12',
    course: 'jee',
    city: 'Jaipur',
    consent: true,
  });

const repositories = (database: Db) => createRegistrationRepository(database, createEnquiryRepository(database));

const count = async (database: Db, table: 'registrations' | 'enquiries') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** 500 families at once for 50 seats: what each was told, and what was stored. */
async function race(instances: Db[], seats = 50, families = 500) {
  const target = session('race', seats);
  const answers = await Promise.allSettled(
    Array.from({ length: families }, (_, i) =>
      repositories(instances[i % instances.length] as Db).register(student(i), target, {
        source: 'json',
        language: 'hi',
      }),
    ),
  );
  const outcomes = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.outcome : 'error'));
  const rolls = answers.flatMap((answer) =>
    answer.status === 'fulfilled' && answer.value.outcome === 'booked' ? [answer.value.registration.roll_number] : [],
  );
  return { outcomes, rolls, target };
}

describe.each(enginesUnderTest())('registrations on $name', ({ open }) => {
  let database: Db;
  afterEach(async () => database?.close());

  it('500 families racing for 50 seats: 50 booked, 450 told it is full, none failed, no seat counted twice', async () => {
    database = await open();
    const { outcomes, rolls } = await race([database]);
    expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(450);
    expect(outcomes.filter((outcome) => outcome === 'error')).toHaveLength(0);
    expect(new Set(rolls).size).toBe(50);
    for (const roll of rolls) expect(roll).toMatch(/^ST-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await count(database, 'registrations')).toBe(50);
    // A family told "full" left nothing behind: it may choose another session.
    expect(await count(database, 'enquiries')).toBe(50);
    expect((await repositories(database).seatsTaken()).get('race')).toBe(50);
  });

  it('a cancellation frees exactly one seat, once; the next family gets it', async () => {
    database = await open();
    const seats = repositories(database);
    const target = session('small', 2);
    const first = await seats.register(student(1), target, { source: 'json', language: 'en' });
    await seats.register(student(2), target, { source: 'json', language: 'en' });
    expect((await seats.register(student(3), target, { source: 'json', language: 'en' })).outcome).toBe('full');
    if (!('registration' in first)) throw new Error('not booked');

    const [once, twice] = await Promise.all([seats.cancel(first.registration.id), seats.cancel(first.registration.id)]);
    expect([once, twice].sort()).toEqual([false, true]);
    expect((await seats.seatsTaken()).get('small')).toBe(1);
    expect((await seats.find(first.registration.id))?.cancelled_at).toEqual(expect.any(String));

    expect((await seats.register(student(3), target, { source: 'json', language: 'en' })).outcome).toBe('booked');
    expect((await seats.register(student(4), target, { source: 'json', language: 'en' })).outcome).toBe('full');
    expect((await seats.seatsTaken()).get('small')).toBe(2);
  });

  it('the same student from the same number again keeps one seat; a sibling from that number gets their own', async () => {
    database = await open();
    const seats = repositories(database);
    const target = session('twice', 5);
    const first = await seats.register(student(7, 'Asha Verma'), target, { source: 'json', language: 'hi' });
    const again = await seats.register(student(7, 'Asha Verma'), target, { source: 'form', language: 'hi' });
    expect(first.outcome).toBe('booked');
    expect(again.outcome).toBe('already');
    if (!('registration' in first) || !('registration' in again)) throw new Error('not booked');
    expect(again.registration.roll_number).toBe(first.registration.roll_number);
    const sibling = await seats.register(student(7, 'Ravi Verma'), target, { source: 'json', language: 'hi' });
    expect(sibling.outcome).toBe('booked');
    expect((await seats.seatsTaken()).get('twice')).toBe(2);
  });

  it('the same student is the same whatever the case and spaces; a seat at a session that is over does not count', async () => {
    database = await open();
    const seats = repositories(database);
    const past = session('last-month', 5);
    const next = session('this-month', 5);
    const first = await seats.register(student(8, 'Victim Child'), past, { source: 'json', language: 'en' });
    expect(first.outcome).toBe('booked');
    for (const typed of ['victim  CHILD', ' Victim Child ']) {
      const again = await seats.register(student(8, typed), past, { source: 'json', language: 'en' });
      expect(again.outcome, typed).toBe('already');
    }
    expect((await seats.seatsTaken()).get('last-month')).toBe(1);
    // Last month's session is over: this month's is booked, once.
    const notOver = ['this-month'];
    const later = await seats.register(student(8, 'Victim Child'), next, { source: 'json', language: 'en', notOver });
    expect(later.outcome).toBe('booked');
    const again = await seats.register(student(8, 'victim child'), next, { source: 'json', language: 'en', notOver });
    expect(again.outcome).toBe('already');
    expect((await seats.seatsTaken()).get('this-month')).toBe(1);
  });

  it("erasing a person frees their seat, and only a standing booking's", async () => {
    database = await open();
    const enquiries = createEnquiryRepository(database);
    const seats = createRegistrationRepository(database, enquiries);
    const target = session('erased', 3);
    const kept = await seats.register(student(1), target, { source: 'json', language: 'en' });
    const erased = await seats.register(student(2), target, { source: 'json', language: 'en' });
    const cancelled = await seats.register(student(3), target, { source: 'json', language: 'en' });
    if (!('registration' in kept) || !('registration' in erased) || !('registration' in cancelled))
      throw new Error('full');
    await seats.cancel(cancelled.registration.id);
    expect((await seats.seatsTaken()).get('erased')).toBe(2);

    await enquiries.erasePerson({ phone: student(2).phone });
    await enquiries.erasePerson({ phone: student(3).phone });
    expect((await seats.seatsTaken()).get('erased')).toBe(1);
    expect(await seats.find(erased.registration.id)).toBeUndefined();
    expect(await seats.find(kept.registration.id)).toBeDefined();
  });

  it('reschedules only to a session of the same event with a seat, moving the seat with it', async () => {
    database = await open();
    const seats = repositories(database);
    const [morning, evening, full, demo] = [
      session('b-morning', 3),
      session('a-evening', 3),
      session('c-full', 1),
      session('d-demo', 3, 'demo-class'),
    ] as const;
    const asha = await seats.register(student(1), morning, { source: 'json', language: 'hi' });
    await seats.register(student(2), full, { source: 'json', language: 'hi' });
    if (!('registration' in asha)) throw new Error('not booked');
    const id = asha.registration.id;

    expect(await seats.reschedule(id, full)).toBe('full');
    expect(await seats.reschedule(id, demo)).toBe('gone');
    expect(await seats.reschedule(id, morning)).toBe('same');
    expect(await seats.reschedule(id, evening)).toBe('moved');
    let taken = await seats.seatsTaken();
    expect([taken.get('b-morning'), taken.get('a-evening'), taken.get('c-full')]).toEqual([0, 1, 1]);
    expect((await seats.find(id))?.session_id).toBe('a-evening');

    expect(await seats.cancel(id)).toBe(true);
    expect(await seats.reschedule(id, morning)).toBe('gone');
    taken = await seats.seatsTaken();
    expect([taken.get('b-morning'), taken.get('a-evening')]).toEqual([0, 0]);
  });
});

describe.runIf(inject('postgresUrl'))('registrations across two instances on one PostgreSQL', () => {
  const opened: Db[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((database) => database.close()));
    opened.length = 0;
  });

  it('500 families racing for 50 seats through two instances: 50 booked, 450 full, none failed', async () => {
    const url = await freshPostgresUrl(String(inject('postgresUrl')), inject('postgresTemplate'));
    opened.push(await openDatabase(url), await openDatabase(url));
    const { outcomes, rolls } = await race(opened);
    expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(450);
    expect(outcomes.filter((outcome) => outcome === 'error')).toHaveLength(0);
    expect(new Set(rolls).size).toBe(50);
    expect(await count(opened[0] as Db, 'registrations')).toBe(50);
    expect((await repositories(opened[1] as Db).seatsTaken()).get('race')).toBe(50);
  });
});
