/**
 * A stand-in for the SMS or WhatsApp provider in the server's tests: it keeps each code it is
 * asked to send, as the family's phone would. `prove` is the family's side of it over HTTP: ask
 * for a code, read it off the "phone", type it back; the proof a booking then carries.
 */
import type { FastifyInstance } from 'fastify';
import type { CodeMessage, CodeSender } from '../../server/phone-codes/senders';

export type PhoneStandIn = CodeSender & {
  sent: CodeMessage[];
  /** The last code sent to a number (+91…). */
  lastCode(phone: string): string | undefined;
  /** The proof of `phone` (as typed: "98765 43210"), by the real flow through `app`. */
  prove(app: FastifyInstance, phone: string, language?: 'en' | 'hi'): Promise<string>;
  /** A booking's body with the proof of its number (the parent's for a student under 18), proved once per app. */
  withProof<Body extends Record<string, unknown>>(
    app: FastifyInstance,
    body: Body,
  ): Promise<Body & { numberProof: string }>;
};

let nextAddress = 0;

export function phoneStandIn(): PhoneStandIn {
  const sent: CodeMessage[] = [];
  const lastCode = (phone: string) => sent.filter((message) => message.phone === phone).at(-1)?.code;
  const proofs = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();
  const standIn: PhoneStandIn = {
    channel: 'sms',
    sent,
    async send(message) {
      sent.push(message);
    },
    lastCode,
    async prove(app, phone, language = 'en') {
      // Each family from an address of its own: the limits per address are another test's.
      nextAddress += 1;
      const remoteAddress = `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
      const asked = await app.inject({
        method: 'POST',
        url: '/api/phone-codes',
        remoteAddress,
        payload: { phone, language },
      });
      if (asked.statusCode !== 201) throw new Error(`No code for ${phone}: ${asked.statusCode} ${asked.body}`);
      const { id } = asked.json<{ id: string }>();
      const code = sent.at(-1)?.code ?? '';
      const checked = await app.inject({ method: 'POST', url: `/api/phone-codes/${id}/check`, payload: { code } });
      if (checked.statusCode !== 200) throw new Error(`The code for ${phone} was refused: ${checked.body}`);
      return checked.json<{ proof: string }>().proof;
    },
    async withProof(app, body) {
      const number = String(body.enquirer === 'student' && body.studentUnder18 ? body.parentPhone : body.phone);
      const known = proofs.get(app) ?? new Map<string, Promise<string>>();
      proofs.set(app, known);
      let proof = known.get(number);
      if (!proof) {
        proof = standIn.prove(app, number);
        known.set(number, proof);
      }
      return { ...body, numberProof: await proof };
    },
  };
  return standIn;
}
