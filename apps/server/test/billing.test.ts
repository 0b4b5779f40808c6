import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/admin/cli.ts';
import { billingSubscriptions } from '../src/db/tables/billing.ts';
import { RENEWAL_GRACE_MS } from '../src/modules/billing/entitlement.ts';
import { available, canPayForSession } from '../src/modules/tokens/token-rules.ts';
import { createTokensRepo } from '../src/modules/tokens/tokens-repo.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { useBillingApp } from './helpers/billing.ts';
import { drivers } from './helpers/test-app.ts';

const DAY = 86_400_000;
const feature = (plan: { features: { featureCode: string; value: number }[] }, code: string) =>
  plan.features.find((f) => f.featureCode === code)?.value;

describe.each(drivers)(
  'billing: buying Premium through the development provider (%s)',
  (driver) => {
    const ctx = useBillingApp(driver, 'auto');

    const subscriptionOf = async (userId: string) => {
      const [row] = await ctx
        .db()
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId));
      return row!;
    };
    const tokensNow = (userId: string) =>
      createTokensRepo(ctx.db()).tokenState(userId, ctx.clock.now());

    it('offers the configured prices in the suggested currency, and checkout only for them', async () => {
      const user = await ctx.account();
      const overview = (await ctx.call(user, 'GET', '/billing')).json<Record<string, unknown>>();
      expect(overview).toMatchObject({
        purchasable: true,
        development: true,
        currency: 'USD',
        subscription: null,
        manageable: false,
      });
      expect(overview.prices).toContainEqual({
        currency: 'JPY',
        unitAmount: 700,
        interval: 'month',
      });
      expect(
        (await ctx.call(user, 'POST', '/billing/checkout', { currency: 'GBP' })).statusCode,
      ).toBe(400);
      expect((await ctx.call(user, 'POST', '/billing/portal')).statusCode).toBe(404);
    });

    it('turns a paid checkout into Premium through signed webhooks: tokens unlimited, no ads', async () => {
      const user = await ctx.account();
      // Today's three free tokens are spent.
      await ctx
        .db()
        .execute(
          `insert into usages (user_id, feature_code, day, count) values ('${user}', 'tokens', '2025-06-20', 3)`,
        );
      expect(canPayForSession(await tokensNow(user))).toBe(false);

      const back = await ctx.buy(user, 'EUR');
      expect(back).toBe(`${ctx.t.config.PUBLIC_URL}/premium?checkout=success`);
      await ctx.idle();

      const plan = await ctx.planOf(user);
      expect(plan.plan.code).toBe('premium');
      expect(feature(plan.plan, 'ads')).toBe(0);
      // The allowance follows the plan at once: the user with no tokens left can start a session.
      expect(canPayForSession(await tokensNow(user))).toBe(true);
      expect(available(await tokensNow(user))).toBeGreaterThan(100);
      const paid = await subscriptionOf(user);
      expect(paid).toMatchObject({ status: 'active', currency: 'EUR', cancelAt: null });
      // A month paid; Premium lasts to its end, plus the grace for collecting the renewal.
      expect(paid.currentPeriodEnd.toISOString()).toBe('2025-07-20T12:00:00.000Z');
      expect(plan.endsAt).toBe(
        new Date(paid.currentPeriodEnd.getTime() + RENEWAL_GRACE_MS).toISOString(),
      );
      const overview = (await ctx.call(user, 'GET', '/billing')).json<Record<string, unknown>>();
      expect(overview).toMatchObject({
        subscription: {
          state: 'active',
          currency: 'EUR',
          currentPeriodEnd: '2025-07-20T12:00:00.000Z',
        },
        manageable: true,
      });
      // A second purchase is refused while Premium lasts.
      expect(
        (await ctx.call(user, 'POST', '/billing/checkout', { currency: 'EUR' })).statusCode,
      ).toBe(409);
    });

    /** A user who bought Premium, with the portal's address and the Stripe subscription id. */
    async function premiumUser() {
      const user = await ctx.account();
      await ctx.buy(user);
      await ctx.idle();
      expect((await ctx.planOf(user)).plan.code).toBe('premium');
      return {
        user,
        portal: await ctx.openPortal(user),
        subscriptionId: (await subscriptionOf(user)).id,
      };
    }

    it('keeps Premium until the period ends after a cancellation in the portal', async () => {
      const { user, portal, subscriptionId } = await premiumUser();
      expect((await ctx.submit(portal, 'cancel')).statusCode).toBe(303);
      await ctx.idle();
      const paid = await subscriptionOf(user);
      expect(paid.cancelAt?.toISOString()).toBe('2025-07-20T12:00:00.000Z');
      const plan = await ctx.planOf(user);
      expect(plan.plan.code).toBe('premium');
      // No grace once it will not renew: Premium ends with the paid period.
      expect(plan.endsAt).toBe('2025-07-20T12:00:00.000Z');
      expect((await ctx.call(user, 'GET', '/billing')).json()).toMatchObject({
        subscription: { state: 'cancelling' },
      });

      ctx.clock.advance(29 * DAY);
      expect((await ctx.planOf(user)).plan.code).toBe('premium');
      ctx.clock.advance(DAY);
      expect((await ctx.planOf(user)).plan.code).toBe('free');
      // Stripe then deletes the subscription; the plan stays free.
      expect((await ctx.submit(portal, 'advance')).statusCode).toBe(303);
      await ctx.idle();
      expect((await ctx.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
      expect((await ctx.planOf(user)).plan.code).toBe('free');
      expect((await subscriptionOf(user)).status).toBe('canceled');
      ctx.clock.advance(-30 * DAY);
    });

    it('renews when the renewal is paid, and ends Premium at once when it fails', async () => {
      const { user, portal } = await premiumUser();
      await ctx.submit(portal, 'advance');
      await ctx.idle();
      expect((await subscriptionOf(user)).currentPeriodEnd.toISOString()).toBe(
        '2025-08-20T12:00:00.000Z',
      );
      expect((await ctx.planOf(user)).endsAt).toBe(
        new Date(Date.parse('2025-08-20T12:00:00.000Z') + RENEWAL_GRACE_MS).toISOString(),
      );

      await ctx.submit(portal, 'advance_decline');
      await ctx.idle();
      expect((await subscriptionOf(user)).status).toBe('past_due');
      const plan = await ctx.planOf(user);
      expect(plan.plan.code).toBe('free');
      expect(feature(plan.plan, 'tokens')).toBe(3);
      expect(feature(plan.plan, 'ads')).toBe(1);
      expect((await ctx.call(user, 'GET', '/billing')).json()).toMatchObject({
        subscription: { state: 'past_due' },
      });

      // Stripe's retry succeeds: Premium is back.
      await ctx.submit(portal, 'advance');
      await ctx.idle();
      expect((await ctx.planOf(user)).plan.code).toBe('premium');
    });

    it('ends Premium and cancels the subscription when the payment is refunded in full', async () => {
      const { user, portal, subscriptionId } = await premiumUser();
      await ctx.submit(portal, 'refund');
      await ctx.idle();
      expect((await ctx.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
      expect((await ctx.planOf(user)).plan.code).toBe('free');
      expect((await subscriptionOf(user)).status).toBe('canceled');
    });

    it('leaves a plan paid through Stripe to Stripe: grant-premium neither extends nor replaces it', async () => {
      const { user } = await premiumUser();
      const before = await ctx.planOf(user);
      const [row] = await ctx
        .planRows(user)
        .then((rows) => rows.filter((r) => r.status === 'active'));
      const { username } = (await ctx.call(user, 'GET', '/users/me')).json<{ username: string }>();
      const result = await runAdminCli(['grant-premium', username, '30'], {
        db: ctx.db(),
        clock: ctx.clock,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Stripe subscription ${row!.billingSubscriptionId}`);
      expect(await ctx.planOf(user)).toEqual(before);
    });

    it('cancels the subscription at Stripe when the account is deleted', async () => {
      const { user, subscriptionId } = await premiumUser();
      expect((await ctx.call(user, 'DELETE', '/users/me')).statusCode).toBe(204);
      expect((await ctx.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
      await ctx.idle();
      expect((await subscriptionOf(user)).status).toBe('canceled');
    });
  },
);

describe('billing without Stripe keys in production', () => {
  const ctx = useClockedApp('pglite', {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://parlo.example',
  });

  it('offers no purchase, mounts no development provider, and refuses checkout and webhooks', async () => {
    const user = await ctx.account();
    expect((await ctx.call(user.id, 'GET', '/billing')).json()).toEqual({
      purchasable: false,
      development: false,
      prices: [],
      currency: null,
      subscription: null,
      manageable: false,
    });
    const checkout = await ctx.call(user.id, 'POST', '/billing/checkout', { currency: 'EUR' });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.json()).toMatchObject({ code: 'billing_unavailable' });
    const webhook = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
    const stripeApi = await ctx.t.app.inject({ method: 'POST', url: '/v1/customers' });
    expect(stripeApi.statusCode).not.toBe(200);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/dev-billing/portal/bps_12345678' }))
        .statusCode,
    ).toBe(404);
  });
});
