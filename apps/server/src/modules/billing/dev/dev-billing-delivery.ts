import type { FastifyBaseLogger } from 'fastify';
import { signStripePayload } from '../stripe-client.ts';
import type { DevEvent } from './dev-billing-engine.ts';

const RETRY_DELAYS_MS = [250, 1000, 3000];

/**
 * Sends events to Parlo's webhook endpoint as Stripe does: a JSON POST signed with Stripe's
 * scheme, retried when the endpoint does not answer 2xx. One queue per instance keeps the
 * events of one change in order; Stripe itself promises no order, and Parlo does not rely on one.
 */
export function createDevDelivery(deps: {
  webhookUrl: () => string;
  secret: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  let queue: Promise<void> = Promise.resolve();

  async function send(event: DevEvent) {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(deps.webhookUrl(), {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signStripePayload(payload, deps.secret, deps.now()),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(20_000),
        });
        if (response.ok) return;
        deps.log.warn(
          { eventId: event.id, status: response.status },
          'dev billing: webhook refused',
        );
      } catch (error) {
        deps.log.warn({ err: error, eventId: event.id }, 'dev billing: webhook unreachable');
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  return {
    emit(events: DevEvent[]) {
      for (const event of events) queue = queue.then(() => send(event));
    },
    /** Resolves once every event emitted so far was delivered (or given up). */
    idle: () => queue,
  };
}
