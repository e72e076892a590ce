/**
 * The desk's enquiries (counsellors and admins) and the admin's tools on them.
 *
 *   GET   /api/staff/enquiries            ?status&course&assignee(id|me|none)&from&to&q&page&pageSize
 *   GET   /api/staff/enquiries/:id        every field, notes, audit trail
 *   PATCH /api/staff/enquiries/:id        { version, status?, reason?, assigneeId?, nextFollowUp?, note? }: all stored
 *                                         or none; 409 when stale (nothing stored, the note neither); a booked visit
 *                                         or an enrolment is queued for the ads with it (delivery/meta-stages.ts)
 *   POST  /api/staff/enquiries/:id/merge  { phone }: the family of that number joins this record's (by hand)
 *   POST  /api/staff/enquiries/:id/repeat { decision: confirm | apart }: an unproved enquiry kept beside its
 *                                         family's record becomes the record, or stays apart (issue 38)
 *   POST  /api/staff/enquiries/:id/number-confirmed  the family's number (a child's parent's) confirmed on a call
 *   POST  /api/staff/enquiries/assign     { assigneeId | null, enquiries: [{ id, version }] } (at most 100): each
 *                                         changed on its own; one changed meanwhile is refused and named
 *   POST  /api/staff/enquiries/:id/calls  { version, outcome, reason?, next?, note? }: a call and what it came to
 *   POST  /api/staff/enquiries/:id/calls/undo: the member's last call on it, within UNDO_SECONDS, put back
 *                                         (shared/call-outcomes.ts): status and next call by its rule; 409 when stale
 *   POST  /api/staff/enquiries/:id/notes  { body }
 *   GET   /api/staff/today?who=mine|all   follow-ups due, new enquiries not yet contacted (the member's, or everyone's)
 *   GET   /api/staff/dashboard?days=30|90 | ?from&to  today, this week, the period (≤ 366 days): speed to lead, conversions, overdue
 *   GET   /api/staff/options              active staff (for assignment), course, class and enquirer labels
 * Admins only:
 *   GET   /api/staff/export               the inbox's filters → a spreadsheet (CSV for Excel and Google Sheets:
 *                                         the desk's words, India time, notes; server/spreadsheet.ts), streamed;
 *                                         EXPORT_RATE_LIMIT a minute per member of staff; HEAD: the headers only
 *   POST  /api/staff/erasure              { phone } | { email } → how many enquiries were erased
 *   GET   /api/staff/deliveries           deliveries not yet delivered, and counts
 *   POST  /api/staff/deliveries/:id/retry
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageInfo, languages } from '../../shared/languages';
import { serverWords } from '../../src/content/server-words';
import { normaliseIndianMobile } from '../../shared/schema/enquiry';
import {
  bulkAssignSchema,
  callSchema,
  dashboardQuerySchema,
  mergeSchema,
  enquiryChangeSchema,
  inboxQuerySchema,
  noteSchema,
} from '../../shared/schema/desk';
import { callOutcome, type CallOutcomeKey, UNDO_SECONDS } from '../../shared/call-outcomes';
import { text } from '../../shared/schema/text';
import type { Config } from '../config';
import type { CourseFees } from '../course-fees';
import type { AuditLog } from '../db/audit-log';
import type { DashboardRepository } from '../db/dashboard-repository';
import type { ChangeResult, EnquiryWorkRepository } from '../db/enquiry-work-repository';
import type { InboxExportRepository } from '../db/inbox-export-repository';
import type { InboxRepository } from '../db/inbox-repository';
import type { NotificationsRepository } from '../db/notifications-repository';
import type { EnquiryRepository } from '../db/enquiry-repository';
import type { StaffRepository } from '../db/staff-repository';
import { isMetaStage } from '../delivery/meta-stages';
import type { Outbox } from '../delivery/outbox';
import type { DeliveryChannel } from '../db/schema';
import { counted, exportAudit, sendCsvFile } from '../export';
import { sheetFilename, toSheet } from '../spreadsheet';
import {
  csvReply,
  dashboardReply,
  deliveriesReply,
  deskNote,
  bulkAssignReply,
  changedReply,
  enquiryDetailReply,
  errorReply,
  idParams,
  inboxReply,
  optionsReply,
  storedText,
  todayReply,
  erasureReply,
} from '../../shared/schema/replies';
import { DESK_API, signedIn } from '../plugins/authentication';

type Options = {
  config: Config;
  inbox: InboxRepository;
  enquiryWork: EnquiryWorkRepository;
  dashboard: DashboardRepository;
  inboxExport: InboxExportRepository;
  enquiries: EnquiryRepository;
  staff: StaffRepository;
  audit: AuditLog;
  outbox: Outbox;
  notifications: NotificationsRepository;
  /** Email a member given a lead (the outbox's 'assignee' channel is on). */
  emailOwner: boolean;
  /** The channels this server delivers by (a stage reached is queued only for one that is on). */
  channels: readonly DeliveryChannel[];
  /** The live content's course fees (an enrolment's worth, the dashboard's fees). */
  fees: CourseFees;
  /** Called after a delivery is queued (again), so the worker sends it now. */
  onQueued: () => void;
};

