/**
 * Today's lists and the dashboard's figures.
 */
import { z } from 'zod';
import { dashboardQuerySchema } from '../desk';
import type { Endpoints } from '../endpoint';
import { errorReply, maybeText, storedText } from './common';
import { enquirySummary } from './enquiries';

/** A row of Today's lists: an inbox row, its assignee's name after the row's columns (as the query selects it). */
const { assignee_name: assigneeName, ...summaryColumns } = enquirySummary.shape;

const todayRow = z.object({
  ...summaryColumns,
  assignee_name: assigneeName,
  first_called_at: maybeText(),
  /** Calls made to it (a try with no answer is one). */
  tries: z.number(),
});

/** GET /api/staff/today. */
/** A new enquiry not yet reached: how long it has waited, when its first call is due (working time), and whether that is past with no call made. */
const waitingRow = todayRow.extend({ ageMs: z.number(), dueAt: storedText(), late: z.boolean() });

export const todayReply = z.object({
  date: storedText(),
  /** New enquiries past their first-contact target, the longest waiting first. */
  overdue: z.array(waitingRow),
  followUps: z.array(todayRow.extend({ overdue: z.boolean() })),
  /** New enquiries not reached yet: within their target, or tried and next tried on a later day; the newest first. */
  fresh: z.array(waitingRow),
});

/** GET /api/staff/dashboard. */
const counted = <Shape extends z.ZodRawShape>(shape: Shape) => z.array(z.object({ ...shape, count: z.number() }));

/** Per campaign source or campaign: enquiries, visits (booked or since enrolled), enrolments, and their fees (₹). */
const outcomes = z.array(
  z.object({ value: maybeText(), count: z.number(), visits: z.number(), enrolled: z.number(), fees: z.number() }),
);

/** Speed to lead for a group of enquiries (shared/speed-to-lead.ts: SpeedFigures). */
const speedFigures = {
  count: z.number(),
  called: z.number(),
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  withinTarget: z.number(),
  missed: z.number(),
  overdue: z.number(),
  waiting: z.number(),
  shareWithinTarget: z.number().nullable(),
};

/** A period's families (`count`), how soon they were first called, and how many visited and enrolled. */
const periodFigures = z.object({
  from: storedText(),
  to: storedText(),
  ...speedFigures,
  visits: z.number(),
  enrolled: z.number(),
});

const isoWeek = { week: storedText(), weekStart: storedText() };

export const dashboardReply = z.object({
  days: z.number(),
  firstDay: storedText(),
  lastDay: storedText(),
  /** The first-call target, in working minutes (the admins' setting). */
  targetMinutes: z.number(),
  today: periodFigures,
  week: periodFigures,
  range: periodFigures,
  /**
   * Per counsellor (null: not assigned): the range's speed to lead, visits and enrolments, and,
   * as of now whatever the period, follow-ups overdue and new families past their first-call target.
   */
  byCounsellor: z.array(
    z.object({
      counsellor: storedText().nullable(),
      name: storedText().nullable(),
      ...speedFigures,
      visits: z.number(),
      enrolled: z.number(),
      overdueFollowUps: z.number(),
      overdueFirstCalls: z.number(),
    }),
  ),
  /** The range's ISO weeks (Monday first, India time), and each counsellor's. */
  byWeek: z.array(z.object({ ...isoWeek, ...speedFigures })),
  byCounsellorAndWeek: z.array(z.object({ counsellor: storedText().nullable(), ...isoWeek, ...speedFigures })),
  perDay: counted({ day: storedText(), course: storedText() }),
  byStatus: counted({ status: storedText() }),
  enrolledByCourse: counted({ course: storedText() }),
  /** Families by what brought them first: their first enquiry's campaign source and campaign (first touch). */
  bySource: outcomes,
  byCampaign: outcomes,
  /** Families by their newest enquiry's campaign (last touch). */
  byCampaignLastTouch: outcomes,
  /**
   * Speed to lead from the push (issue 41): the leads whose push a counsellor's phone took in the
   * period, how many were called after it, and the median working minutes from the push to the call.
   */
  fromPush: z.object({ pushed: z.number(), called: z.number(), medianMinutes: z.number().nullable() }),
});

/** What the desk reads of them. */
export type TodayReply = z.output<typeof todayReply>;
export type DashboardReply = z.output<typeof dashboardReply>;

/** Today's lists: the member's own work (the default), or everyone's. */
const todayQuery = z.object({ who: z.enum(['mine', 'all']).default('mine') });

/** The desk's figures: a counsellor's day, the owner's dashboard (server/routes/desk/figures.ts). */
export const figureEndpoints = {
  'GET /today': { access: 'enquiries', querystring: todayQuery, response: { 200: todayReply, '4xx': errorReply } },
  /** The dashboard's period: 30 or 90 days, or from and to. */
  'GET /dashboard': {
    access: 'enquiries',
    querystring: dashboardQuerySchema,
    response: { 200: dashboardReply, '4xx': errorReply },
  },
} as const satisfies Endpoints;
