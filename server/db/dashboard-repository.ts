/** Where the desk looks first: the day's list (Today) and the dashboard's figures. */
import { sql } from 'kysely';
import { institute } from '../../shared/institute';
import type { EnquiryStatus } from '../../shared/schema/desk-vocabulary';
import {
  addDays,
  daysIn,
  isoWeekday,
  localDate,
  startOfLocalDay,
  utcOffsetMinutes,
} from '../../shared/institute-calendar';
import { speedToLead } from '../../shared/speed-to-lead';
import type { FeeOf } from '../course-fees';
import type { Db } from './database';
import { summaryColumns } from './inbox-repository';
import { readSetting } from './desk-settings-repository';
import { deskHours } from '../../shared/schema/desk-settings';
import { addWorkingMinutes, type WorkingHours, workingMinutesBetween } from '../../shared/working-time';

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

  /**
   * The dashboard's figures for a period of local dates (`from` to `to`, both included, or the
   * last `days` days, today included) and, whatever the period, for today and this ISO week
   * (Monday first): the families whose first enquiry (`lead_received_at`) falls in each, counted
   * by their records; how soon they were first called (speed to lead, in working minutes against
   * the admins' target); visits and enrolments; per counsellor, and, as of `now`, the follow-ups
   * overdue and the new families past their first-call target. An enrolment's fee is its
   * course's today (`feeOf`: the live content's).
   */
  async function dashboard(period: DashboardPeriod, feeOf: FeeOf, now = new Date()) {
    const date = localDate(now);
    const firstDay = 'days' in period ? addDays(date, -(period.days - 1)) : period.from;
    const lastDay = 'days' in period ? date : period.to;
    const since = startOfLocalDay(firstDay).toISOString();
    const until = startOfLocalDay(addDays(lastDay, 1)).toISOString();
    const weekStart = addDays(date, 1 - isoWeekday(date));
    const weekSince = startOfLocalDay(weekStart).toISOString();
    const todaySince = startOfLocalDay(date).toISOString();
    const nowIso = now.toISOString();
    // The institute's local date of each family's first enquiry. PostgreSQL knows time zones;
    // SQLite is given the zone's offset now (India keeps one offset all year). Literals, not
    // parameters, so that the grouped expression is the selected one (both are ours: the zone
    // is checked with the content at build time).
    const day =
      engine === 'postgres'
        ? sql<string>`to_char(lead_received_at::timestamptz at time zone ${sql.lit(institute.timeZone)}, 'YYYY-MM-DD')`
        : sql<string>`substr(datetime(lead_received_at, ${sql.lit(`${utcOffsetMinutes(now)} minutes`)}), 1, 10)`;
    const visited = sql<string | number>`sum(case when status in ('visit-booked', 'enrolled') then 1 else 0 end)`;
    const enrolledSum = sql<string | number>`sum(case when status = 'enrolled' then 1 else 0 end)`;
    // Families, each once: its record (the newest enquiry) stands for it.
    const records = db.selectFrom('enquiries').where('superseded_at', 'is', null);
    const inPeriod = (from: string, to: string) =>
      records.where('lead_received_at', '>=', from).where('lead_received_at', '<', to);
    const recent = inPeriod(since, until);
    /** The few columns speed to lead needs, of the records received from `from` to before `to`. */
    const leads = (from: string, to: string) =>
      inPeriod(from, to)
        .select(['lead_received_at', 'first_called_at', 'assignee_id'])
        .$narrowType<{ lead_received_at: string }>()
        .execute();
    /**
     * Enquiries, visits (booked or since enrolled), enrolments and their fees per value of a
     * column (null: the visit did not say), from the period's counts per source, campaign and
     * course (one pass over the period for both columns), summed here with each course's fee.
     */
    const outcomesBy = (
      rows: {
        utm_source: string | null;
        utm_campaign: string | null;
        course: string;
        n: string | number;
        visits: string | number;
        enrolled: string | number;
      }[],
      column: 'utm_source' | 'utm_campaign',
    ) => {
      const byValue = new Map<
        string | null,
        { value: string | null; count: number; visits: number; enrolled: number; fees: number }
      >();
      for (const row of rows) {
        const value = row[column];
        const outcome = byValue.get(value) ?? { value, count: 0, visits: 0, enrolled: 0, fees: 0 };
        const enrolled = Number(row.enrolled);
        outcome.count += Number(row.n);
        outcome.visits += Number(row.visits);
        outcome.enrolled += enrolled;
        outcome.fees += enrolled * (feeOf(row.course) ?? 0);
        byValue.set(value, outcome);
      }
      return [...byValue.values()].sort((a, b) => b.count - a.count || (a.value ?? '').localeCompare(b.value ?? ''));
    };

    const firstContact = await readSetting(db, 'first-contact');
    const hours = deskHours(firstContact);
    const { targetMinutes } = firstContact;
    // Received at or before this, a family not yet called is past its target now: counted in SQL;
    // the few received since are judged one by one, by speed to lead's own rule.
    const surelyLate = latestSurelyLate(now, targetMinutes, hours);
    const waitingFirstCall = records.where('status', '=', 'new').where('first_called_at', 'is', null);
    // The week's leads come with the period's when the period holds the whole week so far.
    const weekInRange = since <= weekSince && until > nowIso;

    const [
      perDay,
      byStatusAssigneeCourse,
      byCampaignAndCourse,
      rangeLeads,
      weekLeads,
      weekOutcomes,
      overdueFollowUps,
      lateFirstCalls,
      waitingLeads,
      staff,
    ] = await Promise.all([
      recent
        .select([day.as('day'), 'course', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy([day, 'course'])
        .execute(),
      // Statuses, enrolments by course and each counsellor's visits and enrolments: one pass.
      recent
        .select(['status', 'assignee_id', 'course', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy(['status', 'assignee_id', 'course'])
        .execute(),
      recent
        .select([
          'utm_source',
          'utm_campaign',
          'course',
          (eb) => eb.fn.countAll<string | number>().as('n'),
          visited.as('visits'),
          enrolledSum.as('enrolled'),
        ])
        .groupBy(['utm_source', 'utm_campaign', 'course'])
        .execute(),
      leads(since, until),
      weekInRange ? null : leads(weekSince, nowIso),
      inPeriod(weekSince, nowIso)
        .select([
          sql<string | number>`sum(case when lead_received_at >= ${todaySince} then 1 else 0 end)`.as('today'),
          sql<
            string | number
          >`sum(case when lead_received_at >= ${todaySince} and status in ('visit-booked', 'enrolled') then 1 else 0 end)`.as(
            'todayVisits',
          ),
          sql<
            string | number
          >`sum(case when lead_received_at >= ${todaySince} and status = 'enrolled' then 1 else 0 end)`.as(
            'todayEnrolled',
          ),
          visited.as('visits'),
          enrolledSum.as('enrolled'),
        ])
        .executeTakeFirst(),
      records
        .select(['assignee_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('status', 'not in', CLOSED_STATUSES)
        // Due before today, or today at a time already past. The date is what the lists read (and
        // its index finds); a time counts on its date only (a date changed by hand keeps an older time).
        .where('next_follow_up', '<=', date)
        .where((eb) => eb.or([eb('next_follow_up', '<', date), eb('next_follow_up_at', '<', nowIso)]))
        .groupBy('assignee_id')
        .execute(),
      surelyLate === null
        ? []
        : waitingFirstCall
            .select(['assignee_id', (eb) => eb.fn.countAll<string | number>().as('n')])
            .where('lead_received_at', '<=', surelyLate.toISOString())
            .groupBy('assignee_id')
            .execute(),
      (surelyLate === null
        ? waitingFirstCall
        : waitingFirstCall.where('lead_received_at', '>', surelyLate.toISOString())
      )
        .select(['lead_received_at', 'first_called_at', 'assignee_id'])
        .$narrowType<{ lead_received_at: string }>()
        .execute(),
      db.selectFrom('staff').select(['id', 'name']).execute(),
    ]);

    const speedOf = (rows: typeof rangeLeads) =>
      speedToLead(
        rows.map((row) => ({
          receivedAt: row.lead_received_at,
          firstCallAt: row.first_called_at,
          counsellor: row.assignee_id,
        })),
        { now, targetMinutes, hours },
      );
    const speed = speedOf(rangeLeads);
    const thisWeek = weekLeads ?? rangeLeads.filter((row) => row.lead_received_at >= weekSince);
    const sumOf = (rows: { status: string; count: number }[], statuses: string[]) =>
      rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
    /** The period's counts per status, counsellor and course, summed by `key` over the statuses `which` picks. */
    const countBy = <Key>(
      key: (row: (typeof byStatusAssigneeCourse)[number]) => Key,
      which: (status: string) => boolean = () => true,
    ) => {
      const counts = new Map<Key, number>();
      for (const row of byStatusAssigneeCourse)
        if (which(row.status)) counts.set(key(row), (counts.get(key(row)) ?? 0) + Number(row.n));
      return counts;
    };
    const isVisit = (status: string) => status === 'visit-booked' || status === 'enrolled';
    const isEnrolled = (status: string) => status === 'enrolled';
    const statuses = [...countBy((row) => row.status)].map(([status, count]) => ({ status, count }));
    const counsellorVisits = countBy((row) => row.assignee_id, isVisit);
    const counsellorEnrolments = countBy((row) => row.assignee_id, isEnrolled);

    // Every counsellor with a figure: enquiries in the period, or overdue work now.
    const perCounsellor = new Map<string | null, { overdueFollowUps: number; overdueFirstCalls: number }>();
    const at = (counsellor: string | null) => {
      let row = perCounsellor.get(counsellor);
      if (!row) perCounsellor.set(counsellor, (row = { overdueFollowUps: 0, overdueFirstCalls: 0 }));
      return row;
    };
    for (const row of speed.byCounsellor) at(row.counsellor);
    for (const row of overdueFollowUps) at(row.assignee_id).overdueFollowUps += Number(row.n);
    for (const row of lateFirstCalls) at(row.assignee_id).overdueFirstCalls += Number(row.n);
    for (const row of speedOf(waitingLeads).byCounsellor) at(row.counsellor).overdueFirstCalls += row.overdue;
    const names = new Map(staff.map((member) => [member.id, member.name]));
    const none = speedOf([]).all;
    const byCounsellor = [...perCounsellor]
      .map(([counsellor, overdue]) => {
        return {
          counsellor,
          name: counsellor === null ? null : (names.get(counsellor) ?? null),
          ...(speed.byCounsellor.find((row) => row.counsellor === counsellor) ?? none),
          visits: counsellorVisits.get(counsellor) ?? 0,
          enrolled: counsellorEnrolments.get(counsellor) ?? 0,
          ...overdue,
        };
      })
      // By name, the enquiries nobody was given last.
      .sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name)));

    return {
      days: daysIn(firstDay, lastDay),
      firstDay,
      lastDay,
      targetMinutes,
      today: {
        from: date,
        to: date,
        ...speedOf(thisWeek.filter((row) => row.lead_received_at >= todaySince)).all,
        visits: Number(weekOutcomes?.todayVisits ?? 0),
        enrolled: Number(weekOutcomes?.todayEnrolled ?? 0),
      },
      week: {
        from: weekStart,
        to: addDays(weekStart, 6),
        ...speedOf(thisWeek).all,
        visits: Number(weekOutcomes?.visits ?? 0),
        enrolled: Number(weekOutcomes?.enrolled ?? 0),
      },
      range: {
        from: firstDay,
        to: lastDay,
        ...speed.all,
        visits: sumOf(statuses, ['visit-booked', 'enrolled']),
        enrolled: sumOf(statuses, ['enrolled']),
      },
      byCounsellor,
      byWeek: speed.byWeek,
      byCounsellorAndWeek: speed.byCounsellorAndWeek,
      perDay: perDay.map((row) => ({ day: row.day, course: row.course, count: Number(row.n) })),
      byStatus: statuses,
      enrolledByCourse: [...countBy((row) => row.course, isEnrolled)]
        .map(([course, count]) => ({ course, count }))
        .sort((a, b) => b.count - a.count || a.course.localeCompare(b.course)),
      bySource: outcomesBy(byCampaignAndCourse, 'utm_source'),
      byCampaign: outcomesBy(byCampaignAndCourse, 'utm_campaign'),
    };
  }

  return { today, dashboard };
}

/** The dashboard's period: the last `days` days (today included), or local dates `from` to `to`, both included. */
export type DashboardPeriod = { days: number } | { from: string; to: string };

/**
 * The latest moment such that a family who asked then or earlier, and is not yet called, is past
 * the first-call target at `now` (more than `targetMinutes` working minutes have passed; working
 * minutes since a moment only grow as the moment moves earlier). Stepped back an hour at a time
 * from the target in plain minutes; null if two months of steps never pass it (a calendar of
 * holidays), and then every family waiting is judged one by one.
 */
function latestSurelyLate(now: Date, targetMinutes: number, hours: WorkingHours): Date | null {
  const HOUR = 3_600_000;
  let at = now.getTime() - targetMinutes * 60_000;
  for (let step = 0; step < 24 * 61; step++, at -= HOUR) {
    if (workingMinutesBetween(new Date(at), now, hours) > targetMinutes) return new Date(at);
  }
  return null;
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
