import {
  devCheckoutCreateSchema,
  devCustomerCreateSchema,
  devListQuerySchema,
  devObjectParamsSchema,
  devPortalCreateSchema,
} from '@parlo/contract/dev-billing';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { DevBillingEngine, DevEvent } from './dev-billing-engine.ts';
import type { DevBillingStore } from './dev-billing-store.ts';
import { parseStripeForm } from './stripe-form.ts';

/** Stripe's error shape, which the SDK turns into its typed errors. */
function stripeError(reply: FastifyReply, status: number, message: string, code?: string) {
  return reply.code(status).send({
    error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) },
  });
}

/**
 * The subset of Stripe's API v1 that Parlo's server calls through the SDK: customers, Checkout
 * and Billing Portal sessions, subscriptions (read, cancel) and events (read, list, for replays).
 */
export const devBillingApi: FastifyPluginCallback<{
  engine: DevBillingEngine;
  store: DevBillingStore;
  secretKey: string;
}> = (app, { engine, store, secretKey }, done) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_request, body, done) => done(null, parseStripeForm(body as string)),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      await reply.code(401).send({
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
  });

  /** Parses with a contract schema, or answers Stripe's 400. */
  function parsed<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply) {
    const result = schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    void stripeError(
      reply,
      400,
      `Invalid ${issue?.path.join('.') ?? 'request'}: ${issue?.message}`,
    );
    return undefined;
  }
  const idOf = (request: { params: unknown }, reply: FastifyReply) =>
    parsed(devObjectParamsSchema, request.params, reply)?.id;
  const missing = (reply: FastifyReply, id: string) =>
    stripeError(reply, 404, `No such object: '${id}'`, 'resource_missing');

  app.post('/customers', { schema: { hide: true } }, async (request, reply) => {
    const body = parsed(devCustomerCreateSchema, request.body, reply);
    return body && engine.createCustomer(body);
  });

  app.post('/checkout/sessions', { schema: { hide: true } }, async (request, reply) => {
    const body = parsed(devCheckoutCreateSchema, request.body, reply);
    if (!body) return reply;
    const session = await engine.createCheckoutSession(body);
    return session ?? missing(reply, body.customer);
  });

  app.get('/checkout/sessions/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = idOf(request, reply);
    if (!id) return reply;
    return (await store.get('checkout.session', id)) ?? missing(reply, id);
  });

  app.post('/billing_portal/sessions', { schema: { hide: true } }, async (request, reply) => {
    const body = parsed(devPortalCreateSchema, request.body, reply);
    if (!body) return reply;
    return (await engine.createPortalSession(body)) ?? missing(reply, body.customer);
  });

  app.get('/subscriptions/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = idOf(request, reply);
    if (!id) return reply;
    return (await store.get('subscription', id)) ?? missing(reply, id);
  });

  app.delete('/subscriptions/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = idOf(request, reply);
    if (!id) return reply;
    return (await engine.cancelNow(id)) ?? missing(reply, id);
  });

  app.get('/events/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = idOf(request, reply);
    if (!id) return reply;
    return (await store.get('event', id)) ?? missing(reply, id);
  });

  app.get('/events', { schema: { hide: true } }, async (request, reply) => {
    const query = parsed(devListQuerySchema, request.query, reply);
    if (!query) return reply;
    const events = await store.list<DevEvent>('event', query.type ? 100 : query.limit);
    const data = (query.type ? events.filter((e) => e.type === query.type) : events).slice(
      0,
      query.limit,
    );
    return { object: 'list', data, has_more: false, url: '/v1/events' };
  });
  done();
};
