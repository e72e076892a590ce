/**
 * The delivery worker: sends what the outbox holds through the configured channels
 * (delivery/worker.ts), and the one-time codes the provider did not take at once
 * (phone-codes.ts retryUnsent). Started once the app is ready (unless the caller turns it
 * off: tests that drive it by hand), stopped on close after the sends in flight finish.
 * `app.delivery` names the channels and wakes the worker for a new or retried enquiry.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DeliveryChannel } from '../db/schema';
import { enabledChannels } from '../delivery/channels';
import { createDeliveryWorker } from '../delivery/worker';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: {
      /** The channels enquiries are sent through (none: they are only stored). */
      channels: DeliveryChannel[];
      /** Send what is waiting now, rather than at the next poll. */
      kick: () => void;
    };
  }
}

/** How often an instance looks for one-time codes to send again. */
const CODE_RESEND_POLL_MS = 2000;

async function deliveryWorker(app: FastifyInstance, { run = true }: { run?: boolean }) {
  const { config } = app;
  const { registrations, eventSessions, registrationLinks: links, webPush, pushes } = app.repositories;
  const channels = enabledChannels(config, { registrations, eventSessions, links }, { webPush, pushes });
  const worker = createDeliveryWorker({
    outbox: app.repositories.outbox,
    channels,
    log: app.log,
    maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
    retryBaseMs: config.DELIVERY_RETRY_BASE_MS,
    leaseMs: config.DELIVERY_LEASE_MS,
    pollMs: config.DELIVERY_POLL_MS,
  });
  if ([...channels.keys()].every((channel) => channel === 'push')) {
    app.log.warn(
      'No delivery channel is configured (SMTP_URL + ENQUIRY_NOTIFY_TO, or ENQUIRY_WEBHOOK_URL): enquiries are only stored.',
    );
  }
  app.decorate('delivery', { channels: [...channels.keys()], kick: () => worker.kick() });
  if (run) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  // Codes the provider did not take at once are sent again, by whichever instance comes first.
  if (run) {
    const { phoneCodes } = app.repositories;
    let resending: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      resending = setInterval(() => {
        phoneCodes.retryUnsent().catch((error: unknown) => app.log.error({ err: error }, 'sending codes again failed'));
      }, CODE_RESEND_POLL_MS);
      resending.unref();
    });
    app.addHook('onClose', async () => clearInterval(resending));
  }
}

export default fp(deliveryWorker, { name: 'delivery-worker', dependencies: ['settings', 'database'] });
