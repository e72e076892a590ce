/** Where the desk looks first: the day's list (Today) and the dashboard's figures. */
import type { EnquiryStatus } from '../../shared/schema/desk-vocabulary';
import {
  addDays,
  daysIn,
  isoWeekday,
  localDate,
  startOfLocalDay,
  utcOffsetMinutes,
} from '../../shared/institute-calendar';
import { nearestRank, speedToLead } from '../../shared/speed-to-lead';
import { sourceOf } from '../../shared/schema/attribution';
import type { FeeOf } from '../content/course-fees';
import type { Db } from './database';
import { summaryColumns } from './inbox-repository';
import { readSetting } from './desk-settings-repository';
import { deskHours } from '../../shared/schema/desk-settings';
import type { WorkingHours } from '../../shared/institute';
import { addWorkingMinutes, workingMinutesBetween } from '../../shared/working-time';

/** A campaign and the network it ran on, as the dashboard lists it; null: no campaign. */
const campaignOn = (campaign: string | null, source: string | null) =>
  campaign === null ? null : `${campaign} · ${source ?? 'no source'}`;

/** Statuses after which nobody needs to call again. */
const CLOSED_STATUSES: EnquiryStatus[] = ['enrolled', 'not-interested'];

export function createDashboardRepository(database: Db) {
  const { db } = database;

  /**
   * Where signing in lands, for one member (`staffId`) or everyone (null), records only: new
   * enquiries past their first-contact target (the longest waiting first), follow-ups due
   * today or overdue, and new enquiries within their target (the newest first). The target is
   * in working minutes (the admins' setting; shared/working-time.ts).
   */
  async function today(staffId: string | null, now = new Date()) {
    const date = localDate(now);
    const columns = [...summaryColumns, 'staff.name as assignee_name', 'enquiries.first_called_at'] as const;
    const records = () => {
      const query = db
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .select(columns)
        // The calls made to it (a try with no answer is one): said beside it, "2 tries".
        .select((eb) =>
          eb
            .selectFrom('contacts')
            .select(eb.fn.countAll<number | string | bigint>().as('n'))
            .whereRef('contacts.enquiry_id', '=', 'enquiries.id')
            .where('contacts.kind', '=', 'call')
            .as('tries'),
        )
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
    const due = new Set(followUps.map((row) => row.id));
    const counted = <Row extends { tries: unknown }>(row: Row) => ({ ...row, tries: Number(row.tries ?? 0) });
    const waiting = fresh.map((row) => {
      const dueAt = addWorkingMinutes(new Date(row.created_at), firstContact.targetMinutes, hours);
      return {
        ...counted(row),
        ageMs: now.getTime() - new Date(row.created_at).getTime(),
        dueAt: dueAt.toISOString(),
        // Past the first-call target with no call made (as the dashboard counts it): a family
        // tried with no answer waits for its next try, which the rule set.
        late: dueAt <= now && row.first_called_at === null,
      };
    });
    return {
      date,
      overdue: waiting.filter((row) => row.late).reverse(),
      followUps: followUps.map((row) => ({ ...counted(row), overdue: (row.next_follow_up ?? date) < date })),
      // Not reached yet: within the target, or tried and waiting for a later day's try (a try due
      // today is among the follow-ups, once).
      fresh: waiting.filter((row) => !row.late && !due.has(row.id)),
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
    // Families, each once: its record (the newest enquiry) stands for it.
    const records = db.selectFrom('enquiries').where('superseded_at', 'is', null);
    /**
     * The columns every figure needs, of the records whose family first asked from `from` to
     * before `to`: one pass, read from the index alone (migrations 020, 030), counted here.
     */
    const leads = (from: string, to: string) =>
      records
        .where('lead_received_at', '>=', from)
        .where('lead_received_at', '<', to)
        .select([
          'lead_received_at',
          'first_called_at',
          'assignee_id',
          'status',
          'course',
          'first_utm_source',
          'first_utm_campaign',
          'first_referrer_host',
          'utm_source',
          'utm_campaign',
        ])
        .$narrowType<{ lead_received_at: string }>()
        .execute();

    const firstContact = await readSetting(db, 'first-contact');
    const hours = deskHours(firstContact);
    const { targetMinutes } = firstContact;
    // Received at or before this, a family not yet called is past its target now: counted in SQL;
    // the few received since are judged one by one, by speed to lead's own rule.
    const surelyLate = latestSurelyLate(now, targetMinutes, hours);
    const waitingFirstCall = records.where('status', '=', 'new').where('first_called_at', 'is', null);
    // The week's leads come with the period's when the period holds the whole week so far.
    const weekInRange = since <= weekSince && until > nowIso;

    const [rangeLeads, weekLeads, overdueFollowUps, lateFirstCalls, waitingLeads, staff] = await Promise.all([
      leads(since, until),
      weekInRange ? null : leads(weekSince, nowIso),
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
    type Lead = (typeof rangeLeads)[number];

    const speedOf = (rows: Pick<Lead, 'lead_received_at' | 'first_called_at' | 'assignee_id'>[]) =>
      speedToLead(
        rows.map((row) => ({
          receivedAt: row.lead_received_at,
          firstCallAt: row.first_called_at,
          counsellor: row.assignee_id,
        })),
        { now, targetMinutes, hours },
      );
    const isVisit = (status: string) => status === 'visit-booked' || status === 'enrolled';
    const isEnrolled = (status: string) => status === 'enrolled';
    /** How many of a group's families visited (or since enrolled) and enrolled. */
    const outcomesOf = (rows: Lead[]) => ({
      visits: rows.filter((row) => isVisit(row.status)).length,
      enrolled: rows.filter((row) => isEnrolled(row.status)).length,
    });
    /** A group's families with their speed to lead and outcomes. */
    const periodOf = (rows: Lead[]) => ({ ...speedOf(rows).all, ...outcomesOf(rows) });
    /** The period's families counted by `key` (in first-seen order), of those `which` keeps. */
    const countBy = <Key>(key: (row: Lead) => Key, which: (row: Lead) => boolean = () => true) => {
      const counts = new Map<Key, number>();
      for (const row of rangeLeads) if (which(row)) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
      return counts;
    };
    /**
     * Enquiries, visits (booked or since enrolled), enrolments and their fees (each course's fee
     * today) per value of a column (null: the visit did not say), the most enquiries first.
     */
    const outcomesBy = (valueOf: (row: Lead) => string | null) => {
      const byValue = new Map<
        string | null,
        { value: string | null; count: number; visits: number; enrolled: number; fees: number }
      >();
      for (const row of rangeLeads) {
        const value = valueOf(row);
        const outcome = byValue.get(value) ?? { value, count: 0, visits: 0, enrolled: 0, fees: 0 };
        outcome.count += 1;
        if (isVisit(row.status)) outcome.visits += 1;
        if (isEnrolled(row.status)) {
          outcome.enrolled += 1;
          outcome.fees += feeOf(row.course) ?? 0;
        }
        byValue.set(value, outcome);
      }
      return [...byValue.values()].sort((a, b) => b.count - a.count || (a.value ?? '').localeCompare(b.value ?? ''));
    };

    const speed = speedOf(rangeLeads);
    const thisWeek = weekLeads ?? rangeLeads.filter((row) => row.lead_received_at >= weekSince);
    // The institute's local date of each family's first enquiry: India keeps one offset all year.
    const offsetMs = utcOffsetMinutes(now) * 60_000;
    const localDay = (iso: string) => new Date(Date.parse(iso) + offsetMs).toISOString().slice(0, 10);
    const perDay = new Map<string, { day: string; course: string; count: number }>();
    for (const row of rangeLeads) {
      const day = localDay(row.lead_received_at);
      const key = `${day} ${row.course}`;
      const counted = perDay.get(key) ?? { day, course: row.course, count: 0 };
      counted.count += 1;
      perDay.set(key, counted);
    }
    const statuses = [...countBy((row) => row.status)].map(([status, count]) => ({ status, count }));
    const counsellorVisits = countBy(
      (row) => row.assignee_id,
      (row) => isVisit(row.status),
    );
    const counsellorEnrolments = countBy(
      (row) => row.assignee_id,
      (row) => isEnrolled(row.status),
    );

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

    // From the phone's ring (a push its service took) to the family's first call, in working minutes.
    const pushes = await db
      .selectFrom('notifications')
      .innerJoin('enquiries', 'enquiries.id', 'notifications.enquiry_id')
      .select(['notifications.pushed_at', 'enquiries.first_called_at'])
      .where('notifications.kind', 'in', ['assigned', 'came-back'])
      .where('notifications.pushed_at', '>=', since)
      .where('notifications.pushed_at', '<', until)
      .$narrowType<{ pushed_at: string }>()
      .execute();
    const pushToCall = pushes
      .filter((row) => row.first_called_at !== null && row.first_called_at >= row.pushed_at)
      .map((row) => workingMinutesBetween(new Date(row.pushed_at), new Date(String(row.first_called_at)), hours))
      .sort((a, b) => a - b);
    const fromPush = { pushed: pushes.length, called: pushToCall.length, medianMinutes: nearestRank(pushToCall, 50) };

    return {
      fromPush,
      days: daysIn(firstDay, lastDay),
      firstDay,
      lastDay,
      targetMinutes,
      today: { from: date, to: date, ...periodOf(thisWeek.filter((row) => row.lead_received_at >= todaySince)) },
      week: { from: weekStart, to: addDays(weekStart, 6), ...periodOf(thisWeek) },
      range: { from: firstDay, to: lastDay, ...speed.all, ...outcomesOf(rangeLeads) },
      byCounsellor,
      byWeek: speed.byWeek,
      byCounsellorAndWeek: speed.byCounsellorAndWeek,
      perDay: [...perDay.values()],
      byStatus: statuses,
      enrolledByCourse: [
        ...countBy(
          (row) => row.course,
          (row) => isEnrolled(row.status),
        ),
      ]
        .map(([course, count]) => ({ course, count }))
        .sort((a, b) => b.count - a.count || a.course.localeCompare(b.course)),
      // Which campaigns bring families: each family under what brought it first (first-touch.ts),
      // and under what brought it last (its newest enquiry) beside it.
      // A source is the campaign's, or the search engine or network a family came from without one
      // (sourceOf); a campaign is counted per network it ran on ("neet-2027 · facebook"): the review's L4.
      bySource: outcomesBy((row) =>
        sourceOf({ utmSource: row.first_utm_source, referrerHost: row.first_referrer_host }),
      ),
      byCampaign: outcomesBy((row) => campaignOn(row.first_utm_campaign, row.first_utm_source)),
      byCampaignLastTouch: outcomesBy((row) => campaignOn(row.utm_campaign, row.utm_source)),
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
