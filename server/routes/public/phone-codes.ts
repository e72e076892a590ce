/**
 * Proving a number by a one-time code (issue 38; server/phone-codes/):
 *
 *   POST /api/phone-codes              { phone, language }  a code sent to the number
 *   POST /api/phone-codes/:id/check    { code }             the code typed: a proof of the number
 *
 * Every answer is in the family's language, says what to do next, and is the same whether or
 * not anything else is known of the number. Nothing here is stored as a family's: a code and its
 * limits only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fill, formatPhone } from '../../../shared/format';
import { institute } from '../../../shared/institute';
import { type Language, languages } from '../../../shared/languages';
import { enquiryFields, type ProblemCode } from '../../../shared/schema/enquiry';
import { enquiryMessage } from '../../../shared/schema/enquiry-messages';
import { errorReply, storedText } from '../../../shared/schema/replies/common';
import { text } from '../../../shared/schema/text';
import { serverWords } from '../../../src/content/server-words';
import { CODE_LIMITS } from '../../phone-codes/phone-codes';

const requestBody = z.object({ phone: text().max(40), language: z.enum(languages).default('en') });
const checkParams = z.object({ id: text().max(100) });
const checkBody = z.object({ code: text().max(20) });

const sentReply = z.object({
  id: storedText(),
  message: storedText(),
  /** False: the provider did not take it yet: `retrying`, it is sent again in a moment; otherwise ask again. */
  sent: z.boolean(),
  retrying: z.boolean(),
  /** Seconds until another code may be asked for, and until this one stops working. */
  resendIn: z.number(),
  expiresIn: z.number(),
});
const waitReply = errorReply.extend({ retryAfter: z.number() });
const verifiedReply = z.object({ proof: storedText(), message: storedText() });
/** Not the code (`triesLeft`), or a body that is no check at all (the error handler's 400: `error` only). */
const wrongReply = errorReply.extend({ triesLeft: z.number().optional() });

/** The number as the family reads it in the answer: its last four digits only. */
const maskedPhone = (phone: string) => `+91 ••••• •${phone.slice(-4)}`;

export async function phoneCodeRoutes(app: FastifyInstance) {
  const { phoneCodes } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const wordsOf = (language: string | undefined) =>
    serverWords[(languages as readonly string[]).includes(language ?? '') ? (language as Language) : 'en'].events
      .verification;
  const sitePhone = formatPhone(institute.phone);

  api.post(
    '/api/phone-codes',
    {
      schema: {
        body: requestBody,
        response: { 201: sentReply, 429: waitReply, '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const { language } = request.body;
      const checked = enquiryFields.shape.phone.safeParse(request.body.phone);
      if (!checked.success) {
        const code = checked.error.issues[0]?.message === 'required' ? 'required' : 'invalid';
        return reply
          .code(400)
          .send({ error: enquiryMessage(language, serverWords[language].form, 'phone', code as ProblemCode) });
      }
      const phone = checked.data;
      const words = wordsOf(language);
      const now = new Date();
      const result = await phoneCodes.request({ phone, address: request.ip, language, now });
      if (result.outcome !== 'sent') {
        const error =
          result.outcome === 'wait'
            ? fill(words.wait, { seconds: String(result.retryAfter) })
            : fill(words.limited, { minutes: String(Math.ceil(result.retryAfter / 60)), phone: sitePhone });
        return reply
          .code(429)
          .header('Retry-After', String(result.retryAfter))
          .send({ error, retryAfter: result.retryAfter });
      }
      const channel = result.channel === 'whatsapp' ? words.channelWhatsApp : words.channelSms;
      const onItsWay = result.sent || result.retrying;
      return reply.code(201).send({
        id: result.id,
        message: result.sent
          ? fill(words.sent, { phone: maskedPhone(phone), channel, minutes: String(CODE_LIMITS.minutes) })
          : result.retrying
            ? fill(words.delayed, { phone: maskedPhone(phone), channel })
            : fill(words.notSent, { phone: sitePhone }),
        sent: result.sent,
        retrying: result.retrying,
        resendIn: onItsWay ? Math.max(0, Math.ceil((result.resendAt.getTime() - now.getTime()) / 1000)) : 0,
        expiresIn: onItsWay ? Math.ceil((result.expiresAt.getTime() - now.getTime()) / 1000) : 0,
      });
    },
  );

  api.post(
    '/api/phone-codes/:id/check',
    {
      schema: {
        params: checkParams,
        body: checkBody,
        response: { 200: verifiedReply, 400: wrongReply, '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const result = await phoneCodes.check({ id: request.params.id, code: request.body.code });
      const words = wordsOf(result.language);
      switch (result.outcome) {
        case 'verified':
          return { proof: result.proof, message: words.verified };
        case 'wrong':
          return reply
            .code(400)
            .send({ error: fill(words.wrong, { tries: String(result.triesLeft) }), triesLeft: result.triesLeft });
        case 'gone':
          return reply.code(410).send({ error: words.gone });
      }
    },
  );
}
