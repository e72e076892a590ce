/**
 * Where an enquiry goes once stored, one sender per outbox channel (the channels, and when each
 * is queued: shared/delivery-channels.ts): an email to the staff inbox, a signed webhook for a
 * CRM, a sheet or a chat bot, and (for a consenting adult's enquiry) a Lead to Meta's Conversions
 * API, and later its booked visit and enrolment (meta-stages.ts). The counsellor a lead is given
 * to is emailed, and pushed to on their phone (push.ts). A registrant is emailed their admit card
 * and a reminder (registrant-emails.ts). Each channel is on when its settings are.
 */
import { createHmac } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { languageForStaff } from '../../shared/languages';
import { DESK_BASENAME, deskPath } from '../../shared/desk-pages';
import { serverWords } from '../../src/content/server-words';
import { institute } from '../../shared/institute';
import { formatPhone, whatsappHref } from '../../shared/format';
import { attributionFields, attributionOfRow, describeSource } from '../../shared/schema/attribution';
import { callFirst, deskLabels } from '../../shared/schema/desk-vocabulary';
import { enquiryDescription, type FieldDescription, shownAs } from '../../shared/schema/enquiry-fields';
import type { Config } from '../config';
import { classLabel, courseName } from '../content/enquiry-words';
import { channelNames } from '../../shared/delivery-channels';
import type { DeliveriesTable, DeliveryChannel, EnquiryRow } from '../db/schema';
import { type MetaEventContext, metaEventBody } from './meta-conversions';
import { type MetaStageContext, type MetaStageStatus, metaStageEventBody } from './meta-stages';
import type { PushRepository } from '../db/push-repository';
import type { WebPush } from '../push/web-push';
import { pushSend } from './push';
import { type Registrants, registrantSend } from './registrant-emails';
import type { Send } from './worker';

/** The header a webhook receiver checks: HMAC-SHA256 of the raw body with the shared secret. */
export const SIGNATURE_HEADER = 'x-enquiry-signature';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The staff read the email in English. */
const staff = serverWords.en;
const siteName = staff.siteName;
const hostname = new URL(institute.origin).hostname;

/** How each field reads in the staff email; fields not listed show their stored text. */
const emailValue: Partial<Record<keyof typeof enquiryDescription, (e: EnquiryRow) => string | null>> = {
  enquirer: (e) => (e.enquirer === 'student' ? 'the student' : 'a parent or guardian'),
  phone: (e) => `${formatPhone(e.phone)}  (tel:${e.phone})`,
  studentUnder18: (e) => (e.student_under_18 === 1 ? 'yes: call the parent or guardian below' : null),
  parentPhone: (e) => (e.parent_phone ? `${formatPhone(e.parent_phone)}  (tel:${e.parent_phone})` : null),
  language: (e) => languageForStaff(e.language),
  classLevel: (e) => (e.class_level ? classLabel(e.class_level) : null),
  city: (e) => e.city || null,
  course: (e) => courseName(e.course),
  consent: (e) => (e.consent ? 'Yes (call, SMS, WhatsApp)' : 'No'),
};

export function emailText(e: EnquiryRow): string {
  const lines: [string, string | null][] = [
    ...Object.entries<FieldDescription>(enquiryDescription).flatMap(
      ([field, { label, email, column, serverOnly }]): [string, string | null][] => {
        if (email === false || serverOnly) return [];
        const show = emailValue[field as keyof typeof enquiryDescription];
        const stored = e[column as keyof EnquiryRow];
        return [[label, show ? show(e) : stored === null ? null : String(stored)]];
      },
    ),
    [deskLabels.cameFrom, describeSource(attributionOfRow(e))],
    [deskLabels.received, `${new Date(e.created_at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })} IST`],
    [deskLabels.reference, e.id],
  ];
  const body = lines
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  return `New enquiry from the website. Please call back within one working day.\n\n${body}\n\nCall now: tel:${callFirst(e)}\n`;
}

/** Stored with an 'assignee' delivery (server/db/notifications-repository.ts): who to write to, and why. */
type AssigneeContext = { to: string; name: string; kind: 'assigned' | 'came-back' };

