import formbody from '@fastify/formbody';
import {
  devBillingPageParamsSchema,
  devCheckoutFormSchema,
  devPortalFormSchema,
} from '@parlo/contract/dev-billing';
import type { DevCheckoutCreate } from '@parlo/contract/dev-billing';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { devBillingApi } from './dev-billing-api.ts';
import { createDevDelivery } from './dev-billing-delivery.ts';
import { createDevBillingEngine, type DevSubscription } from './dev-billing-engine.ts';
import { renderCheckoutPage, renderPortalPage } from './dev-billing-pages.ts';
import { createDevBillingStore, type DevObject } from './dev-billing-store.ts';

export interface DevBillingOptions {
  db: Database;
  publicUrl: string;
  /** This instance's own address: the SDK calls it, and the webhooks go to it. */
  internalUrl: () => string;
  secretKey: string;
  webhookSecret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** `manual` keeps the events for GET /v1/events without delivering them (tests replay them). */
  delivery?: 'auto' | 'manual';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The development billing provider, when mounted: tests wait for its deliveries. */
    devBilling?: { idle(): Promise<void> };
  }
}

/**
 * The development billing provider (outside production, without Stripe keys): Stripe's API
 * subset at /v1, hosted Checkout and Portal pages at /dev-billing, and signed webhooks. Its state
 * lives in the database, so any instance behind the load balancer serves any page or call.
 */
const devBilling: FastifyPluginAsync<DevBillingOptions> = async (app, options) => {
  const store = createDevBillingStore(options.db);
  const delivery = createDevDelivery({
    webhookUrl: () => `${options.internalUrl()}/api/v1/billing/webhook`,
    secret: options.webhookSecret,
    now: options.now,
    log: options.log,
  });
  const engine = createDevBillingEngine({
    store,
    publicUrl: options.publicUrl,
    now: options.now,
    emit: (events) => {
      if (options.delivery !== 'manual') delivery.emit(events);
    },
  });
  app.decorate('devBilling', { idle: () => delivery.idle() });

  await app.register(devBillingApi, { prefix: '/v1', engine, store, secretKey: options.secretKey });

  await app.register(
    async (pages) => {
      await pages.register(formbody, { bodyLimit: 4096 });
      const r = pages.withTypeProvider<ZodTypeProvider>();
      const html = 'text/html; charset=utf-8';

      async function checkoutPage(id: string, error?: string) {
        const session = await store.get<DevObject>('checkout.session', id);
        if (!session || session.status !== 'open') return undefined;
        const customer = await store.get<DevObject>('customer', session.customer as string);
        const line = session.line_item as DevCheckoutCreate['line_items'][number];
        return renderCheckoutPage({
          amount: line.price_data.unit_amount,
          currency: line.price_data.currency,
          interval: line.price_data.recurring.interval,
          email: (customer?.email as string | null) ?? null,
          cancelUrl: session.cancel_url as string,
          ...(error ? { error } : {}),
        });
      }

      r.get(
        '/checkout/:id',
        { schema: { params: devBillingPageParamsSchema, hide: true } },
        async (request, reply) => {
          const body = await checkoutPage(request.params.id);
          if (!body) return reply.code(404).type(html).send('This checkout is over.');
          return reply.type(html).send(body);
        },
      );

      r.post(
        '/checkout/:id',
        { schema: { params: devBillingPageParamsSchema, body: devCheckoutFormSchema, hide: true } },
        async (request, reply) => {
          if (request.body.action === 'decline') {
            const body = await checkoutPage(request.params.id, 'Your card was declined.');
            if (!body) return reply.code(404).type(html).send('This checkout is over.');
            return reply.code(402).type(html).send(body);
          }
          const session = await engine.completeCheckout(request.params.id);
          if (!session) return reply.code(404).type(html).send('This checkout is over.');
          return reply.redirect(session.success_url as string, 303);
        },
      );

      async function portalOf(id: string) {
        const portal = await store.get<DevObject>('billing_portal.session', id);
        if (!portal) return undefined;
        const [subscription] = await store.list<DevSubscription>(
          'subscription',
          1,
          portal.customer as string,
        );
        return { portal, subscription };
      }

      r.get(
        '/portal/:id',
        { schema: { params: devBillingPageParamsSchema, hide: true } },
        async (request, reply) => {
          const found = await portalOf(request.params.id);
          if (!found) return reply.code(404).type(html).send('No such portal session.');
          return reply.type(html).send(
            renderPortalPage({
              subscription: found.subscription,
              returnUrl: (found.portal.return_url as string | null) ?? null,
            }),
          );
        },
      );

      r.post(
        '/portal/:id',
        { schema: { params: devBillingPageParamsSchema, body: devPortalFormSchema, hide: true } },
        async (request, reply) => {
          const found = await portalOf(request.params.id);
          if (!found?.subscription) return reply.code(404).type(html).send('No subscription.');
          await engine.portalAction(found.subscription.id, request.body.action);
          return reply.redirect(`/dev-billing/portal/${request.params.id}`, 303);
        },
      );
    },
    { prefix: '/dev-billing' },
  );
};

// Not encapsulated, so that `app.devBilling` reaches the root; its routes keep their own scopes.
export const devBillingRoutes = fp(devBilling, { name: 'parlo-dev-billing' });
