/**
 * Speed to lead: how soon, in working time, the desk first calls a family after their enquiry
 * (issue 26). Pure figures from rows, so the dashboard can compute them from one query and the
 * tests can check them by hand.
 */
import { instituteHours } from './institute';
import type { WorkingHours } from './institute';
import { localDayNumber, workingMinutesBetween } from './working-time';

export type LeadRow = {
  /** When the enquiry arrived (a Date, or an ISO timestamp as the database gives it). */
  receivedAt: Date | string;
  /**
   * The first call to the family, whatever its outcome: a call that was not answered still
   * counts, since the dialling is what the counsellor controls (shared/call-outcomes.ts).
   */
  firstCallAt: Date | string | null;
  /** The counsellor the figures are put under (an id), or null when nobody is. */
  counsellor: string | null;
};

export type SpeedToLeadOptions = {
  now: Date;
  /** The target, in working minutes from the enquiry to the first call. */
  targetMinutes: number;
  hours?: WorkingHours;
};

/** One group's figures. Minutes are working minutes, exact (round them to show them). */
export type SpeedFigures = {
  /** Enquiries received. */
  count: number;
  /** Of them, called (by `now`). */
  called: number;
  /**
   * Median and 90th percentile (nearest rank, see `nearestRank`) of the working minutes to the
   * first call, over the called enquiries only; null when none was called. Enquiries not called
   * have no time to put in, so they show in `overdue` and in the share instead.
   */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Called within the target (at or under it). */
  withinTarget: number;
  /** Called after the target, or not called when the target has passed (those are also `overdue`). */
  missed: number;
  /** Not called, and the target has passed: families waiting past the promise. */
  overdue: number;
  /** Not called, but still within the target: not yet a hit or a miss. */
  waiting: number;
  /**
   * withinTarget / (withinTarget + missed): a lead not called counts as missed once its target
   * has passed, and is left out while it is still within it (calling it in time would be a hit,
   * so counting it either way now would be a guess). Null when there is nothing to count yet.
   */
  shareWithinTarget: number | null;
};

export type SpeedToLead = {
  all: SpeedFigures;
  /** Sorted by counsellor id, the enquiries with no counsellor last. */
  byCounsellor: (SpeedFigures & { counsellor: string | null })[];
  /** Weeks with enquiries, oldest first. */
  byWeek: (SpeedFigures & IsoWeek)[];
  /** Each counsellor's weeks, in the orders above. */
  byCounsellorAndWeek: (SpeedFigures & { counsellor: string | null } & IsoWeek)[];
};

/** An ISO week: Monday to Sunday in the institute's time zone. */
export type IsoWeek = {
  /** e.g. '2026-W48'; the year is the ISO week-year (the year of the week's Thursday). */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  weekStart: string;
};

