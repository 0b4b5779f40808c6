import { nextTokenReset, tokenDay } from '@parlo/contract/tokens';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, tokenLedger, usages } from '../src/db/tables/tokens.ts';
import { createChargedSession } from '../src/modules/tokens/session-charge-repo.ts';
import { createTokensRepo } from '../src/modules/tokens/tokens-repo.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { drivers } from './helpers/test-app.ts';

const FREE_FEATURES = [
  { featureCode: 'tokens', value: 3, cost: 1 },
  { featureCode: 'session_limit', value: 10, cost: 0 },
  { featureCode: 'ads', value: 1, cost: 0 },
  { featureCode: 'video_ad_rewards', value: 5, cost: 0 },
];
const PREMIUM_FEATURES = [
  { featureCode: 'tokens', value: -1, cost: 1 },
  { featureCode: 'session_limit', value: -1, cost: 0 },
  { featureCode: 'ads', value: 0, cost: 0 },
  { featureCode: 'video_ad_rewards', value: 5, cost: 0 },
];
const SECOND = 1000;
const HOUR = 3_600_000;

describe.each(drivers)('tokens: plans, usages, bonus tokens and ads (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  const bonusCount = async (userId: string) =>
    (await ctx.call(userId, 'GET', '/bonus-tokens/count')).json<{ count: number }>().count;
  const usageOf = async (userId: string) =>
    Object.fromEntries(
      (await ctx.call(userId, 'GET', '/usages'))
        .json<{ featureCode: string; count: number }[]>()
        .map((entry) => [entry.featureCode, entry.count]),
    );
  const ledgerOf = (userId: string) =>
    ctx.db
      .select({ delta: tokenLedger.delta, pool: tokenLedger.pool, reason: tokenLedger.reason })
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, userId))
      .orderBy(tokenLedger.createdAt, tokenLedger.pool, tokenLedger.delta);
  const startAd = (userId: string) => ctx.call(userId, 'POST', '/bonus-tokens/ad-views');
  const claim = (userId: string, body: object) => ctx.call(userId, 'POST', '/bonus-tokens', body);

  it('gives a new account the free plan: 3 tokens a day, no bonus, nothing used', async () => {
    const user = await ctx.account();
    const now = ctx.clock.now();
    const sub = await ctx.call(user.id, 'GET', '/subscriptions/user/active');
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toEqual({
      id: expect.any(String) as string,
      status: 'active',
      startedAt: now.toISOString(),
      endsAt: null,
      plan: { code: 'free', name: 'Free', features: FREE_FEATURES },
    });
    expect(await bonusCount(user.id)).toBe(0);
    const list = await ctx.call(user.id, 'GET', '/usages');
    const resetsAt = nextTokenReset(now).toISOString();
    expect(resetsAt).toBe('2025-06-21T00:00:00.000Z');
    expect(list.json()).toEqual(
      ['tokens', 'session_limit', 'ads', 'video_ad_rewards'].map((featureCode) => ({
        featureCode,
        count: 0,
        day: '2025-06-20',
        resetsAt,
      })),
    );
    const one = await ctx.call(user.id, 'GET', '/usages/video_ad_rewards');
    expect(one.json()).toEqual({
      featureCode: 'video_ad_rewards',
      count: 0,
      day: '2025-06-20',
      resetsAt,
    });
    const unknown = await ctx.call(user.id, 'GET', '/usages/x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^Unknown feature code: x\b/);
  });

  it('lists the plans with only the API key, free first', async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/v1/plans',
      headers: apiHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'free', name: 'Free', features: FREE_FEATURES },
      { code: 'premium', name: 'Premium', features: PREMIUM_FEATURES },
    ]);
    const noKey = await ctx.t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(noKey.statusCode).toBe(401);
  });

  it('requires the API key and a signed-in user on every user route', async () => {
    const user = await ctx.account();
    const headers = await ctx.headersFor(user.id);
    const routes = [
      ['GET', '/api/v1/subscriptions/user/active'],
      ['GET', '/api/v1/usages'],
      ['GET', '/api/v1/usages/tokens'],
      ['GET', '/api/v1/bonus-tokens/count'],
      ['POST', '/api/v1/bonus-tokens/ad-views'],
      ['POST', '/api/v1/bonus-tokens'],
    ] as const;
    for (const [method, url] of routes) {
      const anonymous = await ctx.t.app.inject({ method, url, headers: apiHeaders, payload: {} });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ code: 401, message: 'Authentication required' });
      const noKey = await ctx.t.app.inject({
        method,
        url,
        headers: { authorization: headers.authorization },
      });
      expect(noKey.statusCode, url).toBe(401);
      expect(noKey.json<{ code: string }>().code, url).toBe('invalid_api_key');
    }
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it('rewards a watched ad once, after 15 s, only for the latest view, 5 times a day', async () => {
    const user = await ctx.account();
    const started = await startAd(user.id);
    expect(started.statusCode).toBe(201);
    const view = started.json<{ id: string; startedAt: string; claimableAt: string }>();
    expect(view).toEqual({
      id: expect.any(String) as string,
      startedAt: ctx.clock.now().toISOString(),
      claimableAt: new Date(ctx.clock.now().getTime() + 15 * SECOND).toISOString(),
      rewardsLeft: 5,
    });

    ctx.clock.advance(14 * SECOND);
    const early = await claim(user.id, { adViewId: view.id, amount: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json<{ message: string }>().message).toContain('1 s left');
    expect(await bonusCount(user.id)).toBe(0);

    ctx.clock.advance(1 * SECOND);
    const granted = await claim(user.id, { adViewId: view.id, amount: 1 });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({ granted: 1, count: 1, adRewardsLeft: 4 });
    expect(await bonusCount(user.id)).toBe(1);

    const replay = await claim(user.id, { adViewId: view.id });
    expect(replay.statusCode).toBe(409);
    expect(await bonusCount(user.id)).toBe(1);

    // Two views started in parallel: only the later one can pay out.
    const first = (await startAd(user.id)).json<{ id: string }>();
    const second = (await startAd(user.id)).json<{ id: string }>();
    ctx.clock.advance(20 * SECOND);
    const superseded = await claim(user.id, { adViewId: first.id });
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json<{ message: string }>().message).toContain('newer ad view');
    expect((await claim(user.id, { adViewId: second.id })).statusCode).toBe(201);

    for (let i = 0; i < 3; i++) {
      const next = (await startAd(user.id)).json<{ id: string; rewardsLeft: number }>();
      expect(next.rewardsLeft).toBe(3 - i);
      ctx.clock.advance(15 * SECOND);
      expect((await claim(user.id, { adViewId: next.id })).statusCode).toBe(201);
    }
    expect(await bonusCount(user.id)).toBe(5);
    expect(await usageOf(user.id)).toEqual({
      tokens: 0,
      session_limit: 0,
      ads: 6,
      video_ad_rewards: 5,
    });

    const refusedStart = await startAd(user.id);
    expect(refusedStart.statusCode).toBe(400);
    expect(refusedStart.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Video ad limit reached: 5 rewarded ads per day',
    });
    // A view started before the cap was reached is refused too, and nothing changes.
    await ctx.db
      .update(usages)
      .set({ count: 4 })
      .where(and(eq(usages.userId, user.id), eq(usages.featureCode, 'video_ad_rewards')));
    const late = (await startAd(user.id)).json<{ id: string }>();
    await ctx.db
      .update(usages)
      .set({ count: 5 })
      .where(and(eq(usages.userId, user.id), eq(usages.featureCode, 'video_ad_rewards')));
    ctx.clock.advance(15 * SECOND);
    const capped = await claim(user.id, { adViewId: late.id });
    expect(capped.statusCode).toBe(400);
    expect(capped.json<{ code: string; message: string }>().code).toBe('BAD_REQUEST');
    expect(capped.json<{ message: string }>().message).toContain('limit reached');
    expect(await bonusCount(user.id)).toBe(5);
    expect(await ledgerOf(user.id)).toHaveLength(5);

    // The next UTC day allows ads again.
    ctx.clock.advance(nextTokenReset(ctx.clock.now()).getTime() - ctx.clock.now().getTime());
    const tomorrow = (await startAd(user.id)).json<{ id: string; rewardsLeft: number }>();
    expect(tomorrow.rewardsLeft).toBe(5);
    ctx.clock.advance(15 * SECOND);
    expect((await claim(user.id, { adViewId: tomorrow.id })).json()).toEqual({
      granted: 1,
      count: 6,
      adRewardsLeft: 4,
    });
  });

  it('refuses malformed, unknown and foreign claims without touching the ledger', async () => {
    const user = await ctx.account();
    const other = await ctx.account();
    const foreign = (await startAd(other.id)).json<{ id: string }>();
    const own = (await startAd(user.id)).json<{ id: string }>();
    ctx.clock.advance(15 * SECOND);
    const cases: [object, number][] = [
      [{}, 400],
      [{ adViewId: 'not-a-uuid' }, 400],
      [{ adViewId: own.id, amount: -1 }, 400],
      [{ adViewId: own.id, amount: 1e9 }, 400],
      [{ adViewId: own.id, amount: 2 }, 400],
      [{ adViewId: own.id, extra: true }, 400],
      [{ adViewId: '00000000-0000-4000-8000-000000000000' }, 404],
      [{ adViewId: foreign.id }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await claim(user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    expect(await ledgerOf(user.id)).toEqual([]);
    expect((await usageOf(user.id)).video_ad_rewards).toBe(0);
    expect((await claim(user.id, { adViewId: own.id })).statusCode).toBe(201);
  });

  it('spends the daily allowance first, then bonus, and gives the day back at 00:00 UTC', async () => {
    // Move to 23:00 UTC so the test crosses midnight.
    const at = ctx.clock.now();
    ctx.clock.advance(nextTokenReset(at).getTime() - HOUR - at.getTime());
    const user = await ctx.account();
    await createTokensRepo(ctx.db).grantBonusTokens(user.id, 1, ctx.clock.now());
    const charge = async () => {
      const partner = await ctx.account();
      // Sessions are left open: this test is about the token arithmetic alone.
      return createChargedSession(
        ctx.db,
        { user1Id: user.id, user2Id: partner.id, languageCode: 'en', now: ctx.clock.now() },
        { exclusive: false },
      );
    };
    const paid = [];
    for (let i = 0; i < 4; i++) paid.push((await charge()).charges[0]);
    expect(paid.map(({ daily, bonus }) => [daily, bonus])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    await expect(charge()).rejects.toMatchObject({
      statusCode: 403,
      code: 1002,
      message: 'No tokens left today',
      userIds: [user.id],
    });
    expect(await usageOf(user.id)).toEqual({
      tokens: 3,
      session_limit: 4,
      ads: 0,
      video_ad_rewards: 0,
    });
    expect(await bonusCount(user.id)).toBe(0);
    expect((await ledgerOf(user.id)).map((row) => [row.pool, row.delta, row.reason])).toEqual([
      ['bonus', -1, 'session'],
      ['bonus', 1, 'admin_grant'],
      ['daily', -1, 'session'],
      ['daily', -1, 'session'],
      ['daily', -1, 'session'],
    ]);

    ctx.clock.advance(HOUR);
    expect(ctx.clock.now().toISOString()).toMatch(/T00:00:00\.000Z$/);
    const usagesNextDay: unknown = (await ctx.call(user.id, 'GET', '/usages/tokens')).json();
    expect(usagesNextDay).toEqual({
      featureCode: 'tokens',
      count: 0,
      day: tokenDay(ctx.clock.now()),
      resetsAt: new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect((await charge()).charges[0]).toEqual({ userId: user.id, daily: 1, bonus: 0 });
  });

  it('falls back to a fresh free plan when premium ends', async () => {
    const user = await ctx.account();
    const repo = createTokensRepo(ctx.db);
    const premium = await repo.grantPremium(user.id, 2, ctx.clock.now());
    const active = await ctx.call(user.id, 'GET', '/subscriptions/user/active');
    expect(active.json()).toMatchObject({
      id: premium.id,
      endsAt: new Date(ctx.clock.now().getTime() + 2 * 24 * HOUR).toISOString(),
      plan: { code: 'premium', features: PREMIUM_FEATURES },
    });
    // Premium counts as 999 tokens a day.
    expect((await repo.tokenState(user.id, ctx.clock.now())).plan.code).toBe('premium');

    ctx.clock.advance(2 * 24 * HOUR);
    const after = await ctx.call(user.id, 'GET', '/subscriptions/user/active');
    expect(after.json()).toMatchObject({
      status: 'active',
      startedAt: ctx.clock.now().toISOString(),
      endsAt: null,
      plan: { code: 'free' },
    });
    const rows = await ctx.db
      .select({ plan: subscriptions.planCode, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id))
      .orderBy(subscriptions.createdAt);
    expect(rows).toEqual([
      { plan: 'free', status: 'cancelled' },
      { plan: 'premium', status: 'expired' },
      { plan: 'free', status: 'active' },
    ]);

    await ctx.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
    const none = await ctx.call(user.id, 'GET', '/subscriptions/user/active');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 404, message: 'Subscription not found' });
  });
});
