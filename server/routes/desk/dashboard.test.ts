/**
 * The dashboard's answers to the owner (issue 26), on real databases (SQLite and PostgreSQL):
 * speed to lead per counsellor and ISO week in working time, visits and enrolments, overdue
 * follow-ups and first calls, worked out by hand from a few families seeded at known times, read
 * at a fixed `now` through the repository; the period's query checked through HTTP.
 *
 * The desk works Monday to Saturday, 08:00–20:00 India time; the first-call target is 60
 * working minutes (the setting's starting value). Now is Wednesday 2 December 2026, 12:00.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromInstituteTime } from '../../../shared/institute-calendar';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { enquiryRow } from '../../../tests/support/enquiry-row';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createDashboardRepository } from '../../db/dashboard-repository';
import type { EnquiriesTable } from '../../db/schema';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';
import type { Insertable } from 'kysely';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

const NOW = fromInstituteTime('2026-12-02T12:00');
const at = (local: string) => fromInstituteTime(local).toISOString();
const noFees = () => undefined;

describe.each(enginesUnderTest())('the dashboard on $name', ({ open }) => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let cookie: string;
  let asha: string;
  let bala: string;

  beforeEach(async () => {
    clientDir = makeClientDir();
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database,
      deliveryWorker: false,
    });
    const staff = createStaffRepository(database);
    asha = (await staff.add({ email: 'asha@example.com', name: 'Asha', role: 'counsellor', passwordHash })).id;
    bala = (await staff.add({ email: 'bala@example.com', name: 'Bala', role: 'counsellor', passwordHash })).id;
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email: 'asha@example.com', password: PASSWORD },
    });
    cookie = `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** One enquiry, received at `received` (India time) unless `fields` says otherwise. */
  const row = (id: string, received: string, fields: Partial<Insertable<EnquiriesTable>> = {}) =>
    enquiryRow({
      id,
      created_at: at(received),
      student_name: id,
      phone: `+9190000${String(id.length * 1000 + id.charCodeAt(0) + id.charCodeAt(id.length - 1)).padStart(5, '0')}`,
      class_level: '12',
      course: 'jee',
      city: '',
      enquirer: 'student',
      language: 'en',
      // Every row names every column: a multi-row insert on SQLite writes null for one left out.
      status: 'new',
      first_called_at: null,
      next_follow_up_at: null,
      ...fields,
    });

  const seed = async () => {
    await database.db
      .insertInto('enquiries')
      .values([
        // Asha. Week 48: 30 minutes; 50 across the weekend (30 on Saturday, 20 on Monday); 105 (60 + 45).
        row('a1', '2026-11-24T10:00', {
          assignee_id: asha,
          first_called_at: at('2026-11-24T10:30'),
          status: 'visit-booked',
          next_follow_up: '2026-12-02',
          next_follow_up_at: at('2026-12-02T11:00'), // an hour ago: overdue
        }),
        row('a2', '2026-11-28T19:30', {
          assignee_id: asha,
          first_called_at: at('2026-11-30T08:20'),
          status: 'enrolled',
          next_follow_up: '2026-11-30', // enrolled: nobody needs to call again
        }),
        row('a3', '2026-11-28T19:00', {
          assignee_id: asha,
          first_called_at: at('2026-11-30T08:45'),
          status: 'contacted',
          next_follow_up: '2026-12-01', // yesterday: overdue
        }),
        // Week 49, today: 5 minutes.
        row('a4', '2026-12-02T09:00', {
          assignee_id: asha,
          first_called_at: at('2026-12-02T09:05'),
          status: 'contacted',
        }),
        // Before the period: never called (a first call overdue) and a follow-up overdue.
        row('a5', '2026-11-10T10:00', { assignee_id: asha, next_follow_up: '2026-11-20' }),
        // Bala. Never called since Monday 09:00: overdue.
        row('b1', '2026-11-30T09:00', { assignee_id: bala }),
        // A family that asked twice: counted once, from its first enquiry (week 48, called in 40 minutes).
        row('b2-first', '2026-11-25T10:00', {
          assignee_id: bala,
          family_id: 'b2',
          superseded_at: at('2026-12-01T10:00'),
        }),
        row('b2', '2026-12-01T10:00', {
          assignee_id: bala,
          family_id: 'b2',
          lead_received_at: at('2026-11-25T10:00'),
          first_called_at: at('2026-11-25T10:40'),
          status: 'contacted',
          next_follow_up: '2026-12-03',
          next_follow_up_at: at('2026-12-02T13:00'),
        }),
        // Today: 30 minutes waiting (within the target still), and 90 (overdue).
        row('b3', '2026-12-02T11:30', { assignee_id: bala }),
        row('b4', '2026-12-02T10:30', { assignee_id: bala }),
        // Nobody's, before the period: a follow-up overdue.
        row('u1', '2026-11-01T10:00', { status: 'contacted', next_follow_up: '2026-11-15' }),
      ])
      .execute();
  };

  it('answers speed to lead, visits, enrolments and overdue work per counsellor and week, by hand', async () => {
    await seed();
    const figures = await createDashboardRepository(database).dashboard(
      { from: '2026-11-23', to: '2026-12-02' },
      noFees,
      NOW,
    );
    const speed = (
      count: number,
      called: number,
      medianMinutes: number | null,
      p90Minutes: number | null,
      withinTarget: number,
      missed: number,
      overdue: number,
      waiting: number,
    ) => ({
      count,
      called,
      medianMinutes,
      p90Minutes,
      withinTarget,
      missed,
      overdue,
      waiting,
      shareWithinTarget: withinTarget + missed ? withinTarget / (withinTarget + missed) : null,
    });

    expect(figures.targetMinutes).toBe(60);
    expect(figures.days).toBe(10);
    // Eight families (b2 once); called in 5, 30, 40, 50 and 105 minutes; b1 and b4 overdue, b3 waiting.
    expect(figures.range).toEqual({
      from: '2026-11-23',
      to: '2026-12-02',
      ...speed(8, 5, 40, 105, 4, 3, 2, 1),
      visits: 2,
      enrolled: 1,
    });
    expect(figures.week).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
      ...speed(4, 1, 5, 5, 1, 2, 2, 1),
      visits: 0,
      enrolled: 0,
    });
    expect(figures.today).toEqual({
      from: '2026-12-02',
      to: '2026-12-02',
      ...speed(3, 1, 5, 5, 1, 1, 1, 1),
      visits: 0,
      enrolled: 0,
    });

    expect(figures.byCounsellor).toEqual([
      {
        counsellor: asha,
        name: 'Asha',
        ...speed(4, 4, 30, 105, 3, 1, 0, 0),
        visits: 2,
        enrolled: 1,
        overdueFollowUps: 3, // a1 (an hour ago), a3 (yesterday), a5 (before the period)
        overdueFirstCalls: 1, // a5
      },
      {
        counsellor: bala,
        name: 'Bala',
        ...speed(4, 1, 40, 40, 1, 2, 2, 1),
        visits: 0,
        enrolled: 0,
        overdueFollowUps: 0,
        overdueFirstCalls: 2, // b1 (Monday), b4 (today, 90 minutes); not b2's first enquiry
      },
      {
        counsellor: null,
        name: null,
        ...speed(0, 0, null, null, 0, 0, 0, 0),
        visits: 0,
        enrolled: 0,
        overdueFollowUps: 1,
        overdueFirstCalls: 0,
      },
    ]);

    expect(figures.byWeek).toEqual([
      { week: '2026-W48', weekStart: '2026-11-23', ...speed(4, 4, 40, 105, 3, 1, 0, 0) },
      { week: '2026-W49', weekStart: '2026-11-30', ...speed(4, 1, 5, 5, 1, 2, 2, 1) },
    ]);
    const perCounsellorAndWeek = figures.byCounsellorAndWeek.map((w) => [
      w.counsellor,
      w.week,
      w.count,
      w.withinTarget,
    ]);
    expect(perCounsellorAndWeek).toEqual(
      [
        [asha, '2026-W48', 3, 2],
        [asha, '2026-W49', 1, 1],
        [bala, '2026-W48', 1, 1],
        [bala, '2026-W49', 3, 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(figures.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(8);
  });

  it('takes the last 30 or 90 days, or from and to at most 366 days apart', async () => {
    const get = (query: string) =>
      app.inject({ method: 'GET', url: `/api/staff/dashboard${query}`, headers: { origin: ORIGIN, cookie } });
    const range = await get('?from=2026-01-01&to=2026-12-31');
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json()).toMatchObject({ firstDay: '2026-01-01', lastDay: '2026-12-31', days: 365 });
    expect((await get('?from=2024-01-01&to=2024-12-31')).json()).toMatchObject({ days: 366 });
    expect((await get('?days=90')).json()).toMatchObject({ days: 90 });
    for (const bad of [
      '?from=2025-01-01&to=2026-01-02',
      '?from=2026-02-01&to=2026-01-01',
      '?from=2026-01-01',
      '?days=7',
    ])
      expect((await get(bad)).statusCode, bad).toBe(400);
  });
});
