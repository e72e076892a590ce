/**
 * The WhatsApp and SMS messages counsellors send a family, from templates admins keep in English
 * and Hindi (shared/schema/desk-settings.ts templatesSchema); the family's language chooses.
 *
 *   GET  /api/staff/enquiries/:id/messages   each template filled in for this family, with its
 *                                            wa.me or sms: link (to the number to call first)
 *   POST /api/staff/enquiries/:id/messages   { template }: the message the counsellor opened, recorded
 * Admins only:
 *   GET  /api/staff/settings/templates
 *   PUT  /api/staff/settings/templates       the whole list (checked: both languages, known placeholders)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fill, formatDate, formatRupees, whatsappHref } from '../../../shared/format';
import { localDate } from '../../../shared/institute-calendar';
import { isLanguage } from '../../../shared/languages';
import { isCourseSlug } from '../../../shared/courses';
import { callFirst } from '../../../shared/schema/desk-vocabulary';
import { enquiryEndpoints } from '../../../shared/schema/replies/enquiries';
import { settingEndpoints } from '../../../shared/schema/replies/settings';
import { batchDateUnknown, feePeriod, serverWords } from '../../../src/content/server-words';
import { signedIn } from '../../plugins/authentication';
import { deskRoute, ID_TAKEN } from './endpoint';

/** An SMS with its text filled in: Android and iOS read `body`. */
const smsHref = (e164: string, body: string) => `sms:${e164}?body=${encodeURIComponent(body)}`;

export async function deskMessageRoutes(app: FastifyInstance) {
  const { deskSettings, enquiryWork, courseFacts: facts } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...deskRoute(enquiryEndpoints, 'GET /enquiries/:id/messages'),
    handler: async (request, reply) => {
      const found = await enquiryWork.detail(request.params.id);
      if (!found) return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      const { enquiry } = found;
      const language = isLanguage(enquiry.language) ? enquiry.language : 'en';
      const words = serverWords[language];
      const { feeOf, feePeriodOf, nextBatchOf } = await facts();
      const fee = feeOf(enquiry.course);
      const per = feePeriodOf(enquiry.course);
      const batch = nextBatchOf(enquiry.course, localDate(new Date()));
      const values = {
        name: enquiry.student_name,
        course: isCourseSlug(enquiry.course) ? words.courseNames[enquiry.course] : enquiry.course,
        batchDate: batch ? formatDate(batch, language) : batchDateUnknown[language],
        fee: fee === undefined ? '' : formatRupees(fee, language),
        feePeriod: per === undefined ? '' : feePeriod[language][per],
        counsellor: signedIn(request).name,
        institute: words.siteName,
      };
      const phone = callFirst(enquiry);
      return {
        language,
        phone,
        messages: (await deskSettings.get('templates')).map((template) => {
          const message = fill(template.text[language], values);
          return {
            id: template.id,
            name: template.name,
            channel: template.channel,
            text: message,
            href: template.channel === 'whatsapp' ? whatsappHref(phone, message) : smsHref(phone, message),
          };
        }),
      };
    },
  });

  api.route({
    ...deskRoute(enquiryEndpoints, 'POST /enquiries/:id/messages'),
    handler: async (request, reply) => {
      const template = (await deskSettings.get('templates')).find((each) => each.id === request.body.template);
      if (!template)
        return reply.code(400).send({ error: 'There is no such message (an admin may have changed them).' });
      const recorded = await enquiryWork.recordMessage(request.params.id, template, signedIn(request).id, {
        id: request.body.id,
      });
      if (recorded === 'not-found')
        return reply.code(404).send({ error: 'No such enquiry (it may have been erased).' });
      if (recorded === 'id-taken') return reply.code(409).send({ error: ID_TAKEN });
      return reply.code(recorded === 'repeated' ? 200 : 201).send({ recorded: true as const });
    },
  });

  api.route({
    ...deskRoute(settingEndpoints, 'GET /settings/templates'),
    handler: async () => ({ templates: await deskSettings.get('templates') }),
  });
  api.route({
    ...deskRoute(settingEndpoints, 'PUT /settings/templates'),
    handler: async (request) => {
      await deskSettings.set('templates', request.body.templates, signedIn(request).id);
      return { templates: await deskSettings.get('templates') };
    },
  });
}
