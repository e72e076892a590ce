/**
 * How a one-time code reaches a family's phone: one small interface, a sender per provider.
 *
 * - `msg91`: an SMS by MSG91's SendOTP API (v5). In India a business SMS needs its text
 *   registered on the DLT platform: the template named by MSG91_TEMPLATE_ID is the one mapped to
 *   the DLT template in MSG91's panel, with ##OTP## where the code goes.
 * - `whatsapp`: a WhatsApp authentication template by the Cloud API (the text is Meta's own,
 *   "<code> is your verification code", with a copy-code button), approved in English and Hindi.
 * - `log`: no provider (`npm start` on a laptop): the code is written to the server's log with a
 *   warning, so the whole flow can be tried. Never in production with real families.
 *
 * A provider's answer other than success is an error whose message names neither the number nor
 * the code (it may be logged).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/languages';
import type { Config } from '../config';

export type CodeMessage = {
  /** +91 and ten digits. */
  phone: string;
  code: string;
  language: Language;
  /** How long the code lives, for the message's own words. */
  minutes: number;
};

export type CodeSender = {
  /** What the family receives it by: recorded with the code, shown in the answer. */
  channel: 'sms' | 'whatsapp' | 'log';
  send(message: CodeMessage): Promise<void>;
};

/** How long a provider is given to answer before the send counts as failed. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** 91 and ten digits, as both providers take a number. */
const digitsOf = (phone: string) => phone.replace(/^\+/, '');

async function answerOf(response: Response, provider: string): Promise<unknown> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new Error(`${provider} answered ${response.status}`);
  return body;
}

function msg91Sender(config: Config): CodeSender {
  const { MSG91_AUTH_KEY: key, MSG91_TEMPLATE_ID: template, MSG91_URL: url } = config;
  if (!key || !template) throw new Error('PHONE_CODE_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID');
  return {
    channel: 'sms',
    async send({ phone, code, minutes }) {
      const target = new URL(url);
      target.searchParams.set('template_id', template);
      target.searchParams.set('mobile', digitsOf(phone));
      target.searchParams.set('otp', code);
      target.searchParams.set('otp_expiry', String(minutes));
      const body = await answerOf(
        await fetch(target, {
          method: 'POST',
          headers: { authkey: key, 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        }),
        'MSG91',
      );
      // MSG91 answers 200 with { type: 'error', message } for a refused send.
      const type = (body as { type?: unknown } | undefined)?.type;
      if (type !== 'success') throw new Error(`MSG91 refused the message (${String(type)})`);
    },
  };
}

/** The template's language as WhatsApp names it. */
const whatsAppLanguage: Record<Language, string> = { en: 'en', hi: 'hi' };

function whatsAppSender(config: Config): CodeSender {
  const {
    WHATSAPP_ACCESS_TOKEN: token,
    WHATSAPP_PHONE_NUMBER_ID: from,
    WHATSAPP_CODE_TEMPLATE: template,
    WHATSAPP_URL: url,
  } = config;
  if (!token || !from || !template) {
    throw new Error(
      'PHONE_CODE_PROVIDER=whatsapp needs WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_CODE_TEMPLATE',
    );
  }
  return {
    channel: 'whatsapp',
    async send({ phone, code, language }) {
      const body = await answerOf(
        await fetch(`${url.replace(/\/$/, '')}/${from}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: digitsOf(phone),
            type: 'template',
            template: {
              name: template,
              language: { code: whatsAppLanguage[language] },
              // The code in the body, and again behind the copy-code button.
              components: [
                { type: 'body', parameters: [{ type: 'text', text: code }] },
                { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
              ],
            },
          }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        }),
        'WhatsApp',
      );
      const messages = (body as { messages?: unknown[] } | undefined)?.messages;
      if (!Array.isArray(messages) || messages.length === 0) throw new Error('WhatsApp accepted no message');
    },
  };
}

function logSender(log: FastifyBaseLogger): CodeSender {
  return {
    channel: 'log',
    async send({ phone, code }) {
      log.warn(
        { phone, code },
        'one-time code written here, not sent: no PHONE_CODE_PROVIDER is set (see the README before going live)',
      );
    },
  };
}

/** The sender the settings name. */
export function codeSenderFor(config: Config, log: FastifyBaseLogger): CodeSender {
  switch (config.PHONE_CODE_PROVIDER) {
    case 'msg91':
      return msg91Sender(config);
    case 'whatsapp':
      return whatsAppSender(config);
    case 'log':
      return logSender(log);
  }
}
