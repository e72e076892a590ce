/**
 * What the API sends back, declared (the routes' `response` schemas, serialized by
 * fastify-type-provider-zod): a reply holds these fields and no others, whatever the
 * query selected. An enquiry's idempotency key and the visitor's answer to the pixel
 * stay on the server (the desk never needs them).
 */
import { z } from 'zod';
import { attributionFields, type AttributionField } from './attribution';
import { assignmentSchema } from './desk-settings';
import { eventTypes } from './events';
import { roleValues, statusValues } from './desk-vocabulary';
import {
  type DeskFieldName,
  deskFieldNames,
  enquiryDescription,
  type EnquiryFieldColumns,
  type FieldDescription,
  mayBeNull,
  shownAs,
} from './enquiry-fields';

/**
 * Text the server itself sends (stored values, already cleaned when they came in), or a path
 * parameter cleanPathAndQuery (bad-requests.ts) has cleaned: not cleaned or trimmed again.
 */
// eslint-disable-next-line no-restricted-syntax -- our own replies and already-cleaned parameters, not outside text
export const storedText = () => z.string();
const maybeText = () => storedText().nullable();

/** A path parameter naming a row (an enquiry, an account, a delivery). */
export const idParams = z.object({ id: storedText() });

/** Every error answer of the API. */
export const errorReply = z.object({ error: storedText() });
/** A form's refusal: its words, and where in the body the problem is ('templates.0.text.hi'), when the check knows. */
export const fieldErrorReply = errorReply.extend({ field: storedText().optional() });

type AttributionColumn = (typeof attributionFields)[AttributionField]['column'];
const attributionShape = Object.fromEntries(
  Object.values(attributionFields).map((field) => [field.column, maybeText()]),
) as Record<AttributionColumn, ReturnType<typeof maybeText>>;

/** A described field's column as the desk reads it (its type from the description: enquiry-fields.ts). */
const storedField = (field: FieldDescription) => {
  const value = shownAs(field) === 'flag' ? z.number() : storedText();
  return mayBeNull(field) ? value.nullable() : value;
};

type DeskFieldColumn = (typeof enquiryDescription)[DeskFieldName]['column'];
const deskFieldShape = Object.fromEntries(
  deskFieldNames.map((name) => [enquiryDescription[name].column, storedField(enquiryDescription[name])]),
) as Record<string, z.ZodType> as { [Column in DeskFieldColumn]: z.ZodType<EnquiryFieldColumns[Column]> };

/** One enquiry as the desk reads it: every column but the idempotency key and the pixel answer. */
export const deskEnquiry = z.object({
  id: storedText(),
  created_at: storedText(),
  ...deskFieldShape,
  consent_at: maybeText(),
  source: storedText(),
  status: z.enum(statusValues),
  status_reason: maybeText(),
  assignee_id: maybeText(),
  assignee_name: maybeText(),
  next_follow_up: maybeText(),
  first_contacted_at: maybeText(),
  version: z.number(),
  family_id: storedText(),
  superseded_at: maybeText(),
  lead_received_at: maybeText(),
  first_called_at: maybeText(),
  no_answers: z.number(),
  next_follow_up_at: maybeText(),
  /** When and how the number that speaks for the family was proved ('sms', 'whatsapp', 'log', 'call', 'desk'); null: not proved. */
  number_proved_at: maybeText(),
  number_proved_by: z.enum(['sms', 'whatsapp', 'log', 'call', 'desk']).nullable(),
  /** 'pending': kept beside the family's record, unproved, for a counsellor to confirm; 'kept-apart': kept so. */
  repeat_check: z.enum(['pending', 'kept-apart']).nullable(),
  /** Taken at the desk (a call, a walk-in): the member who asked for the family's consent; null: ticked on the site's form. */
  consent_taken_by: maybeText(),
  ...attributionShape,
});

export const deskNote = z.object({
  id: storedText(),
  body: storedText(),
  created_at: storedText(),
  author_name: maybeText(),
});

export const auditEntry = z.object({
  id: storedText(),
  at: storedText(),
  actor_id: maybeText(),
  actor_name: maybeText(),
  action: storedText(),
  enquiry_id: maybeText(),
  field: maybeText(),
  from_value: maybeText(),
  to_value: maybeText(),
});

