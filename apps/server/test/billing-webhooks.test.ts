import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signStripePayload } from '../src/modules/billing/stripe-client.ts';
import { useBillingApp } from './helpers/billing.ts';
import { drivers } from './helpers/test-app.ts';

/**
 * The webhook with the development provider's deliveries held back: each test delivers the
 * provider's real events itself, forged, twice, or in another order.
 */
describe.each(drivers)('billing webhook: signatures, replays and order (%s)', (driver) => {
  const ctx = useBillingApp(driver, 'manual');

  /** Buys Premium without delivering anything; answers the subscription's events, oldest first. */
  async function boughtSilently() {
    const user = await ctx.account();
    await ctx.buy(user);
    const [created] = await ctx.stripe.events
      .list({ limit: 1, type: 'checkout.session.completed' })
      .then((l) => l.data);
    const session = created!.data.object as Stripe.Checkout.Session;
    const subscriptionId = session.subscription as string;
    return { user, subscriptionId, events: await ctx.eventsOf(subscriptionId) };
  }
  const ofType = (events: Stripe.Event[], type: string) => events.find((e) => e.type === type)!;

  it('refuses a forged, altered, unsigned or stale delivery with 400 and changes nothing', async () => {
    const { user, events } = await boughtSilently();
    const paid = ofType(events, 'invoice.paid');
    const before = await ctx.storedEvents();

    const forged = await ctx.deliver(paid, 'whsec_notthesecretstripegaveus');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      code: 'invalid_signature',
      message: 'Stripe-Signature does not verify',
    });

    const payload = JSON.stringify(paid);
    const header = signStripePayload(payload, ctx.webhookSecret(), ctx.clock.now());
    expect((await ctx.deliver(paid)).statusCode).toBe(200);
    // The same signature over a changed body, and no signature at all.
    const altered = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('"invoice.paid"', '"invoice.paid" '),
    });
    expect(altered.statusCode).toBe(400);
    const unsigned = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);

    // Signed correctly but 10 minutes ago: outside the tolerance, as a replay would be.
    const other = await boughtSilently();
    const stale = await ctx.deliver(
      ofType(other.events, 'invoice.paid'),
      ctx.webhookSecret(),
      new Date(ctx.clock.now().getTime() - 10 * 60_000),
    );
    expect(stale.statusCode).toBe(400);
    expect((await ctx.planOf(other.user)).plan.code).toBe('free');
    expect((await ctx.planRows(other.user)).length).toBe(1);
    expect((await ctx.storedEvents()).length).toBe(before.length + 1);
    expect((await ctx.planOf(user)).plan.code).toBe('premium');
  });

  it('changes the plan once for the same event delivered twice, even at the same moment', async () => {
    const { user, events } = await boughtSilently();
    const completed = ofType(events, 'checkout.session.completed');
    const [first, second] = await Promise.all([ctx.deliver(completed), ctx.deliver(completed)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const duplicates = [first, second].map((r) => r.json<{ duplicate: boolean }>().duplicate);
    expect(duplicates.sort()).toEqual([false, true]);
    const replay = await ctx.deliver(completed);
    expect(replay.json()).toEqual({ received: true, duplicate: true });

    expect((await ctx.planOf(user)).plan.code).toBe('premium');
    const rows = await ctx.planRows(user);
    // The free plan it started with, and one premium plan.
    expect(rows.map((row) => [row.planCode, row.status]).sort()).toEqual([
      ['free', 'cancelled'],
      ['premium', 'active'],
    ]);
    const stored = (await ctx.storedEvents()).filter((event) => event.id === completed.id);
    expect(stored).toHaveLength(1);
  });

  it('grants Premium from whichever event comes first, and later old events change nothing', async () => {
    const { user, events } = await boughtSilently();
    const response = await ctx.deliver(ofType(events, 'invoice.paid'));
    expect(response.statusCode).toBe(200);
    const plan = await ctx.planOf(user);
    expect(plan.plan.code).toBe('premium');
    for (const event of [...events].reverse())
      expect((await ctx.deliver(event)).statusCode).toBe(200);
    expect(await ctx.planOf(user)).toEqual(plan);
    expect((await ctx.planRows(user)).length).toBe(2);
  });

  it('ends in the state Stripe holds when a cancellation arrives before the purchase', async () => {
    const { user, subscriptionId } = await boughtSilently();
    const portal = await ctx.openPortal(user);
    await ctx.submit(portal, 'cancel');
    await ctx.submit(portal, 'advance');
    const events = await ctx.eventsOf(subscriptionId);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    // Newest first: the deletion, then the cancellation, then the purchase's events.
    for (const event of [...events].reverse())
      expect((await ctx.deliver(event)).statusCode).toBe(200);
    expect((await ctx.planOf(user)).plan.code).toBe('free');
    expect((await ctx.planRows(user)).length).toBe(1);
    expect((await ctx.call(user, 'GET', '/billing')).json()).toMatchObject({
      subscription: { state: 'ended' },
    });
  });

  it('answers a payment failure that arrives before the purchase with no Premium', async () => {
    const { user, subscriptionId } = await boughtSilently();
    await ctx.submit(await ctx.openPortal(user), 'advance_decline');
    const events = await ctx.eventsOf(subscriptionId);
    const failed = ofType(events, 'invoice.payment_failed');
    expect((await ctx.deliver(failed)).statusCode).toBe(200);
    expect((await ctx.planOf(user)).plan.code).toBe('free');
    for (const event of events) await ctx.deliver(event);
    expect((await ctx.planOf(user)).plan.code).toBe('free');
    expect((await ctx.call(user, 'GET', '/billing')).json()).toMatchObject({
      subscription: { state: 'past_due' },
    });
  });
});
