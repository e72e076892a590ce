/**
 * A lead reaching a stage the ads hear of (server/delivery/meta-stages.ts), recorded inside the
 * status change's own transaction: its conversion_events row, once per lead and stage, and with
 * it the outbox row that tells Meta. Both commit with the change or not at all; a second change
 * to the same stage (the status going back and forth, two counsellors, two instances) finds the
 * row there and queues nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { FeeOf } from '../content/course-fees';
import { leadQualifiesForMeta } from '../delivery/meta-conversions';
import { FEE_CURRENCY, isMetaStage, type MetaStageContext, metaStages } from '../delivery/meta-stages';
import { readSetting } from './desk-settings-repository';
import type { Database, DeliveryChannel, EnquiryRow } from './schema';

/** What the status change needs to tell the ads: the channels this server sends by, and the fees. */
export type StageTelling = { channels: readonly DeliveryChannel[]; feeOf: FeeOf };

/**
 * Records that `row` (as the change left it) reached its status, if that is a stage Meta hears
 * of, its channel is on and its Lead qualified. `leadKey` is whose lead it is (leadKeyOf).
 * Resolves to whether an event was queued.
 */
export async function recordStage(
  trx: Transaction<Database>,
  row: EnquiryRow,
  leadKey: string,
  { channels, feeOf }: StageTelling,
  now: Date,
  /** Not sent before then: a call's outcome may be undone until its window passes (shared/call-outcomes.ts UNDO_SECONDS). */
  sendAfter: Date = now,
): Promise<boolean> {
  const stage = row.status;
  if (!isMetaStage(stage)) return false;
  const { channel } = metaStages[stage];
  if (!channels.includes(channel) || !leadQualifiesForMeta(row)) return false;
  // With enquiries' numbers proved by a code (the admins' setting), the ads hear of proved leads only.
  if (!row.number_proved_at && (await readSetting(trx, 'verification')).enquiries) return false;

  const at = now.toISOString();
  const recorded = await trx
    .insertInto('conversion_events')
    .values({ lead_key: leadKey, stage, enquiry_id: row.id, at })
    .onConflict((conflict) => conflict.columns(['lead_key', 'stage']).doNothing())
    .executeTakeFirst();
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return false;

  const fee = stage === 'enrolled' ? feeOf(row.course) : undefined;
  // The Lead Meta received: the family's first enquiry that went to Meta (none: this one's is named).
  const lead = await trx
    .selectFrom('deliveries')
    .innerJoin('enquiries', 'enquiries.id', 'deliveries.enquiry_id')
    .select(['enquiries.id', 'enquiries.created_at', 'enquiries.fbclid'])
    .where('deliveries.channel', '=', 'meta')
    .where('enquiries.family_id', '=', row.family_id)
    .orderBy('enquiries.created_at')
    .limit(1)
    .executeTakeFirst();
  const context: MetaStageContext = {
    at,
    ...(fee === undefined ? {} : { value: fee, currency: FEE_CURRENCY }),
    ...(lead ? { lead } : {}),
  };
  await trx
    .insertInto('deliveries')
    .values({
      id: randomUUID(),
      enquiry_id: row.id,
      channel,
      status: 'pending',
      attempts: 0,
      next_attempt_at: sendAfter.toISOString(),
      created_at: at,
      context: JSON.stringify(context),
    })
    // One row per enquiry and channel: the lead's key above already said this is the first.
    .onConflict((conflict) =>
      conflict.columns(['enquiry_id', 'channel']).where('registration_id', 'is', null).doNothing(),
    )
    .execute();
  return true;
}