const onEnquiries = { config: { desk: { access: 'enquiries' as const } } };
const admin = { config: { desk: { access: 'admin' as const } } };
const me = signedIn;

const erasureSchema = z.union([
  z.strictObject({ phone: text().min(1).max(30) }),
  z.strictObject({ email: text().max(254).pipe(z.email('Enter a valid email address.')) }),
]);

/** Today's lists: the member's own work (the default), or everyone's. */
const todayQuery = z.object({ who: z.enum(['mine', 'all']).default('mine') });

export async function deskEnquiryRoutes(
  app: FastifyInstance,
  {
    config,
    inbox,
    enquiryWork,
    dashboard,
    inboxExport,
    enquiries,
    staff,
    audit,
    outbox,
    notifications,
    emailOwner,
    channels,
    fees,
    onQueued,
  }: Options,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${DESK_API}/enquiries`,
    { ...onEnquiries, schema: { querystring: inboxQuerySchema, response: { 200: inboxReply, '4xx': errorReply } } },
    async (request) => {
      const { items, total } = await inbox.inbox(request.query, me(request).id);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  const detail = { params: idParams, response: { 200: enquiryDetailReply, '4xx': errorReply } };

  api.get(`${DESK_API}/enquiries/:id`, { ...onEnquiries, schema: detail }, async (request, reply) => {
    const found = await enquiryWork.detail(request.params.id);
    if (!found) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
    // Opening it reads what told this member of it (of any enquiry of the family).
    await notifications.markRead(me(request).id, [found.enquiry.id, ...found.family.enquiries.map((each) => each.id)]);
    return found;
  });

  api.patch(
    `${DESK_API}/enquiries/:id`,
    {
      ...onEnquiries,
      schema: {
        ...detail,
        body: enquiryChangeSchema,
        response: {
          ...detail.response,
          200: changedReply,
          409: errorReply.extend({ version: z.number().optional(), record: storedText().optional() }),
        },
      },
    },
    async (request, reply) => {
      const { assigneeId } = request.body;
      if (assigneeId) {
        const assignee = await staff.findById(assigneeId);
        if (!assignee || assignee.disabled_at) return reply.code(400).send({ error: 'Choose someone on the team.' });
      }
      const { status } = request.body;
      // The fees are read before the change's transaction (SQLite has one connection: none is read inside it).
      const telling = status && isMetaStage(status) ? { channels, feeOf: await fees() } : undefined;
      const result = await enquiryWork.change(request.params.id, request.body, me(request).id, {
        emailOwner,
        telling,
      });
      return answer(reply, request.params.id, result);
    },
  );

  /** A change's answer: the enquiry as stored now, or why nothing was stored (the same for a call). */
  async function answer(reply: FastifyReply, id: string, result: ChangeResult) {
    if (result.outcome === 'not-found')
      return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
    if (result.outcome === 'moved') {
      return reply.code(409).send({
        error: 'This family has asked again: their newest enquiry is their record now. Make your change there.',
        record: result.recordId,
      });
    }
    if (result.outcome === 'conflict') {
      return reply.code(409).send({
        error:
          'Someone else changed this enquiry while you were looking at it. Their change is shown now; make yours again.',
        version: result.current.version,
      });
    }
    if (result.queued) onQueued();
    const found = await enquiryWork.detail(id);
    if (!found) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
    return { ...found, ...(result.why ? { why: result.why } : {}) };
  }

  api.post(
    `${DESK_API}/enquiries/:id/merge`,
    {
      ...onEnquiries,
      schema: {
        params: idParams,
        body: mergeSchema,
        response: { 200: z.object({ record: storedText() }), '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const result = await enquiryWork.mergeFamilies(request.params.id, request.body.phone, me(request).id);
      switch (result.outcome) {
        case 'merged':
          return { record: result.recordId };
        case 'moved':
          return reply.code(409).send({ error: 'This family has asked again: merge from their newest enquiry.' });
        case 'no-such-number':
          return reply.code(404).send({ error: 'No enquiry has come from that number.' });
        case 'same-family':
          return reply.code(400).send({ error: 'That number is already this family’s.' });
        default:
          return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      }
    },
  );

  api.post(
    `${DESK_API}/enquiries/:id/repeat`,
    {
      ...onEnquiries,
      schema: {
        params: idParams,
        body: z.object({ decision: z.enum(['confirm', 'apart']) }),
        response: { 200: z.object({ record: storedText() }), '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const result = await enquiryWork.settleRepeat(request.params.id, request.body.decision, me(request).id);
      if (result.outcome === 'confirmed' || result.outcome === 'kept-apart') return { record: result.recordId };
      if (result.outcome === 'settled')
        return reply.code(409).send({ error: 'Someone has confirmed it or kept it apart already: reload to see.' });
      return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
    },
  );

  api.post(
    `${DESK_API}/enquiries/:id/number-confirmed`,
    { ...onEnquiries, schema: { params: idParams, response: { 204: z.null(), '4xx': errorReply } } },
    async (request, reply) => {
      // What was held back until the number was proved (a child's enquiry's webhook) goes now.
      const release = channels.filter((channel) => channel === 'webhook');
      const confirmed = await enquiryWork.confirmNumber(request.params.id, me(request).id, { release });
      if (!confirmed) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      if (confirmed.queued) onQueued();
      return reply.code(204).send(null);
    },
  );

  api.post(
    `${DESK_API}/enquiries/assign`,
    {
      ...onEnquiries,
      schema: { body: bulkAssignSchema, response: { 200: bulkAssignReply, '4xx': errorReply } },
    },
    async (request, reply) => {
      const { assigneeId, enquiries: chosen } = request.body;
      if (assigneeId) {
        const assignee = await staff.findById(assigneeId);
        if (!assignee || assignee.disabled_at) return reply.code(400).send({ error: 'Choose someone on the team.' });
      }
      // Each enquiry from the version the member saw, on its own: one changed meanwhile is left as it is, and said.
      const assigned: string[] = [];
      const refused: { id: string; reason: string }[] = [];
      for (const { id, version } of chosen) {
        const result = await enquiryWork.change(id, { version, assigneeId }, me(request).id, { emailOwner });
        if (result.outcome === 'changed') assigned.push(id);
        else
          refused.push({
            id,
            reason:
              result.outcome === 'conflict'
                ? 'someone else changed it meanwhile'
                : result.outcome === 'moved'
                  ? 'the family has asked again since'
                  : 'it is gone',
          });
      }
      return { assigned, refused };
    },
  );

  api.post(
    `${DESK_API}/enquiries/:id/calls`,
    {
      ...onEnquiries,
      schema: {
        ...detail,
        body: callSchema,
        response: {
          200: changedReply,
          409: errorReply.extend({ version: z.number().optional(), record: storedText().optional() }),
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const outcome = callOutcome(request.body.outcome);
      // As for a change: the fees are read before the call's transaction.
      const telling = outcome.status && isMetaStage(outcome.status) ? { channels, feeOf: await fees() } : undefined;
      const result = await enquiryWork.recordCall(request.params.id, request.body, me(request).id, {
        emailOwner,
        telling,
      });
      return answer(reply, request.params.id, result);
    },
  );

  api.post(
    `${DESK_API}/enquiries/:id/calls/undo`,
    {
      ...onEnquiries,
      schema: { params: idParams, response: { 200: changedReply, '4xx': errorReply } },
    },
    async (request, reply) => {
      const result = await enquiryWork.undoCall(request.params.id, me(request).id);
      switch (result.outcome) {
        case 'not-found':
          return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
        case 'none':
          return reply.code(404).send({ error: 'There is no call of yours on this enquiry to undo.' });
        case 'too-late':
          return reply.code(410).send({
            error: `A call can be undone for ${UNDO_SECONDS} seconds after it is recorded: this one stands. Record what happened next as a new call, or change the status below.`,
          });
        case 'changed':
          return reply.code(409).send({
            error: 'Someone changed this enquiry after your call: undoing it would undo their work too. It stands.',
          });
        case 'undone': {
          const found = await enquiryWork.detail(request.params.id);
          if (!found) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
          return {
            ...found,
            why: `Undone: nothing of "${callOutcome(result.what as CallOutcomeKey).label}" was kept.`,
          };
        }
      }
    },
  );

  api.post(
    `${DESK_API}/enquiries/:id/notes`,
    {
      ...onEnquiries,
      schema: {
        params: idParams,
        body: noteSchema,
        response: {
          201: z.object({ note: deskNote.extend({ enquiry_id: storedText(), author_id: storedText() }) }),
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const note = await enquiryWork.addNote(request.params.id, request.body.body, me(request).id);
      if (!note) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      return reply.code(201).send({ note: { ...note, author_name: me(request).name } });
    },
  );

  api.get(
    `${DESK_API}/today`,
    {
      config: { ...onEnquiries.config, invalid: 'who must be mine or all.' },
      schema: { querystring: todayQuery, response: { 200: todayReply, '4xx': errorReply } },
    },
    async (request) => dashboard.today(request.query.who === 'mine' ? me(request).id : null),
  );

  api.get(
    `${DESK_API}/dashboard`,
    {
      config: {
        ...onEnquiries.config,
        invalid: 'Ask for 30 or 90 days, or from and to (India dates, at most 366 days apart).',
      },
      schema: { querystring: dashboardQuerySchema, response: { 200: dashboardReply, '4xx': errorReply } },
    },
    async (request) => {
      const { days = 30, from, to } = request.query;
      return dashboard.dashboard(from && to ? { from, to } : { days }, await fees());
    },
  );

  // The desk is in English: the labels are the English site's, from src/content/en.
  const words = serverWords.en;
  api.get(
    `${DESK_API}/options`,
    { ...onEnquiries, schema: { response: { 200: optionsReply, '4xx': errorReply } } },
    async () => {
      const feeOf = await fees();
      return {
        team: (await staff.list())
          .filter((member) => !member.disabled_at)
          .map(({ id, name, role }) => ({ id, name, role })),
        courses: Object.entries(words.courseNames).map(([slug, name]) => {
          const fee = feeOf(slug);
          return { value: slug, label: name, ...(fee === undefined ? {} : { fee }) };
        }),
        classLevels: Object.entries(words.form.classLevels).map(([value, label]) => ({ value, label })),
        enquirers: Object.entries(words.form.enquirers).map(([value, label]) => ({ value, label })),
        languages: languages.map((language) => ({ value: language, label: languageInfo[language].name })),
        sources: await inbox.sources(),
      };
    },
  );

  api.get(
    `${DESK_API}/export`,
    {
      // The CSV is a stream, sent as it is: its 200 is documented, never serialized.
      schema: {
        querystring: inboxQuerySchema,
        response: {
          200: csvReply(
            'The enquiries the filters match, as a spreadsheet (a CSV download for Excel and Google Sheets): UTF-8 with a byte-order mark, headers and values in words, times in India time (YYYY-MM-DD HH:MM), the notes on the family in one cell.',
          ),
          '4xx': errorReply,
        },
      },
      config: {
        ...admin.config,
        // Per member of staff, however many sessions they have: counted after the session check
        // (plugins/authentication.ts: its preValidation hook runs first), so a request it refuses
        // uses up nobody's exports; and before the filters are checked, so a wrong one counts.
        // A HEAD reads nothing and counts nothing.
        rateLimit: {
          max: config.EXPORT_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preValidation',
          keyGenerator: (request: FastifyRequest) => `staff:${me(request).id}`,
          allowList: (request: FastifyRequest) => request.method === 'HEAD',
        },
      },
    },
    async (request, reply) => {
      const filename = sheetFilename(new Date());
      if (request.method === 'HEAD') return sendCsvFile(reply, filename);
      const actorId = me(request).id;
      // The trail learns how many enquiries went out once the stream is over (and whether it was cut short).
      const rows = counted(inboxExport.exportRows(request.query, actorId), async (outcome) => {
        try {
          await audit.record({ actorId, ...exportAudit(outcome) });
        } catch (error) {
          request.log.error({ err: error }, 'could not record the export in the audit trail');
        }
      });
      return sendCsvFile(reply, filename, toSheet(rows));
    },
  );

  api.post(
    `${DESK_API}/erasure`,
    {
      config: { ...admin.config, invalid: 'Give a phone number or an email address.' },
      schema: { body: erasureSchema, response: { 200: erasureReply, '4xx': errorReply } },
    },
    async (request, reply) => {
      let phone: string | undefined;
      if ('phone' in request.body) {
        phone = normaliseIndianMobile(request.body.phone);
        if (!phone) return reply.code(400).send({ error: 'That is not an Indian mobile number.' });
      }
      const email = 'email' in request.body ? request.body.email : undefined;
      const erased = await enquiries.erasePerson({ phone, email });
      // The trail says that an erasure happened and how many enquiries it removed, not whose.
      await audit.record({
        actorId: me(request).id,
        action: 'erasure',
        field: phone ? 'phone' : 'email',
        to: String(erased.length),
      });
      return { erased: erased.length };
    },
  );

  api.get(
    `${DESK_API}/deliveries`,
    { ...admin, schema: { response: { 200: deliveriesReply, '4xx': errorReply } } },
    async () => ({
      ...(await outbox.counts()),
      deliveries: await outbox.listUndelivered(),
    }),
  );

  api.post(
    `${DESK_API}/deliveries/:id/retry`,
    {
      ...admin,
      schema: { params: idParams, response: { 200: z.object({ retried: z.literal(true) }), '4xx': errorReply } },
    },
    async (request, reply) => {
      if (!(await outbox.retry(request.params.id))) {
        return reply.code(404).send({ error: 'No failed delivery with this id.' });
      }
      await audit.record({ actorId: me(request).id, action: 'delivery-retry', field: request.params.id });
      onQueued();
      return { retried: true as const };
    },
  );
}
