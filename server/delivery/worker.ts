/**
 * Sends what the outbox holds, inside the server process. Each pass claims due
 * deliveries (leased to this instance), sends them, and records the outcome: failures
 * are retried with exponential backoff and jitter up to a bounded number of attempts,
 * then stay visible as failed (npm run enquiries -- deliveries --failed).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveriesTable, DeliveryChannel, EnquiryRow } from '../db/schema';
import type { ClaimedDelivery, Outbox } from './outbox';

/**
 * Sends one enquiry by one channel (channels.ts makes them); `delivery` is its outbox row (with the
 * channel's context). Throws NothingToSend when there turned out to be nothing to send (a
 * registrant's email for a cancelled booking): the delivery is done all the same.
 */
export type Send = (enquiry: EnquiryRow, delivery: DeliveriesTable) => Promise<void>;

export type WorkerOptions = {
  outbox: Outbox;
  channels: Map<DeliveryChannel, Send>;
  log: FastifyBaseLogger;
  maxAttempts: number;
  retryBaseMs: number;
  leaseMs: number;
  pollMs: number;
  batchSize?: number;
};

const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * What a send throws when there turned out to be nothing to send (a registrant's email for a
 * booking cancelled meanwhile: registrant-emails.ts). Not a failure: the delivery is recorded as
 * delivered, with why in `last_error` ("not sent: …"), and never tried again.
 */
export class NothingToSend extends Error {
  override name = 'NothingToSend';
}

/** Delay before attempt n+1: base · 2^(n−1), capped at an hour, then 50–100 % of that at random. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export function createDeliveryWorker(options: WorkerOptions) {
  const { outbox, channels, log, maxAttempts, retryBaseMs, leaseMs, pollMs, batchSize = 10 } = options;
  const owner = randomUUID();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function deliver(delivery: ClaimedDelivery) {
    const send = channels.get(delivery.channel);
    try {
      if (!send) throw new Error(`channel ${delivery.channel} is not configured on this server`);
      let notSent: string | undefined;
      try {
        await send(delivery.enquiry, delivery);
      } catch (error) {
        if (!(error instanceof NothingToSend)) throw error;
        notSent = error.message;
      }
      const ids = { deliveryId: delivery.id, enquiryId: delivery.enquiry_id, channel: delivery.channel };
      if (await outbox.markDelivered(delivery.id, owner, new Date(), notSent)) {
        if (notSent) log.info({ ...ids, notSent }, 'delivery done: nothing to send');
        else log.info(ids, 'enquiry delivered');
      }
      // The send took longer than DELIVERY_LEASE_MS (a slow receiver, a stalled machine): another
      // instance may have taken the delivery over and send it again (at least once, not once).
      else log.warn({ ...ids, leaseMs }, 'enquiry delivered after its lease ran out: it may be sent again');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = delivery.attempts >= maxAttempts;
      const retryAt = final ? null : new Date(Date.now() + backoffMs(delivery.attempts, retryBaseMs));
      await outbox.markFailed(delivery.id, owner, message, retryAt).catch((e: unknown) => {
        log.error({ err: e, deliveryId: delivery.id }, 'could not record a failed delivery');
      });
      const level = final ? 'error' : 'warn';
      log[level](
        {
          deliveryId: delivery.id,
          enquiryId: delivery.enquiry_id,
          channel: delivery.channel,
          attempts: delivery.attempts,
          retryAt,
          err: message,
        },
        final ? 'delivery failed for good' : 'delivery failed, will retry',
      );
    }
  }

  /** Sends everything due now; resolves to how many deliveries it took. */
  async function runOnce(): Promise<number> {
    const batch = await outbox.claim(owner, batchSize, leaseMs);
    await Promise.all(batch.map(deliver));
    return batch.length;
  }

  async function run() {
    while (running) {
      let took = 0;
      try {
        took = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'delivery pass failed (database unavailable?)');
      }
      if (!running) break;
      if (took > 0) continue; // there may be more
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      wake = undefined;
    }
  }

  return {
    owner,
    runOnce,
    start() {
      if (running || channels.size === 0) return;
      running = true;
      // The lease owner names this instance's claims in the outbox (deliveries.lease_owner).
      log.info({ leaseOwner: owner, channels: [...channels.keys()] }, 'delivery worker started');
      loop = run();
    },
    /** Sends soon rather than at the next poll (after an enquiry is stored). */
    kick() {
      wake?.();
    },
    /** Stops taking new work and waits for the sends in flight. */
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