/**
 * The nearest-rank percentile: of n values sorted ascending, the one at rank ⌈p × n / 100⌉
 * (ranks from 1). Always one of the values, never an average between two: the median (p = 50)
 * of 1, 2, 3, 4 is 2, and the p90 of ten values is the ninth. Null for no values.
 * `p` is a whole number from 1 to 100, so the rank is computed in integers (7 / 100 × 100 in
 * floating point is 7.000000000000001, whose ceiling would be 8).
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (!Number.isInteger(p) || p < 1 || p > 100) throw new RangeError(`A percentile is a whole number 1–100, not ${p}.`);
  if (sorted.length === 0) return null;
  return sorted[Math.ceil((p * sorted.length) / 100) - 1] ?? null;
}

type Tally = { count: number; minutes: number[]; withinTarget: number; late: number; overdue: number; waiting: number };
const emptyTally = (): Tally => ({ count: 0, minutes: [], withinTarget: 0, late: 0, overdue: 0, waiting: 0 });

function figuresOf(tally: Tally): SpeedFigures {
  const sorted = tally.minutes.sort((a, b) => a - b);
  const missed = tally.late + tally.overdue;
  const decided = tally.withinTarget + missed;
  return {
    count: tally.count,
    called: sorted.length,
    medianMinutes: nearestRank(sorted, 50),
    p90Minutes: nearestRank(sorted, 90),
    withinTarget: tally.withinTarget,
    missed,
    overdue: tally.overdue,
    waiting: tally.waiting,
    shareWithinTarget: decided === 0 ? null : tally.withinTarget / decided,
  };
}

const DAY = 86_400_000;
const weeks = new Map<number, IsoWeek>();
/** The ISO week of a local day number (kept: a year of rows has some fifty). */
function isoWeekOf(day: number): IsoWeek {
  const monday = day - ((((day + 3) % 7) + 7) % 7); // day 0, 1970-01-01, was a Thursday
  let week = weeks.get(monday);
  if (!week) {
    const thursday = new Date((monday + 3) * DAY);
    const year = thursday.getUTCFullYear();
    const number = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
    week = {
      week: `${year}-W${String(number).padStart(2, '0')}`,
      weekStart: new Date(monday * DAY).toISOString().slice(0, 10),
    };
    weeks.set(monday, week);
  }
  return week;
}

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/**
 * Figures for all the rows, per counsellor, per ISO week of the enquiry (in the institute's time
 * zone, Monday first) and per both. A call after `now` is treated as not yet made, so figures for
 * a past `now` read as they did then.
 */
export function speedToLead(rows: Iterable<LeadRow>, options: SpeedToLeadOptions): SpeedToLead {
  const { now, targetMinutes, hours = instituteHours } = options;
  const all = emptyTally();
  const counsellors = new Map<string | null, Tally>();
  const byWeek = new Map<string, { week: IsoWeek; tally: Tally }>();
  const both = new Map<string | null, Map<string, { week: IsoWeek; tally: Tally }>>();
  const tallyIn = <K, V>(map: Map<K, V>, key: K, make: () => V) => {
    let value = map.get(key);
    if (!value) map.set(key, (value = make()));
    return value;
  };

  for (const row of rows) {
    const received = asDate(row.receivedAt);
    const call = row.firstCallAt === null ? null : asDate(row.firstCallAt);
    const week = isoWeekOf(localDayNumber(received, hours.timeZone));
    const tallies = [
      all,
      tallyIn(counsellors, row.counsellor, emptyTally),
      tallyIn(byWeek, week.weekStart, () => ({ week, tally: emptyTally() })).tally,
      tallyIn(
        tallyIn(both, row.counsellor, () => new Map()),
        week.weekStart,
        () => ({ week, tally: emptyTally() }),
      ).tally,
    ];
    let kind: 'withinTarget' | 'late' | 'overdue' | 'waiting';
    let minutes: number | null = null;
    if (call && call.getTime() <= now.getTime()) {
      minutes = workingMinutesBetween(received, call, hours);
      kind = minutes <= targetMinutes ? 'withinTarget' : 'late';
    } else {
      kind = workingMinutesBetween(received, now, hours) > targetMinutes ? 'overdue' : 'waiting';
    }
    for (const tally of tallies) {
      tally.count++;
      tally[kind]++;
      if (minutes !== null) tally.minutes.push(minutes);
    }
  }

  const counsellorOrder = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  const weeksInOrder = (weeks: Map<string, { week: IsoWeek; tally: Tally }>) =>
    [...weeks.values()]
      .sort((a, b) => (a.week.weekStart < b.week.weekStart ? -1 : 1))
      .map(({ week, tally }) => ({ ...week, ...figuresOf(tally) }));
  return {
    all: figuresOf(all),
    byCounsellor: [...counsellors]
      .sort(([a], [b]) => counsellorOrder(a, b))
      .map(([counsellor, tally]) => ({ counsellor, ...figuresOf(tally) })),
    byWeek: weeksInOrder(byWeek),
    byCounsellorAndWeek: [...both]
      .sort(([a], [b]) => counsellorOrder(a, b))
      .flatMap(([counsellor, weeks]) => weeksInOrder(weeks).map((figures) => ({ counsellor, ...figures }))),
  };
}
