/** Where the desk looks first: the day's list (Today) and the dashboard's figures. */
import { sql } from 'kysely';
import { institute } from '../../shared/institute';
import type { EnquiryStatus } from '../../shared/schema/desk-vocabulary';
import { addDays, localDate, startOfLocalDay, utcOffsetMinutes } from '../../shared/institute-calendar';
import type { Db } from './database';
import { summaryColumns } from './inbox-repository';
import { readSetting } from './desk-settings-repository';
import { deskHours } from '../../shared/schema/desk-settings';
import { addWorkingMinutes } from '../../shared/working-time';

/** Statuses after which nobody needs to call again. */
const CLOSED_STATUSES: EnquiryStatus[] = ['enrolled', 'not-interested'];

export function createDashboardRepository(database: Db) {
  const { db, engine } = database;

  /**
   * Where signing in lands, for one member (`staffId`) or everyone (null), records only: new
   * enquiries past their first-contact target (the longest waiting first), follow-ups due
   * today or overdue, and new enquiries within their target (the newest first). The target is
   * in working minutes (the admins' setting; shared/working-time.ts).
   */
  async function today(staffId: string | null, now = new Date()) {
    const date = localDate(now);
    const columns = [...summaryColumns, 'staff.name as assignee_name'] as const;
    const records = () => {
      const query = db
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .select(columns)
        .where('enquiries.superseded_at', 'is', null);
      return staffId ? query.where('enquiries.assignee_id', '=', staffId) : query;
    };
    const [followUps, fresh] = await Promise.all([
      records()
        .where('enquiries.next_follow_up', '<=', date)
        .where('enquiries.status', 'not in', CLOSED_STATUSES)
        .orderBy('enquiries.next_follow_up')
        .orderBy('enquiries.created_at')
        .limit(500)
        .execute(),
      records().where('enquiries.status', '=', 'new').orderBy('enquiries.created_at', 'desc').limit(500).execute(),
    ]);
    const firstContact = await readSetting(db, 'first-contact');
    const hours = deskHours(firstContact);
    const waiting = fresh.map((row) => {
      const dueAt = addWorkingMinutes(new Date(row.created_at), firstContact.targetMinutes, hours);
      return {
        ...row,
        ageMs: now.getTime() - new Date(row.created_at).getTime(),
        dueAt: dueAt.toISOString(),
        late: dueAt <= now,
      };
    });
    return {
      date,
      overdue: waiting.filter((row) => row.late).reverse(),
      followUps: followUps.map((row) => ({ ...row, overdue: (row.next_follow_up ?? date) < date })),
      fresh: waiting.filter((row) => !row.late),
    };
  }

  /** The dashboard's figures for the last `days` days (local dates, today included). */
  async function dashboard(days: number, now = new Date()) {
    const firstDay = addDays(localDate(now), -(days - 1));
    const since = startOfLocalDay(firstDay).toISOString();
    // The institute's local date of each enquiry. PostgreSQL knows time zones; SQLite is
    // given the zone's offset now (India keeps one offset all year). Literals, not
    // parameters, so that the grouped expression is the selected one (both are ours:
    // the zone is checked with the content at build time).
    const day =
      engine === 'postgres'
        ? sql<string>`to_char(created_at::timestamptz at time zone ${sql.lit(institute.timeZone)}, 'YYYY-MM-DD')`
        : sql<string>`substr(datetime(created_at, ${sql.lit(`${utcOffsetMinutes(now)} minutes`)}), 1, 10)`;
    // Families, each once: its record (the newest enquiry) stands for it.
    const recent = db.selectFrom('enquiries').where('created_at', '>=', since).where('superseded_at', 'is', null);
    /** Enquiries and enrolments per value of a column (null: the visit did not say). */
    const outcomesBy = (column: 'utm_source' | 'utm_campaign') =>
      recent
        .select([
          `${column} as value`,
          (eb) => eb.fn.countAll<string | number>().as('n'),
          sql<string | number>`sum(case when status = 'enrolled' then 1 else 0 end)`.as('enrolled'),
        ])
        .groupBy(column)
        .orderBy('n', 'desc')
        .execute();
    const [perDay, byStatus, enrolled, contacted, bySource, byCampaign] = await Promise.all([
      recent
        .select([day.as('day'), 'course', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy([day, 'course'])
        .execute(),
      recent
        .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy('status')
        .execute(),
      recent
        .select(['course', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('status', '=', 'enrolled')
        .groupBy('course')
        .execute(),
      recent.select(['created_at', 'first_contacted_at']).where('first_contacted_at', 'is not', null).execute(),
      outcomesBy('utm_source'),
      outcomesBy('utm_campaign'),
    ]);
    const outcomes = (rows: Awaited<ReturnType<typeof outcomesBy>>) =>
      rows.map((row) => ({ value: row.value, count: Number(row.n), enrolled: Number(row.enrolled) }));
    const waits = contacted
      .map((row) => new Date(row.first_contacted_at ?? row.created_at).getTime() - new Date(row.created_at).getTime())
      .sort((a, b) => a - b);
    const middle = Math.floor(waits.length / 2);
    const medianMs =
      waits.length === 0
        ? null
        : waits.length % 2
          ? waits[middle]
          : ((waits[middle - 1] ?? 0) + (waits[middle] ?? 0)) / 2;
    return {
      days,
      firstDay,
      lastDay: localDate(now),
      perDay: perDay.map((row) => ({ day: row.day, course: row.course, count: Number(row.n) })),
      byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.n) })),
      enrolledByCourse: enrolled.map((row) => ({ course: row.course, count: Number(row.n) })),
      firstContact: { medianMs: medianMs ?? null, contacted: waits.length },
      bySource: outcomes(bySource),
      byCampaign: outcomes(byCampaign),
    };
  }

  return { today, dashboard };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