/** An earlier (or, from an earlier one, a later) enquiry of the same family: when, about what, from where. */
export const familyEnquiry = deskEnquiry.pick({
  id: true,
  created_at: true,
  course: true,
  student_name: true,
  phone: true,
  superseded_at: true,
  repeat_check: true,
  number_proved_at: true,
  number_proved_by: true,
  ...(Object.fromEntries(Object.values(attributionFields).map(({ column }) => [column, true])) as Record<
    AttributionColumn,
    true
  >),
});

/** GET and PATCH /api/staff/enquiries/:id: the enquiry, its family's other enquiries (newest first), notes and trail of them all. */
export const enquiryDetailReply = z.object({
  enquiry: deskEnquiry,
  family: z.object({ enquiries: z.array(familyEnquiry), phones: z.array(storedText()) }),
  notes: z.array(deskNote),
  audit: z.array(auditEntry),
});

/** PATCH /api/staff/enquiries/:id and POST …/calls: the enquiry as stored now, and (a call) what happens next, in words. */
export const changedReply = enquiryDetailReply.extend({ why: storedText().optional() });

/** POST /api/staff/enquiries/assign: the ones assigned, and the ones left as they were, with why. */
export const bulkAssignReply = z.object({
  assigned: z.array(storedText()),
  refused: z.array(z.object({ id: storedText(), reason: storedText() })),
});

/** A row of the inbox (inbox-repository's summaryColumns, with who it is assigned to). */
export const enquirySummary = deskEnquiry.pick({
  id: true,
  created_at: true,
  status: true,
  student_name: true,
  course: true,
  class_level: true,
  city: true,
  enquirer: true,
  language: true,
  phone: true,
  parent_name: true,
  parent_phone: true,
  student_under_18: true,
  assignee_id: true,
  assignee_name: true,
  next_follow_up: true,
  next_follow_up_at: true,
  version: true,
  utm_source: true,
  utm_medium: true,
  utm_campaign: true,
  fbclid: true,
  gclid: true,
  referrer_host: true,
});

