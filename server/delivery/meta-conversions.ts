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
import { type Enquiry, needsParent } from '../../shared/schema/enquiry';
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
};

/** The visitor's answer to the pixel, as the form sent it (src/lib/enquiry-api.ts); anything else is "not asked". */
export const trackingConsentOf = (body: object): TrackingConsent | null => {
  const sent = (body as { trackingConsent?: unknown }).trackingConsent;
  return sent === 'granted' || sent === 'denied' ? sent : null;
};

/** Whether Meta may hear of this enquiry: the visitor accepted the pixel, and it is not about a child. */
export const qualifiesForMeta = (enquiry: Enquiry, consent: TrackingConsent | null) =>
  consent === 'granted' && !needsParent(enquiry);

const FBP = /^fb\.[0-2]\.\d{10,13}\.\d{1,25}$/;
const FBC = /^fb\.[0-2]\.\d{10,13}\.[\w-]{1,500}$/;
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
  const eventSourceUrl = formPage?.href ?? new URL(attribution.landingPage ?? '/', siteOrigin).href;
  const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
  const fbp = cookies._fbp && FBP.test(cookies._fbp) ? cookies._fbp : undefined;
  const madeFbc = attribution.fbclid ? `fb.1.${now.getTime()}.${attribution.fbclid}` : undefined;
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

/** The JSON body of one Lead for the Conversions API (the access token travels in the URL, not here). */
export function metaEventBody(enquiry: EnquiryRow, context: MetaEventContext, testEventCode?: string): string {
  const userData = {
    ph: [sha256(normalisedPhone(enquiry.phone))],
    ...(enquiry.email ? { em: [sha256(normalisedEmail(enquiry.email))] } : {}),
    client_ip_address: context.clientIpAddress,
    ...(context.clientUserAgent ? { client_user_agent: context.clientUserAgent } : {}),
    ...(context.fbp ? { fbp: context.fbp } : {}),
    ...(context.fbc ? { fbc: context.fbc } : {}),
  };
  const event = {
    event_name: 'Lead',
    event_time: Math.floor(Date.parse(enquiry.created_at) / 1000),
    event_id: enquiry.id,
    action_source: 'website',
    event_source_url: context.eventSourceUrl,
    user_data: userData,
    custom_data: { content_name: enquiry.course },
  };
  return JSON.stringify({ data: [event], ...(testEventCode ? { test_event_code: testEventCode } : {}) });
}
