/**
 * The ads told what happened next: when a counsellor marks a lead's visit booked, or its
 * student enrolled (the desk's status: server/db/enquiry-work-repository.ts), Meta hears of it
 * through the Conversions API, so the campaigns can be judged (and optimised) by admissions,
 * not only by enquiries. Once per stage per lead (conversion_events, migration 017), through
 * the outbox with its retries like the Lead, and only for a lead whose Lead qualified: the
 * visitor accepted the pixel and it is not about a student under 18 (leadQualifiesForMeta).
 *
 * What is sent, and why (Meta's documentation as read on 2026-11-24):
 * - Meta's standard events, not the CRM integration's stage names. "Conversions API for CRM"
 *   (https://developers.facebook.com/documentation/ads-commerce/conversions-api/conversion-leads-integration/payload-specification)
 *   is "for the Conversion Leads optimization only", which "only supports native Lead Ads
 *   (Instant Forms)": it matches each stage by `lead_id`, the 15–16 digit id Meta gives a lead
 *   taken in its own form ("use a valid lead_id or else the system will reject the event"), and
 *   asks for `action_source: 'system_generated'`, `custom_data.lead_event_source` and
 *   `custom_data.event_source: 'crm'`. Our leads come from our own form on our website: there is
 *   no Meta lead id, and that specification warns against use outside its optimisation. So a
 *   booked visit is `Schedule` ("when a person books an appointment to visit one of your
 *   locations") and an enrolment `Purchase`, with the `value` and `currency` Purchase requires
 *   (https://developers.facebook.com/docs/meta-pixel/reference): the course's fee, in INR.
 * - `action_source` must be "accurate to the best of your knowledge"
 *   (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/): a visit is
 *   booked by a counsellor on a call (`phone_call`), a student is enrolled in person at the
 *   institute (`physical_store`). Neither is a website event, which needs only action_source:
 *   no page URL, and no browser's IP or user agent (the Lead's are forgotten once it is delivered).
 * - Paired with the Lead by what Meta matches people with: the same hashed phone and email as the
 *   Lead, and Meta's click id `fbc` made again from the Lead's visit's fbclid, stamped with the time
 *   its enquiry came (the Lead's was made then too); and `original_event_data` naming the Lead (its
 *   event name, time and event id: the id of the family's enquiry whose Lead was sent, LeadSent),
 *   Meta's "original event information you want to associate" (https://developers.facebook.com/documentation/ads-commerce/conversions-api/parameters/original-event).
 *   Each stage has its own event_id (<enquiry id>.<event name>), the same on every retry.
 */
import type { EnquiryStatus } from '../../shared/schema/desk-vocabulary';
import type { QueuedWith } from '../../shared/delivery-channels';
import type { EnquiryRow } from '../db/schema';
import { fbcOf, hashedContact, leadEventTime } from './meta-conversions';

type MetaStage = { channel: QueuedWith<'stage'>; eventName: string; actionSource: string };

/** The statuses Meta hears of, each as its event, through its own outbox channel (one row per enquiry and channel). */
export const metaStages = {
  'visit-booked': { channel: 'meta-schedule', eventName: 'Schedule', actionSource: 'phone_call' },
  enrolled: { channel: 'meta-purchase', eventName: 'Purchase', actionSource: 'physical_store' },
} as const satisfies Partial<Record<EnquiryStatus, MetaStage>>;

export type MetaStageStatus = keyof typeof metaStages;
export const isMetaStage = (status: string): status is MetaStageStatus => Object.hasOwn(metaStages, status);

/**
 * Whose lead an enquiry is: a stage is told once per lead, whichever of its enquiries reaches it.
 * The family (every enquiry from its numbers is one lead: migrations/015-families-and-assignment.ts).
 */
export const leadKeyOf = (row: Pick<EnquiryRow, 'family_id'>) => row.family_id;

/** The INR currency of every fee (src/content: rupees, GST included). */
export const FEE_CURRENCY = 'INR';

/**
 * The Lead Meta received for this lead: the family's enquiry whose Lead went out (a family that
 * asks again is not told twice, so it may be an earlier enquiry than the one the desk changed).
 */
export type LeadSent = Pick<EnquiryRow, 'id' | 'created_at' | 'fbclid'>;

/** What the outbox row keeps for the event: when the stage was reached, what it was worth, and its Lead. */
export type MetaStageContext = { at: string; value?: number; currency?: string; lead?: LeadSent };

/** The JSON body of one stage event for the Conversions API (the access token travels in the URL). */
export function metaStageEventBody(
  enquiry: EnquiryRow,
  stage: MetaStageStatus,
  context: MetaStageContext,
  testEventCode?: string,
): string {
  const { eventName, actionSource } = metaStages[stage];
  const lead = context.lead ?? enquiry;
  const fbc = lead.fbclid ? fbcOf(lead.fbclid, new Date(lead.created_at)) : undefined;
  const event = {
    event_name: eventName,
    event_time: Math.floor(Date.parse(context.at) / 1000),
    event_id: `${enquiry.id}.${eventName}`,
    action_source: actionSource,
    user_data: { ...hashedContact(enquiry), ...(fbc ? { fbc } : {}) },
    custom_data: {
      content_name: enquiry.course,
      ...(context.value === undefined ? {} : { value: context.value, currency: context.currency ?? FEE_CURRENCY }),
    },
    original_event_data: { event_name: 'Lead', event_time: leadEventTime(lead), event_id: lead.id },
  };
  return JSON.stringify({ data: [event], ...(testEventCode ? { test_event_code: testEventCode } : {}) });
}