export const inboxReply = z.object({
  items: z.array(enquirySummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** A member of staff as anyone may see them (staff-repository's publicMember). */
export const staffMember = z.object({
  id: storedText(),
  email: storedText(),
  name: storedText(),
  role: z.enum(roleValues),
  disabled_at: maybeText(),
  created_at: storedText(),
  /** Sent wherever a member is (sign-in, /me, the accounts page): publicMember and publicColumns include it. */
  updated_at: storedText().optional(),
  /** What they take (server/db/assignment.ts): away since when, languages and courses (null: all). */
  away_since: maybeText().optional(),
  languages: z.array(storedText()).nullable().optional(),
  courses: z.array(storedText()).nullable().optional(),
});

/*
 * The replies of the other routes (issue 24), below the desk enquiry routes' own. A field
 * order follows what the route sends (a query's column order), so the JSON is as it was.
 */

/** An answer with no body (204, a 303 redirect): its description, for the API's reference. */
export const noBody = (description: string) => z.undefined().describe(description);

/** A CSV download (the exports), streamed: documented, never serialized (a stream is sent as it is). */
export const csvReply = (description: string) => ({
  description,
  content: { 'text/csv': { schema: storedText().describe(description) } },
});

/**
 * A reply as JSON, or as the enquiry form's error page (text/html) to a plain HTML form post:
 * the page is a string, sent as it is (never serialized); the JSON is serialized by `schema`.
 */
export const jsonOrFormPage = <Schema extends z.ZodType>(description: string, schema: Schema) => ({
  description,
  content: {
    'application/json': { schema },
    'text/html': { schema: storedText().describe('The form’s error page.') },
  },
});

/** How many of something are in each status ({ pending: 2, failed: 1 }). */
const statusCounts = z.record(storedText(), z.number());

/** POST /api/enquiries, as JSON (a plain HTML form post is redirected: 303). */
/** POST /api/staff/enquiries: an enquiry taken at the desk (server/routes/desk-intake.ts). */
export const intakeReply = z.object({
  id: storedText(),
  /** Stored as the newest enquiry of a family that had asked before (its record now). */
  cameBack: z.boolean(),
  /** On a known family's number, not proved: beside its record until a counsellor confirms it. */
  heldApart: z.boolean(),
});

export const enquiryCreatedReply = z.object({
  id: storedText(),
  /** false: a repeat of an enquiry already stored (same idempotency key). */
  created: z.boolean(),
});

/** POST /api/registrations: a seat booked (201), or the one this student already has (200). */
export const registrationReply = z.object({
  outcome: z.enum(['booked', 'already']),
  id: storedText(),
  /** The enquiry stored with it: the event id of Meta's CompleteRegistration, from the server and the page alike. */
  enquiryId: storedText(),
  rollNumber: storedText(),
  sessionId: storedText(),
  /** What to tell the registrant, in their language. */
  message: storedText(),
  /**
   * The registrant's link (GET /api/registrations/:token …): given when the seat is booked, and
   * to a repeat from the same form (its idempotency key) only.
   */
  token: storedText().optional(),
  /** The number's proof (POST /api/phone-codes/:id/check), to book a sibling without another code for a while. */
  numberProof: storedText().optional(),
  /** True when the admit card is on its way by email (an address was given, and this server sends email). */
  emailed: z.boolean().optional(),
});

/** GET /api/event-sessions: the sessions not yet over, each with the seats still open. */
export const eventSessionsReply = z.object({
  sessions: z.array(
    z.object({
      id: storedText(),
      type: storedText(),
      date: storedText(),
      reportBy: storedText(),
      starts: storedText(),
      ends: storedText(),
      online: z.boolean(),
      classes: z.array(storedText()),
      courses: z.array(storedText()),
      /** Taking registrations today (India time). */
      open: z.boolean(),
      seatsLeft: z.number(),
    }),
  ),
});

/** GET /api/registrations/:token: the booking, in the registrant's language. */
export const registrationDetailsReply = z.object({
  rollNumber: storedText(),
  eventType: storedText(),
  eventName: storedText(),
  language: storedText(),
  studentName: storedText(),
  cancelled: z.boolean(),
  session: z.object({
    id: storedText(),
    date: storedText(),
    reportBy: storedText(),
    starts: storedText(),
    ends: storedText(),
    online: z.boolean(),
  }),
  /** Other sessions of the event a reschedule may move to (taking registrations, with seats, for the student). */
  otherSessions: z.array(z.object({ id: storedText(), date: storedText(), starts: storedText(), online: z.boolean() })),
});

/** POST /api/registrations/:token/cancel and …/reschedule: done, in the registrant's language. */
export const registrationChangedReply = z.object({ message: storedText(), sessionId: storedText() });

/** POST /api/registrations, 409: the session filled; `next` is the next session with seats for this student, if any. */
export const registrationFullReply = z.object({
  error: storedText(),
  /** The next session with seats for the student, at the centre or `online` (the form chooses it only when of the kind chosen). */
  next: z.object({ id: storedText(), date: storedText(), online: z.boolean() }).nullable(),
  /** The number's proof, to book the next session (or a sibling) without another code for a while. */
  numberProof: storedText().optional(),
});

/**
 * POST /api/registrations refused: a field to correct (`fields`), or the number not yet proved
 * (`verification`: `needed`, no proof or code sent; `wrong`, the code typed is not it, with the
 * tries left; `gone`, the code expired or was used up: ask for a new one).
 */
export const registrationRefusedReply = errorReply.extend({
  fields: z.record(storedText(), storedText()).optional(),
  verification: z.enum(['needed', 'wrong', 'gone']).optional(),
  triesLeft: z.number().optional(),
});

/** PATCH /api/enquiries/:id. */
export const enquiryDetailsReply = z.object({ id: storedText(), updated: z.literal(true) });

/** The enquiry endpoints' 400: each field's problem in the visitor's language (none when the body is not an object). */
export const fieldErrorsReply = errorReply.extend({ fields: z.record(storedText(), storedText()).optional() });

/** GET /healthz. */
const engineName = z.enum(['sqlite', 'postgres']);
const deliveryBacklog = z.object({ pending: z.number(), failed: z.number() });
export const healthReply = z.object({
  status: z.literal('ok'),
  database: z.object({ status: z.literal('ok'), engine: engineName, latencyMs: z.number() }),
  deliveries: z.object({
    oldestPendingSeconds: z.number(),
    ...deliveryBacklog.shape,
    byChannel: z.record(storedText(), deliveryBacklog),
  }),
  /** What this instance's pages were rendered from (version null: the build's content), and a newer version it could not render. */
  /** One-time codes (issue 38): being sent again now, and never taken by the provider in the last hour. */
  phoneCodes: z.object({ retrying: z.number(), failedLastHour: z.number() }),
  pages: z.object({ day: storedText(), version: storedText().nullable(), failedVersion: storedText().nullable() }),
});
export const healthDownReply = z.object({
  status: z.literal('error'),
  database: z.object({ status: z.literal('unavailable'), engine: engineName }),
});

/** A member of staff, signed in or on the accounts page: never the password hash, never a session. */
export const staffReply = z.object({ staff: staffMember });

/** GET /api/staff/accounts. */
export const accountsReply = z.object({ accounts: z.array(staffMember) });

/** GET /api/staff/activity: the trail's entries about no enquiry, the actor's name after the row's columns. */
const { actor_name: actorName, ...auditColumns } = auditEntry.shape;
export const activityReply = z.object({ activity: z.array(z.object({ ...auditColumns, actor_name: actorName })) });

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

/** GET /api/staff/notifications/unread: how many, and the newest's time (the desk refreshes when it changes). */
export const unreadReply = z.object({ unread: z.number(), latest: storedText().nullable() });
/** GET /api/staff/notifications. */
export const notificationsReply = unreadReply.extend({
  items: z.array(
    z.object({
      id: storedText(),
      enquiry_id: storedText(),
      kind: z.enum(['assigned', 'came-back', 'overdue']),
      created_at: storedText(),
      read_at: storedText().nullable(),
      student_name: storedText(),
      course: storedText(),
      language: storedText(),
    }),
  ),
});
/** GET and PUT /api/staff/assignment. */
export const assignmentReply = z.object({
  rules: assignmentSchema,
  counsellors: z.array(staffMember),
});

/** GET /api/staff/enquiries/:id/messages: each template filled in for the family, in its language, with its link. */
export const messagesReply = z.object({
  language: storedText(),
  /** The number the messages go to (a parent's for a student under 18). */
  phone: storedText(),
  messages: z.array(
    z.object({
      id: storedText(),
      name: storedText(),
      channel: z.enum(['whatsapp', 'sms']),
      text: storedText(),
      href: storedText(),
    }),
  ),
});

/** GET and PUT /api/staff/settings/first-contact. */
export const firstContactReply = z.object({
  targetMinutes: z.number(),
  holidays: z.array(storedText()),
  reassignOverdue: z.boolean(),
});

/** GET and PUT /api/staff/settings/templates: the messages as admins keep them. */
export const templatesReply = z.object({
  templates: z.array(
    z.object({
      id: storedText(),
      name: storedText(),
      channel: z.enum(['whatsapp', 'sms']),
      text: z.object({ en: storedText(), hi: storedText() }),
    }),
  ),
});

/** GET /api/staff/options. */
const option = z.object({ value: storedText(), label: storedText() });
export const optionsReply = z.object({
  team: z.array(staffMember.pick({ id: true, name: true, role: true })),
  /** Each course with its fee as the live content says it (rupees, GST included; what an enrolment is worth). */
  courses: z.array(option.extend({ fee: z.number().optional() })),
  classLevels: z.array(option),
  enquirers: z.array(option),
  languages: z.array(option),
  sources: z.array(storedText()),
});

/**
 * GET /api/staff/deliveries: the counts, and each delivery not yet delivered, without its
 * context (what a Meta event carries: the visitor's address, browser and cookies).
 */
export const deliveriesReply = z.object({
  total: statusCounts,
  byChannel: z.record(storedText(), statusCounts),
  deliveries: z.array(
    z.object({
      id: storedText(),
      enquiry_id: storedText(),
      channel: storedText(),
      status: storedText(),
      attempts: z.number(),
      next_attempt_at: storedText(),
      lease_owner: maybeText(),
      lease_until: maybeText(),
      last_error: maybeText(),
      delivered_at: maybeText(),
      created_at: storedText(),
    }),
  ),
});

/** POST /api/staff/erasure: how many enquiries were erased. */
export const erasureReply = z.object({ erased: z.number() });

/** GET /api/staff/openapi.json: this API's OpenAPI document (@fastify/swagger). */
export const openApiReply = z.looseObject({
  openapi: storedText(),
  info: z.looseObject({ title: storedText(), version: storedText() }),
  paths: z.record(storedText(), z.unknown()),
});

// ——— The site's content (server/routes/desk-content.ts) ———————————————————————

/** A publication waiting for its time. */
export const scheduledReply = z.object({ id: storedText(), live_from: storedText(), author: storedText().nullable() });
/** The live content (null version: the build's starting content) and the publication waiting, if any. */
export const contentReply = z.object({
  version: storedText().nullable(),
  liveFrom: storedText().nullable(),
  /** Who published the live version (null: none yet, or an account since removed). */
  author: storedText().nullable(),
  document: z.unknown(),
  scheduled: scheduledReply.nullable(),
});
/** An editor's draft of the content, kept on the server (issue 40): opened on any device they sign in on. */
export const contentDraftReply = z.object({
  /** The version it was made from (null: the starting content). */
  basedOn: storedText().nullable(),
  document: z.unknown(),
  /** Counts its saves: the next save names it. */
  revision: z.number().int(),
  savedAt: storedText(),
  /** What it was last saved from: "phone", "tablet" or "computer". */
  device: storedText(),
});
export const openedDraftReply = z.object({
  draft: contentDraftReply.nullable(),
  /** The version the draft was made from, when another is live now: the desk carries the draft's changes onto the live one. */
  base: z.unknown().nullable(),
});
/** Which version is live, since when and who published it (null: none yet, the starting content). */
export const liveVersionReply = z.object({
  version: storedText().nullable(),
  liveFrom: storedText().nullable(),
  author: storedText().nullable(),
});
export const savedDraftReply = z.object({ revision: z.number().int(), savedAt: storedText(), device: storedText() });

/**
 * A publication refused by the content check: each problem names its field (`hi.courses.jee.name: …`).
 * None when the body itself was not a publication (the error handler's 400 says only what was wrong).
 */
export const problemsReply = errorReply.extend({ problems: z.array(storedText()).optional() });
export const versionEntry = z.object({
  id: storedText(),
  published_at: storedText(),
  live_from: storedText(),
  based_on: storedText().nullable(),
  author: storedText().nullable(),
  note: storedText().nullable(),
  cancelled_at: storedText().nullable(),
  state: z.enum(['live', 'scheduled', 'earlier', 'cancelled']),
});
/** A value before and after a change, as the desk page shows it (shared/content-change-words.ts). */
const sideReply = z.object({ before: storedText().optional(), after: storedText().optional() });
/** The changes on one desk page, in its words: a fact, or words in each language. */
export const changeGroupReply = z.object({
  page: storedText(),
  changes: z.array(
    z.object({
      key: storedText(),
      what: storedText(),
      values: z.union([
        z.object({ fact: sideReply }),
        z.object({ words: z.object({ en: sideReply.optional(), hi: sideReply.optional() }) }),
      ]),
    }),
  ),
});
export const versionsReply = z.object({ versions: z.array(versionEntry) });
/** One version: what changed from the version it was made from. */
export const versionChangesReply = z.object({
  id: storedText(),
  live_from: storedText(),
  groups: z.array(changeGroupReply),
});
/** A publication: its version, when it goes live, and the scheduled one it cancelled. */
export const publishedReply = z.object({
  version: storedText(),
  liveFrom: storedText(),
  cancelled: scheduledReply.nullable(),
  /**
   * The publication that was waiting for its time, carried onto this one: it waits in its place
   * (a new id, the same time and author), and `keeps` the values it changes that this one
   * changed too (it sets them when it goes live).
   */
  carried: scheduledReply.extend({ keeps: z.array(z.array(storedText())) }).nullable(),
});

/** POST /api/staff/uploads: what the content names the upload by (shared/schema/uploads.ts), and what was made. */
export const uploadReply = z.object({
  id: storedText(),
  use: storedText(),
  /** A photo's pixels as sent (upright); null for a PDF. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  files: z.array(z.object({ name: storedText(), url: storedText(), contentType: storedText(), bytes: z.number() })),
  /** Put this in the content (a teacher's portrait, the prospectus). */
  reference: z.looseObject({ upload: storedText(), use: storedText() }),
});

/** The scholarship test's band table as the live content gives it (institute.scholarship, shared/scholarship.ts). */
const scholarshipTable = z.object({
  maxMarks: z.number(),
  bands: z.array(z.object({ from: z.number(), percent: z.number() })),
});

/** A session of the scholarship test or the demo class as the desk lists it, with its counts (GET /api/staff/events). */
export const deskEventSession = z.object({
  id: storedText(),
  type: z.enum(eventTypes),
  /** The event's name, in English (the desk's language). */
  name: storedText(),
  date: storedText(),
  reportBy: storedText(),
  starts: storedText(),
  ends: storedText(),
  online: z.boolean(),
  capacity: z.number(),
  /** False for a session an editor has since taken out of the content (its registrations stay). */
  inContent: z.boolean(),
  /** Its day has ended (India time). */
  over: z.boolean(),
  /** Seats standing, of them marked present, cancelled, and standing ones with no email (reminded by phone). */
  booked: z.number(),
  present: z.number(),
  cancelled: z.number(),
  noEmail: z.number(),
});
export const deskEventsReply = z.object({ sessions: z.array(deskEventSession) });

/** A registration as the desk shows it: the booking, who it is for, and how to reach them. */
export const deskRegistration = z.object({
  id: storedText(),
  enquiry_id: storedText(),
  event_type: storedText(),
  session_id: storedText(),
  roll_number: storedText(),
  language: storedText(),
  created_at: storedText(),
  cancelled_at: maybeText(),
  attended_at: maybeText(),
  score: z.number().nullable(),
  scholarship_percent: z.number().nullable(),
  student_name: storedText(),
  class_level: maybeText(),
  course: storedText(),
  phone: storedText(),
  email: maybeText(),
  parent_name: maybeText(),
  parent_phone: maybeText(),
  student_under_18: z.number().nullable(),
  /** A WhatsApp link with the reminder in their language, to the number to call first: for a standing booking without email, before the day is over. */
  reminder: maybeText(),
});

/** GET /api/staff/events/:id: the session, its registrations, and the band table a score is worked out by. */
export const deskEventSessionReply = z.object({
  session: deskEventSession,
  registrations: z.array(deskRegistration),
  scholarship: scholarshipTable,
});

/** POST /api/staff/events/:id/attendance and PATCH /api/staff/registrations/:id: the registration as stored now. */
export const registrationWorkReply = z.object({
  registration: deskRegistration,
  /** Attendance: they had been marked present already (at `attended_at`). */
  already: z.boolean().optional(),
});

/** GET /api/staff/enquiries/:id/registrations: the family's seats, each with its session's name and day. */
export const familyRegistrationsReply = z.object({
  registrations: z.array(
    deskRegistration.extend({
      session: deskEventSession.pick({ name: true, date: true, starts: true, ends: true }).nullable(),
    }),
  ),
});

/** GET /api/staff/push: the key a device subscribes with, and the member's devices notified. */
export const pushReply = z.object({
  publicKey: storedText(),
  devices: z.array(
    z.object({
      id: storedText(),
      endpoint: storedText(),
      device: storedText(),
      created_at: storedText(),
      last_pushed_at: storedText().nullable(),
    }),
  ),
});

/** POST /api/staff/push/test: how many of the member's devices the push services took it for. */
export const pushTestReply = z.object({ sent: z.number().int(), gone: z.number().int() });
