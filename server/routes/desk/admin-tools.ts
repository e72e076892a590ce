/**
 * The admins' tools on the enquiries: the spreadsheet, erasure, and the outbox's deliveries.
 *
 *   GET   /api/staff/export               the inbox's filters → a spreadsheet (CSV for Excel and Google Sheets:
 *                                         the desk's words, India time, notes; server/exports/spreadsheet.ts), streamed;
 *                                         EXPORT_RATE_LIMIT a minute per member of staff; HEAD: the headers only
 *   POST  /api/staff/erasure              { phone } | { email } → how many enquiries were erased
 *   GET   /api/staff/deliveries           deliveries not yet delivered, and counts
 *   POST  /api/staff/deliveries/:id/retry
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normaliseIndianMobile } from '../../../shared/schema/enquiry';
import { adminToolEndpoints } from '../../../shared/schema/replies/admin-tools';
import { counted, exportAudit, sendCsvFile } from '../../exports/export';
import { sheetFilename, toSheet } from '../../exports/spreadsheet';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

const me = signedIn;

export async function deskAdminToolRoutes(app: FastifyInstance) {
  const { config } = app;
  const { inboxExport, enquiries, audit, outbox } = app.repositories;
  const onQueued = () => app.delivery.kick();
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...deskRoute(adminToolEndpoints, 'GET /export', {
      config: {
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
    }),
    handler: async (request, reply) => {
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
  });

  api.route({
    ...deskRoute(adminToolEndpoints, 'POST /erasure', {
      config: { invalid: 'Give a phone number or an email address.' },
    }),
    handler: async (request, reply) => {
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
  });

  api.route({
    ...deskRoute(adminToolEndpoints, 'GET /deliveries'),
    handler: async () => ({
      ...(await outbox.counts()),
      deliveries: await outbox.listUndelivered(),
    }),
  });

  api.route({
    ...deskRoute(adminToolEndpoints, 'POST /deliveries/:id/retry'),
    handler: async (request, reply) => {
      if (!(await outbox.retry(request.params.id))) {
        return reply.code(404).send({ error: 'No failed delivery with this id.' });
      }
      await audit.record({ actorId: me(request).id, action: 'delivery-retry', field: request.params.id });
      onQueued();
      return { retried: true as const };
    },
  });
}
