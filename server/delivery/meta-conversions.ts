/**
 * Meta's Conversions API: the same Lead the browser's pixel sends (src/lib/pixel.ts),
 * sent again from the server so that Meta still learns of it when the browser's copy is
 * blocked or lost. Meta pairs the two by event id (the enquiry's id) and counts one.
 *
 * Only for an enquiry whose visitor accepted the pixel, and never for a student under 18
 * (DPDP Act 2023, section 9(3)). The phone and email leave the server only as SHA-256
 * hashes of their normalised form, as Meta specifies; the page URL, the client's IP
 * address and browser, and Meta's own cookies (_fbp, _fbc) go as they are, because that
 * is what Meta matches a browser's event with. The route decides whether an enquiry
 * qualifies and records the request's context with its outbox row (metaEventContext);
 * the outbox sends the event (metaEventBody) and forgets the context once delivered.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import type { TrackingConsent } from '../../shared/tracking';
import { type Attribution } from '../../shared/schema/attribution';
import { cleanText } from '../../shared/schema/clean-text';
import { adsMayHearOf, type Enquiry } from '../../shared/schema/enquiry';
import type { EnquiryRow } from '../db/schema';

/** What the server knows of the browser that sent the enquiry, and Meta needs to match the event. */
export type MetaEventContext = {
  /** The page the form was sent from. */
  eventSourceUrl: string;
  clientIpAddress: string;
  clientUserAgent?: string;
  /** Meta's browser id (the pixel's _fbp cookie). */
  fbp?: string;
  /** Meta's click id: the pixel's _fbc cookie, or made from the visit's fbclid. */
  fbc?: string;
  /**
   * What the enquiry was: a call-back asked for (Lead, when not said) or a seat booked at the
   * scholarship test or a demo class (CompleteRegistration: server/routes/public/enquiries.ts).
   */
  eventName?: 'Lead' | 'CompleteRegistration';
};

/** The visitor's answer to the pixel, as the form sent it (src/lib/enquiry-api.ts); anything else is "not asked". */
export const trackingConsentOf = (body: object): TrackingConsent | null => {
  const sent = (body as { trackingConsent?: unknown }).trackingConsent;
  return sent === 'granted' || sent === 'denied' ? sent : null;
};

/** Whether Meta may hear of this enquiry or booking: the visitor accepted the pixel, and it is not a child's (adsMayHearOf). */
export const qualifiesForMeta = (
  enquiry: Pick<Enquiry, 'enquirer' | 'studentUnder18' | 'classLevel'>,
  consent: TrackingConsent | null,
  what: 'enquiry' | 'booking' = 'enquiry',
) => consent === 'granted' && adsMayHearOf(enquiry, what);

/** The same rule on a stored enquiry: whether its Lead qualified (what the visitor answered is stored with it). */
export const leadQualifiesForMeta = (
  row: Pick<EnquiryRow, 'enquirer' | 'student_under_18' | 'class_level' | 'tracking_consent'>,
) =>
  qualifiesForMeta(
    {
      enquirer: row.enquirer as Enquiry['enquirer'],
      studentUnder18: row.student_under_18 === 1,
      classLevel: (row.class_level ?? undefined) as Enquiry['classLevel'],
    },
    row.tracking_consent === 'granted' ? 'granted' : null,
  );

const FBP = /^fb\.[0-2]\.\d{10,13}\.\d{1,25}$/;
const FBC = /^fb\.[0-2]\.\d{10,13}\.[\w-]{1,500}$/;

/** Meta's click id made from a visit's fbclid, first seen at `at` (fb.1.<ms>.<fbclid>); undefined when it is not one. */
export const fbcOf = (fbclid: string, at: Date) => {
  const fbc = `fb.1.${at.getTime()}.${fbclid}`;
  return FBC.test(fbc) ? fbc : undefined;
};
const MAX_USER_AGENT = 512;

/**
 * The context of the request that sent the enquiry. The page URL is the page the form
 * was sent from (`formPage`: the same-site Referer), else the visit's landing page on this site.
 */
export function metaEventContext(
  request: FastifyRequest,
  formPage: URL | undefined,
  attribution: Attribution,
  now: Date,
  siteOrigin: string,
): MetaEventContext {
  // The page, without its query: a link's parameters (a click id, whatever a campaign put there) are not Meta's.
  const page = formPage ?? new URL(attribution.landingPage ?? '/', siteOrigin);
  const eventSourceUrl = `${page.origin}${page.pathname}`;
  const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
  const fbp = cookies._fbp && FBP.test(cookies._fbp) ? cookies._fbp : undefined;
  const madeFbc = attribution.fbclid ? fbcOf(attribution.fbclid, now) : undefined;
  const fbc = [cookies._fbc, madeFbc].find((value) => value && FBC.test(value));
  const userAgent = cleanText(request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT);
  return {
    eventSourceUrl,
    clientIpAddress: request.ip,
    ...(userAgent ? { clientUserAgent: userAgent } : {}),
    ...(fbp ? { fbp } : {}),
    ...(fbc ? { fbc } : {}),
  };
}

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
/** Meta's normal form of a phone number: digits only, with the country code (+91 98765 43210 → 919876543210). */
export const normalisedPhone = (phone: string) => phone.replace(/\D/g, '');
/** Meta's normal form of an email address: trimmed and lower-cased. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** Who the enquiry is about, as Meta matches people: the phone and (if given) the email, hashed. */
export const hashedContact = (enquiry: Pick<EnquiryRow, 'phone' | 'email'>) => ({
  ph: [sha256(normalisedPhone(enquiry.phone))],
  ...(enquiry.email ? { em: [sha256(normalisedEmail(enquiry.email))] } : {}),
});

/** The Lead's own event time: when the enquiry was received. */
export const leadEventTime = (enquiry: Pick<EnquiryRow, 'created_at'>) =>
  Math.floor(Date.parse(enquiry.created_at) / 1000);

/** The JSON body of one Lead (or CompleteRegistration) for the Conversions API (the access token travels in the URL, not here). */
export function metaEventBody(enquiry: EnquiryRow, context: MetaEventContext, testEventCode?: string): string {
  const userData = {
    ...hashedContact(enquiry),
    client_ip_address: context.clientIpAddress,
    ...(context.clientUserAgent ? { client_user_agent: context.clientUserAgent } : {}),
    ...(context.fbp ? { fbp: context.fbp } : {}),
    ...(context.fbc ? { fbc: context.fbc } : {}),
  };
  const event = {
    event_name: context.eventName ?? 'Lead',
    event_time: leadEventTime(enquiry),
    event_id: enquiry.id,
    action_source: 'website',
    event_source_url: context.eventSourceUrl,
    user_data: userData,
    custom_data: { content_name: enquiry.course },
  };
  return JSON.stringify({ data: [event], ...(testEventCode ? { test_event_code: testEventCode } : {}) });
}
