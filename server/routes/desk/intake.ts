/**
 * Enquiries a member of staff takes (the review's M11): a family that phones the institute,
 * walks in, signs up at an education fair, or is referred, entered at the desk rather than
 * through the site's form.
 *
 *   POST /api/staff/enquiries  { cameBy, consentTaken: true, ...the enquiry form's fields } → 201 { id, cameBack, heldApart }
 *
 * The fields are checked as the form's are. The family's consent to be contacted is the
 * member's to ask for (recorded as taken by them); how the family came is its campaign source
 * (the dashboard counts walk-ins beside the ads). On a call or at the counter the member spoke
 * with the family on its number, which proves it as a code does; a fair's list or a referral
 * does not, so one on a known family's number waits beside its record for a counsellor to
 * confirm, as the form's unproved ones do. Meta is never told (nobody saw an ad or its pixel).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enquiryEndpoints } from '../../../shared/schema/replies/enquiries';
import { signedIn } from '../../plugins/authentication';
import { takenEnquiry, takenOptions } from '../../taken-enquiry';
import { deskRoute } from './endpoint';

export async function deskIntakeRoutes(app: FastifyInstance) {
  const { enquiries } = app.repositories;
  // The channels this server delivers by (Meta's is never used here).
  const { channels } = app.delivery;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries'),
    handler: async (request, reply) => {
      const { cameBy, consentTaken: _consent, ...fields } = request.body;
      const taken = takenEnquiry(fields);
      if ('error' in taken) return reply.code(400).send({ error: taken.error });
      const saved = await enquiries.save(
        taken.enquiry,
        takenOptions(taken.enquiry, cameBy, signedIn(request).id, channels, new Date()),
      );
      app.delivery.kick();
      return reply.code(201).send({ id: saved.id, cameBack: saved.cameBack, heldApart: saved.heldApart });
    },
  });
}
