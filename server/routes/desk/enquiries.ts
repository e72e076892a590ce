/**
 * The desk's enquiries (counsellors and admins): the inbox, a record and the work on it.
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
 *   GET   /api/staff/options              active staff (for assignment), course, class and enquirer labels
 * Elsewhere: taking an enquiry at the desk (intake.ts); Today and the dashboard (figures.ts); the
 * admins' export, erasure and deliveries (admin-tools.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageInfo, languages } from '../../../shared/languages';
import { serverWords } from '../../../src/content/server-words';
import { callOutcome, type CallOutcomeKey, UNDO_SECONDS } from '../../../shared/call-outcomes';
import type { ChangeResult } from '../../db/enquiry-work-repository';
import { isMetaStage } from '../../delivery/meta-stages';
import { enquiryEndpoints } from '../../../shared/schema/replies/enquiries';
import { settingEndpoints } from '../../../shared/schema/replies/settings';
import { signedIn } from '../../plugins/authentication';
import { deskRoute, ID_TAKEN, REPEATED } from './endpoint';

const me = signedIn;

export async function deskEnquiryRoutes(app: FastifyInstance) {
  const { inbox, enquiryWork, staff, notifications, courseFacts } = app.repositories;
  const { channels } = app.delivery;
  // Email a member given a lead (the outbox's 'assignee' channel is on).
  const emailOwner = channels.includes('assignee');
  // The live content's course fees (an enrolment's worth; the options' fees).
  const fees = async () => (await courseFacts()).feeOf;
  const onQueued = () => app.delivery.kick();
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...deskRoute(enquiryEndpoints, 'GET /enquiries'),
    handler: async (request) => {
      const { items, total } = await inbox.inbox(request.query, me(request).id);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'GET /enquiries/:id'),
    handler: async (request, reply) => {
      const found = await enquiryWork.detail(request.params.id);
      if (!found) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      // Opening it reads what told this member of it (of any enquiry of the family).
      await notifications.markRead(me(request).id, [
        found.enquiry.id,
        ...found.family.enquiries.map((each) => each.id),
      ]);
      return found;
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'PATCH /enquiries/:id'),
    handler: async (request, reply) => {
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
  });

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
    if (result.outcome === 'id-taken') return reply.code(409).send({ error: ID_TAKEN });
    if (result.outcome === 'conflict') {
      return reply.code(409).send({
        error:
          'Someone else changed this enquiry while you were looking at it. Their change is shown now; make yours again.',
        version: result.current.version,
      });
    }
    // A change may queue the stages' events, and the email and push to a member given the lead.
    onQueued();
    const found = await enquiryWork.detail(id);
    if (!found) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
    const why = result.repeated ? REPEATED : result.why;
    return { ...found, ...(why ? { why } : {}), ...(result.repeated ? { repeated: true as const } : {}) };
  }

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/merge'),
    handler: async (request, reply) => {
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
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/repeat'),
    handler: async (request, reply) => {
      const result = await enquiryWork.settleRepeat(request.params.id, request.body.decision, me(request).id);
      if (result.outcome === 'confirmed' || result.outcome === 'kept-apart') return { record: result.recordId };
      if (result.outcome === 'settled')
        return reply.code(409).send({ error: 'Someone has confirmed it or kept it apart already: reload to see.' });
      return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/number-confirmed'),
    handler: async (request, reply) => {
      // What was held back until the number was proved (a child's enquiry's webhook) goes now.
      const release = channels.filter((channel) => channel === 'webhook');
      const confirmed = await enquiryWork.confirmNumber(request.params.id, me(request).id, { release });
      if (!confirmed) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      if (confirmed.queued) onQueued();
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/assign'),
    handler: async (request, reply) => {
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
      if (assigned.length > 0) onQueued();
      return { assigned, refused };
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/calls'),
    handler: async (request, reply) => {
      const outcome = callOutcome(request.body.outcome);
      // As for a change: the fees are read before the call's transaction.
      const telling = outcome.status && isMetaStage(outcome.status) ? { channels, feeOf: await fees() } : undefined;
      const result = await enquiryWork.recordCall(request.params.id, request.body, me(request).id, {
        emailOwner,
        telling,
      });
      return answer(reply, request.params.id, result);
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/calls/undo'),
    handler: async (request, reply) => {
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
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/notes'),
    handler: async (request, reply) => {
      const added = await enquiryWork.addNote(request.params.id, request.body.body, me(request).id, {
        id: request.body.id,
      });
      if (!added) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      if (added === 'id-taken') return reply.code(409).send({ error: ID_TAKEN });
      return reply.code(added.repeated ? 200 : 201).send({ note: { ...added.note, author_name: me(request).name } });
    },
  });

  // The desk is in English: the labels are the English site's, from src/content/en.
  const words = serverWords.en;
  api.route({
    ...deskRoute(settingEndpoints, 'GET /options'),
    handler: async () => {
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
  });
}
