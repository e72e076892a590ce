/**
 * How an enquiry reaches the institute: an email to the staff inbox, and a signed
 * webhook for a CRM, a sheet or a chat bot. Each channel is on when its settings are.
 */
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import { courses } from '../../src/content/courses';
import { site } from '../../src/content/site';
import { ui } from '../../src/content/ui';
import { formatPhone } from '../../src/lib/format';
import type { ClassLevel } from '../../src/schema/enquiry';
import type { Config } from '../config';
import type { DeliveryChannel, EnquiriesTable } from '../db/schema';

export type Send = (enquiry: EnquiriesTable) => Promise<void>;

/** The header a webhook receiver checks: HMAC-SHA256 of the raw body with the shared secret. */
export const SIGNATURE_HEADER = 'x-enquiry-signature';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const courseName = (slug: string) => courses.find((c) => c.slug === slug)?.name ?? slug;
const classLabel = (level: string) => ui.form.classLevels[level as ClassLevel] ?? level;

export function emailText(e: EnquiriesTable): string {
  const lines: [string, string | null][] = [
    ['Enquiry by', e.enquirer === 'student' ? 'the student' : 'a parent or guardian'],
    ['Student', e.student_name],
    ['Phone', `${formatPhone(e.phone)}  (tel:${e.phone})`],
    ['Student is under 18', e.student_under_18 === 1 ? 'yes: call the parent or guardian below' : null],
    ['Parent or guardian', e.parent_name],
    ['Parent’s phone', e.parent_phone ? `${formatPhone(e.parent_phone)}  (tel:${e.parent_phone})` : null],
    ['Email', e.email],
    ['Class / status', classLabel(e.class_level)],
    ['Course', courseName(e.course)],
    ['City', e.city],
    ['Mode', e.mode],
    ['Centre', e.centre],
    ['Message', e.message],
    ['Consent to be contacted', e.consent ? 'Yes (call, SMS, WhatsApp)' : 'No'],
    ['Received', `${new Date(e.created_at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })} IST`],
    ['Reference', e.id],
  ];
  const body = lines
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  const callFirst = e.student_under_18 === 1 && e.parent_phone ? e.parent_phone : e.phone;
  return `New enquiry from the website. Please call back within one working day.\n\n${body}\n\nCall now: tel:${callFirst}\n`;
}

export function webhookBody(e: EnquiriesTable): string {
  return JSON.stringify({
    event: 'enquiry.created',
    id: e.id,
    receivedAt: e.created_at,
    enquiry: {
      studentName: e.student_name,
      phone: e.phone,
      email: e.email,
      classLevel: e.class_level,
      course: e.course,
      city: e.city,
      message: e.message,
      mode: e.mode,
      centre: e.centre,
      consent: e.consent === 1,
      consentNoticeVersion: e.consent_notice_version,
      enquirer: e.enquirer,
      studentUnder18: e.student_under_18 === null ? null : e.student_under_18 === 1,
      parentName: e.parent_name,
      parentPhone: e.parent_phone,
      source: e.source,
    },
  });
}

export const sign = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export function enabledChannels(config: Config): Map<DeliveryChannel, Send> {
  const channels = new Map<DeliveryChannel, Send>();

  if (config.SMTP_URL && config.ENQUIRY_NOTIFY_TO) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    const to = config.ENQUIRY_NOTIFY_TO;
    const from = config.ENQUIRY_NOTIFY_FROM ?? `${site.name} website <no-reply@${new URL(site.origin).hostname}>`;
    channels.set('email', async (e) => {
      await transport.sendMail({
        from,
        to,
        subject: `New enquiry: ${e.student_name}, ${courseName(e.course)} (${e.city})`,
        text: emailText(e),
        // The same enquiry sent twice (after a crash mid-send) carries the same Message-ID.
        messageId: `<enquiry-${e.id}@${new URL(site.origin).hostname}>`,
        headers: { 'X-Enquiry-Id': e.id },
        ...(e.email ? { replyTo: e.email } : {}),
      });
    });
  }

  if (config.ENQUIRY_WEBHOOK_URL) {
    const url = config.ENQUIRY_WEBHOOK_URL;
    const secret = config.ENQUIRY_WEBHOOK_SECRET;
    channels.set('webhook', async (e) => {
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
    });
  }

  return channels;
}
