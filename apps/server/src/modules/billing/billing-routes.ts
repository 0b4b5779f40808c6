import {
  billingOverviewSchema,
  billingRedirectSchema,
  checkoutBodySchema,
} from '@parlo/contract/billing';
import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingService } from './billing-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** Stripe events can carry whole invoices; larger than the API's usual body limit. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** Where Stripe delivers events; it carries Stripe's signature, not the app's API key. */
const WEBHOOK_ROUTE = '/billing/webhook';
export const BILLING_WEBHOOK_PATH = `/api/v1${WEBHOOK_ROUTE}`;

/** Buying Premium through Stripe Checkout, managing it in the Billing Portal, and the webhook. */
const billingRoutes: FastifyPluginAsyncZod<{ billingService: BillingService }> = async (
  app,
  { billingService },
) => {
  app.get(
    '/billing',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'Premium prices in the configured currencies, and the paid subscription',
        security,
        response: { 200: billingOverviewSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => billingService.overview(request.user!.id),
  );

  app.post(
    '/billing/checkout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'Opens Stripe Checkout for Premium in a currency; answers the page to go to',
        security,
        body: checkoutBodySchema,
        response: { 201: billingRedirectSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await billingService.startCheckout(request.user!.id, request.body.currency)),
  );

  app.post(
    '/billing/portal',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: "Opens the Stripe Billing Portal of the user's subscription",
        security,
        response: { 201: billingRedirectSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await billingService.openPortal(request.user!.id)),
  );

  // The signature covers the exact bytes Stripe sent, so this route reads the body raw.
  await app.register((raw, _options, done) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    raw.post(
      WEBHOOK_ROUTE,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook endpoint (signed with Stripe-Signature; no API key)',
          headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
            503: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const outcome = await billingService.handleWebhook(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, duplicate: outcome === 'duplicate' };
      },
    );
    done();
  });
};

export default billingRoutes;