/** The counsellor's email: the lead in a few lines, the call and WhatsApp links, and the desk's page for it. */
export function assigneeEmailText(e: EnquiryRow, kind: AssigneeContext['kind']): string {
  const phone = callFirst(e);
  const who = phone === e.phone ? e.student_name : `${e.parent_name ?? 'the parent'} (parent of ${e.student_name})`;
  const lines = [
    kind === 'came-back'
      ? `${e.student_name} asked again (${courseName(e.course)}). The family is yours: call them back today.`
      : `A new enquiry is yours: ${e.student_name}, ${courseName(e.course)}. Please call within the hour.`,
    '',
    `Call ${who}: ${formatPhone(phone)}  tel:${phone}`,
    `WhatsApp: ${whatsappHref(phone)}`,
    `Speaks: ${languageForStaff(e.language)}`,
    ...(e.class_level ? [`Class: ${classLabel(e.class_level)}`] : []),
    ...(e.city ? [`City: ${e.city}`] : []),
    `Came from: ${describeSource(attributionOfRow(e))}`,
    '',
    `Open it on the desk: ${institute.origin}${DESK_BASENAME}${deskPath('enquiry', { id: e.id })}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The webhook's `enquiry` object: every field under its webhook key, flags as booleans. */
export function webhookBody(e: EnquiryRow): string {
  const enquiry: Record<string, unknown> = {};
  for (const field of Object.values<FieldDescription>(enquiryDescription)) {
    if (!field.webhook) continue;
    const value = e[field.column as keyof EnquiryRow];
    // The class and city are stored as '' until the visitor gives them (they are optional details): null, like any other.
    enquiry[field.webhook] =
      shownAs(field) === 'flag' ? (value === null ? null : value === 1) : value === '' ? null : value;
  }
  enquiry.source = e.source;
  for (const { webhook, column } of Object.values(attributionFields)) enquiry[webhook] = e[column];
  return JSON.stringify({ event: 'enquiry.created', id: e.id, receivedAt: e.created_at, enquiry });
}

export const sign = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** What the senders share: one mail transport, one poster to Meta, and what the registrants' and the pushes' read. */
type SenderContext = {
  config: Config;
  /** Mail by SMTP_URL, from ENQUIRY_NOTIFY_FROM (or the site's no-reply address). */
  mail?: { transport: Transporter; from: string };
  /** A POST of an event's body to Meta's Conversions API (META_CAPI_ACCESS_TOKEN and META_PIXEL_ID). */
  postToMeta?: (body: string) => Promise<void>;
  registrants?: Registrants;
  push?: { webPush: WebPush; pushes: PushRepository };
};

/**
 * Each channel's sender (shared/delivery-channels.ts lists the channels): its send, or nothing when
 * its settings are off. A channel in the registry without one here does not compile.
 */
const senders: { [C in DeliveryChannel]: (context: SenderContext) => Send | undefined } = {
  email: ({ config, mail }) => {
    if (!mail || !config.ENQUIRY_NOTIFY_TO) return undefined;
    const to = config.ENQUIRY_NOTIFY_TO;
    return async (e) => {
      await mail.transport.sendMail({
        from: mail.from,
        to,
        subject: `New enquiry: ${e.student_name}, ${courseName(e.course)}${e.city ? ` (${e.city})` : ''}`,
        text: emailText(e),
        // The same enquiry sent twice (after a crash mid-send) carries the same Message-ID.
        messageId: `<enquiry-${e.id}@${hostname}>`,
        headers: { 'X-Enquiry-Id': e.id },
        ...(e.email ? { replyTo: e.email } : {}),
      });
    };
  },

  webhook: ({ config }) => {
    if (!config.ENQUIRY_WEBHOOK_URL) return undefined;
    const url = config.ENQUIRY_WEBHOOK_URL;
    const secret = config.ENQUIRY_WEBHOOK_SECRET;
    return async (e) => {
      const body = webhookBody(e);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [IDEMPOTENCY_HEADER]: e.id,
          ...(secret ? { [SIGNATURE_HEADER]: sign(body, secret) } : {}),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status} ${response.statusText}`);
    };
  },

  meta: ({ config, postToMeta }) =>
    postToMeta &&
    ((e, delivery) =>
      postToMeta(metaEventBody(e, contextOf(delivery) as MetaEventContext, config.META_CAPI_TEST_EVENT_CODE))),
  // The Lead's later stages (visit booked, enrolled), each under its own channel.
  'meta-schedule': (context) => metaStageSend(context, 'visit-booked'),
  'meta-purchase': (context) => metaStageSend(context, 'enrolled'),

  // The email to the counsellor a lead was assigned to (or whose family asked again): who, what, and one tap to call.
  assignee: ({ mail }) =>
    mail &&
    (async (e, delivery) => {
      if (!delivery.context) throw new Error('no recipient was stored with this assignment');
      const { to, kind } = JSON.parse(delivery.context) as AssigneeContext;
      await mail.transport.sendMail({
        from: mail.from,
        to,
        subject: `${kind === 'came-back' ? 'Asked again' : 'New lead for you'}: ${e.student_name}, ${courseName(e.course)}`,
        text: assigneeEmailText(e, kind),
        messageId: `<${kind}-${delivery.id}@${hostname}>`,
        headers: { 'X-Enquiry-Id': e.id },
      });
    }),
  // The push to a counsellor's devices: needs no setting (the server makes its VAPID key), only a device.
  push: ({ push }) => push && pushSend(push.webPush, push.pushes),

  // The registrant's admit card and reminder, from the same sender as the staff's email.
  'admit-card': ({ mail, registrants }) =>
    mail && registrants && registrantSend(mail.transport, mail.from, registrants, 'admit-card'),
  'event-reminder': ({ mail, registrants }) =>
    mail && registrants && registrantSend(mail.transport, mail.from, registrants, 'event-reminder'),
};

