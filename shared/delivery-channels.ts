/**
 * The outbox's channels, one record each: what the desk calls it, when a delivery of it is
 * queued, and whether it takes a family's enquiry out of the institute. The server's sender for
 * each, and the settings that turn it on, are in server/delivery/channels.ts (a channel listed
 * here without a sender there does not compile).
 *
 * When a delivery is queued (`queued`):
 * - 'enquiry': in the transaction that stores an enquiry (server/db/enquiry-repository.ts);
 * - 'owner': to the member a lead is given to, when it is given (server/db/notifications-repository.ts);
 * - 'stage': when the desk records a stage of the lead that Meta hears of (server/delivery/meta-stages.ts);
 * - 'registration': with a seat booked at an event (server/db/registration-repository.ts).
 */
export type ChannelRecord = {
  label: string;
  queued: 'enquiry' | 'owner' | 'stage' | 'registration';
  /**
   * It sends the family's enquiry outside the institute (a CRM, Meta): never for an enquiry held
   * beside a family's record, nor for a child's own whose parent's number is not proved.
   */
  leavesTheInstitute?: true;
};

export const deliveryChannels = {
  /** The staff inbox's email. */
  email: { label: 'Email', queued: 'enquiry' },
  /** A signed POST for a CRM, a sheet or a chat bot. */
  webhook: { label: 'Webhook', queued: 'enquiry', leavesTheInstitute: true },
  /** A consenting adult's Lead to Meta's Conversions API. */
  meta: { label: 'Meta Conversions API', queued: 'enquiry', leavesTheInstitute: true },
  /** The Lead's later stages, each under its own name. */
  'meta-schedule': { label: 'Meta: visit booked', queued: 'stage' },
  'meta-purchase': { label: 'Meta: enrolled', queued: 'stage' },
  /** The counsellor a lead is given to: by email, and on their devices. */
  assignee: { label: 'Email to the counsellor', queued: 'owner' },
  push: { label: 'Push to the counsellor’s phone', queued: 'owner' },
  /** A registrant's admit card when the seat is booked, and a reminder the day before. */
  'admit-card': { label: 'Admit card to the family', queued: 'registration' },
  'event-reminder': { label: 'Reminder to the family', queued: 'registration' },
} as const satisfies Record<string, ChannelRecord>;

export type DeliveryChannel = keyof typeof deliveryChannels;

export const channelNames = Object.keys(deliveryChannels) as DeliveryChannel[];

/** The channels queued at that moment, as a type ('registration': 'admit-card' | 'event-reminder'). */
export type QueuedWith<Q extends ChannelRecord['queued']> = {
  [C in DeliveryChannel]: (typeof deliveryChannels)[C]['queued'] extends Q ? C : never;
}[DeliveryChannel];

const recordOf = (channel: DeliveryChannel): ChannelRecord => deliveryChannels[channel];

/** Those of `channels` (every channel by default) queued at that moment. */
export const queuedWith = <Q extends ChannelRecord['queued']>(
  queued: Q,
  channels: readonly DeliveryChannel[] = channelNames,
): QueuedWith<Q>[] => channels.filter((channel): channel is QueuedWith<Q> => recordOf(channel).queued === queued);

export const leavesTheInstitute = (channel: DeliveryChannel) => recordOf(channel).leavesTheInstitute === true;

/** The desk's name for a channel (one the registry no longer has: its stored name). */
export const deliveryChannelLabel = (channel: string) =>
  channel in deliveryChannels ? recordOf(channel as DeliveryChannel).label : channel;
