import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEV_STRIPE_SECRET_KEY } from '../../src/config/env.ts';
import { billingEvents } from '../../src/db/tables/billing.ts';
import { subscriptions } from '../../src/db/tables/tokens.ts';
import { createAccessTokens } from '../../src/modules/auth/access-tokens.ts';
import { createAuthRepo } from '../../src/modules/auth/auth-repo.ts';
import { signStripePayload } from '../../src/modules/billing/stripe-client.ts';
import { apiHeaders } from './oauth.ts';
import { buildTestApp, manualClock, type Driver, type TestApp } from './test-app.ts';

/**
 * A listening test app with the development billing provider, on a hand-moved clock. The SDK
 * makes real HTTP calls, so the app listens on a free loopback port; pages and the API are
 * reached with `inject`, as a browser and the web app would reach them.
 */
export function useBillingApp(driver: Driver, delivery: 'auto' | 'manual') {
  const clock = manualClock();
  const state = { t: undefined as unknown as TestApp, stripe: undefined as unknown as Stripe };
  beforeAll(async () => {
    state.t = await buildTestApp(driver, { clock, devBillingDelivery: delivery });
    await state.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = state.t.app.server.address() as AddressInfo;
    state.stripe = new Stripe(DEV_STRIPE_SECRET_KEY, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => state.t.close());

  const db = () => state.t.database.db;

  async function account() {
    const subject = randomBytes(6).toString('hex');
    const created = await createAuthRepo(db()).createAccount({
      provider: 'google',
      providerSubject: subject,
      username: `${subject}@example.com`,
      email: `${subject}@example.com`,
      emailVerified: true,
      referralId: subject.toUpperCase(),
      referralCode: null,
      now: clock.now(),
    });
    if (!created) throw new Error('referral id clash');
    return created.id;
  }

  async function call(
    userId: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    const tokens = createAccessTokens({
      secret: state.t.config.JWT_SECRET,
      issuer: state.t.config.PUBLIC_URL,
      now: () => clock.now().getTime(),
    });
    const { accessToken } = await tokens.issue(userId, randomUUID());
    return state.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
      ...(payload ? { payload } : {}),
    });
  }

  /** Posts a form to a hosted page, as the browser does; answers the response. */
  const submit = (url: string, action: string) =>
    state.t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });

  /** Checkout → the hosted page's Subscribe button; answers the page's redirect. */
  async function buy(userId: string, currency = 'EUR') {
    const checkout = await call(userId, 'POST', '/billing/checkout', { currency });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { url } = checkout.json<{ url: string }>();
    const paid = await submit(url, 'pay');
    expect(paid.statusCode, paid.body).toBe(303);
    return paid.headers.location;
  }

  async function openPortal(userId: string) {
    const portal = await call(userId, 'POST', '/billing/portal');
    expect(portal.statusCode, portal.body).toBe(201);
    return portal.json<{ url: string }>().url;
  }

  /** Posts an event to the webhook, signed as Stripe signs it (or with another secret). */
  function deliver(event: Stripe.Event, secret = webhookSecret(), signedAt = clock.now()) {
    const payload = JSON.stringify(event);
    return state.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(payload, secret, signedAt),
      },
      payload,
    });
  }

  function webhookSecret() {
    const billing = state.t.config.BILLING;
    if (!billing) throw new Error('billing is off');
    return billing.webhookSecret;
  }

  /** The provider's events of the customer's subscription, oldest first. */
  async function eventsOf(subscriptionId: string) {
    const list = await state.stripe.events.list({ limit: 100 });
    const about = (event: Stripe.Event) =>
      JSON.stringify(event.data.object).includes(subscriptionId);
    return list.data.filter(about).reverse();
  }

  const planOf = async (userId: string) =>
    (await call(userId, 'GET', '/subscriptions/user/active')).json<{
      endsAt: string | null;
      plan: { code: string; features: { featureCode: string; value: number }[] };
    }>();

  const planRows = (userId: string) =>
    db().select().from(subscriptions).where(eq(subscriptions.userId, userId));

  const storedEvents = () => db().select().from(billingEvents);

  return {
    clock,
    get t() {
      return state.t;
    },
    get stripe() {
      return state.stripe;
    },
    db,
    account,
    call,
    submit,
    buy,
    openPortal,
    deliver,
    webhookSecret,
    eventsOf,
    planOf,
    planRows,
    storedEvents,
    idle: () => state.t.app.devBilling!.idle(),
  };
}
