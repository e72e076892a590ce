/**
 * A lead nobody called in time (issue 41): escalated once to the admins, moved on by the rule
 * when it says so, on real databases (SQLite and PostgreSQL), with two instances looking at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enginesUnderTest } from '../tests/support/databases';
import { enquirySchema } from '../shared/schema/enquiry';
import type { Db } from './db/database';
import { createDeskSettingsRepository } from './db/desk-settings-repository';
import { createEnquiryRepository } from './db/enquiry-repository';
import { createPushRepository } from './db/push-repository';
import { createStaffRepository } from './db/staff-repository';
import { createEscalation } from './escalation';

// A Wednesday, 11:00 India time; the first call is due within 60 working minutes, by 12:00.
const ASKED = new Date('2026-11-25T05:30:00Z');
const minutesLater = (minutes: number) => new Date(ASKED.getTime() + minutes * 60_000);
const form = (phone: string, studentName: string) =>
  enquirySchema.parse({ studentName, phone, classLevel: '12', course: 'jee', city: 'Jaipur', consent: true });

describe.each(enginesUnderTest())('an overdue first call on $name', ({ open }) => {
  let database: Db;
  const ids: Record<string, string> = {};

  const asked = async (phone: string, name: string, at = ASKED) =>
    (await createEnquiryRepository(database).save(form(phone, name), { source: 'json', now: at })).id;
  const row = (id: string) =>
    database.db
      .selectFrom('enquiries')
      .select(['assignee_id', 'escalated_at', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const toldOf = (id: string) =>
    database.db
      .selectFrom('notifications')
      .innerJoin('staff', 'staff.id', 'notifications.staff_id')
      .select(['staff.name', 'notifications.kind'])
      .where('enquiry_id', '=', id)
      .orderBy('staff.name')
      .execute();

  beforeEach(async () => {
    database = await open();
    const staff = createStaffRepository(database);
    for (const [name, role] of [
      ['Chitra', 'counsellor'],
      ['Dev', 'counsellor'],
      ['Anil', 'admin'],
      ['Bela', 'admin'],
      ['Meena', 'editor'],
    ] as const)
      ids[name] = (await staff.add({ email: `${name.toLowerCase()}@example.com`, name, role, passwordHash: 'x' })).id;
  });
  afterEach(async () => {
    await database.close();
  });

  it('tells every admin once, on the desk and by push, when the target passes with no call; leaves a called lead alone', async () => {
    const late = await asked('98290 11111', 'Rohan Mehta');
    const called = await asked('98290 22222', 'Isha Rao');
    await database.db
      .updateTable('enquiries')
      .set({ first_called_at: minutesLater(20).toISOString(), status: 'contacted' })
      .where('id', '=', called)
      .execute();
    // Bela has notifications on on her phone: her push is queued with what tells her.
    await createPushRepository(database).subscribe(String(ids.Bela), {
      endpoint: 'https://fcm.googleapis.com/fcm/send/bela',
      p256dh: 'BKey',
      auth: 'auth',
      device: 'Android phone, Chrome',
      session_hash: null,
    });
    const owner = (await row(late)).assignee_id;
    const { escalateOverdue } = createEscalation(database);

    expect(await escalateOverdue(minutesLater(30))).toEqual([]);
    // Two instances look at once, after the target: one escalates it.
    const [first, second] = await Promise.all([escalateOverdue(minutesLater(90)), escalateOverdue(minutesLater(90))]);
    expect([...first, ...second]).toEqual([{ id: late, movedTo: null }]);
    expect(await escalateOverdue(minutesLater(120))).toEqual([]);

    expect((await row(late)).assignee_id).toBe(owner);
    const told = (await toldOf(late)).filter((each) => each.kind === 'overdue');
    expect(told.map((each) => each.name)).toEqual(['Anil', 'Bela']);
    const pushes = await database.db
      .selectFrom('deliveries')
      .select(['channel', 'context'])
      .where('enquiry_id', '=', late)
      .where('channel', '=', 'push')
      .execute();
    expect(pushes.map((push) => JSON.parse(String(push.context)))).toEqual([{ staffId: ids.Bela, kind: 'overdue' }]);
    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'from_value', 'to_value'])
      .where('enquiry_id', '=', late)
      .where('action', '=', 'escalated')
      .execute();
    expect(trail).toEqual([{ action: 'escalated', actor_id: null, from_value: owner, to_value: null }]);
    expect((await toldOf(called)).filter((each) => each.kind === 'overdue')).toEqual([]);
  });

  it('gives the lead to the next counsellor when the rule says so, who is told as for any new lead', async () => {
    await createDeskSettingsRepository(database).set(
      'first-contact',
      { targetMinutes: 60, holidays: [], reassignOverdue: true },
      String(ids.Anil),
    );
    const late = await asked('98290 33333', 'Kabir Das');
    const before = await row(late);
    const [escalated] = await createEscalation(database).escalateOverdue(minutesLater(90));
    const after = await row(late);
    expect(escalated?.movedTo).toBe(after.assignee_id);
    expect(after.assignee_id).not.toBe(before.assignee_id);
    expect([ids.Chitra, ids.Dev]).toContain(after.assignee_id);
    // The desk's version moved on: a counsellor's page open on the old one is told, not overwritten.
    expect(after.version).toBe(before.version + 1);
    const newOwner = after.assignee_id === ids.Chitra ? 'Chitra' : 'Dev';
    expect(await toldOf(late)).toEqual(
      expect.arrayContaining([
        { name: newOwner, kind: 'assigned' },
        { name: 'Anil', kind: 'overdue' },
        { name: 'Bela', kind: 'overdue' },
      ]),
    );
  });

  it('does not tell now of a lead whose target passed more than a day ago (a server down, or escalation new)', async () => {
    await asked('98290 44444', 'Old Lead', new Date('2026-11-20T05:30:00Z'));
    expect(await createEscalation(database).escalateOverdue(minutesLater(90))).toEqual([]);
  });
});