const contextOf = (delivery: DeliveriesTable): unknown => {
  if (!delivery.context) throw new Error('no context was stored with this Meta event');
  return JSON.parse(delivery.context) as unknown;
};

const metaStageSend = ({ config, postToMeta }: SenderContext, stage: MetaStageStatus): Send | undefined =>
  postToMeta &&
  ((e, delivery) =>
    postToMeta(
      metaStageEventBody(e, stage, contextOf(delivery) as MetaStageContext, config.META_CAPI_TEST_EVENT_CODE),
    ));

/** POSTs an event to Meta's Conversions API; Meta's reason, never the token, when it refuses. */
function metaPoster(config: Config): ((body: string) => Promise<void>) | undefined {
  if (!config.META_CAPI_ACCESS_TOKEN || !config.META_PIXEL_ID) return undefined;
  // The token goes in the query string, as Meta documents; errors below never quote the URL.
  const url = new URL(`${config.META_CAPI_URL.replace(/\/+$/, '')}/${config.META_PIXEL_ID}/events`);
  url.searchParams.set('access_token', config.META_CAPI_ACCESS_TOKEN);
  return async (body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      // Meta explains in { error: { message } }; the token is never in it.
      const reason = await response
        .json()
        .then((answer: { error?: { message?: unknown } }) => answer.error?.message)
        .catch(() => undefined);
      throw new Error(
        `Meta answered ${response.status} ${response.statusText}${typeof reason === 'string' ? `: ${reason.slice(0, 300)}` : ''}`,
      );
    }
  };
}

/**
 * The channels this server sends by, from its settings. The registrant's emails need what they
 * read when they send (`registrants`); without it (a caller that sends no registrant's email),
 * those two channels are off, as the push is without `push`.
 */
export function enabledChannels(
  config: Config,
  registrants?: Registrants,
  push?: { webPush: WebPush; pushes: PushRepository },
): Map<DeliveryChannel, Send> {
  const context: SenderContext = {
    config,
    ...(config.SMTP_URL
      ? {
          mail: {
            transport: nodemailer.createTransport(config.SMTP_URL),
            from: config.ENQUIRY_NOTIFY_FROM ?? `${siteName} website <no-reply@${hostname}>`,
          },
        }
      : {}),
    postToMeta: metaPoster(config),
    registrants,
    push,
  };
  const channels = new Map<DeliveryChannel, Send>();
  for (const channel of channelNames) {
    const send = senders[channel](context);
    if (send) channels.set(channel, send);
  }
  return channels;
}
