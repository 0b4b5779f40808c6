import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import { subscriptions, tokenLedger, usages } from '../src/db/tables/tokens.ts';
import { createMatchingRepo } from '../src/modules/matching/matching-repo.ts';
import {
  createChargedSession,
  createSessionCharger,
  UsersInSessionError,
} from '../src/modules/tokens/session-charge-repo.ts';
import { InsufficientTokensError } from '../src/modules/tokens/token-rules.ts';
import type { PrepaidCharge } from '../src/broker/broker.ts';
import { rowsOf } from '../src/modules/tokens/token-state-query.ts';
import { tokenDay } from '@parlo/contract/tokens';
import { createTokensRepo } from '../src/modules/tokens/tokens-repo.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

/**
 * These tests charge one user for several sessions at once without ending them, to test the
 * token arithmetic alone; matching always uses the exclusive check tested below.
 */
const chargeOnly = (...[db, input]: Parameters<typeof createChargedSession>) =>
  createChargedSession(db, input, { exclusive: false });

describe.each(drivers)('charging a session (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  const sumOf = async (userId: string, pool: 'daily' | 'bonus') => {
    const [row] = await ctx.db
      .select({ total: sql<number>`coalesce(sum(${tokenLedger.delta}), 0)::int` })
      .from(tokenLedger)
      .where(sql`${tokenLedger.userId} = ${userId} and ${tokenLedger.pool} = ${pool}`);
    return row!.total;
  };

  it('charges both sides or neither, and names the side that cannot pay', async () => {
    const rich = await ctx.account();
    const broke = await ctx.account();
    const partner = await ctx.account();
    for (let i = 0; i < 3; i++) {
      await chargeOnly(ctx.db, {
        user1Id: broke.id,
        user2Id: partner.id,
        languageCode: 'en',
        now: ctx.clock.now(),
      });
    }
    const before = await ctx.db.select({ id: sessions.id }).from(sessions);
    const refused = chargeOnly(ctx.db, {
      user1Id: rich.id,
      user2Id: broke.id,
      languageCode: 'en',
      now: ctx.clock.now(),
    });
    await expect(refused).rejects.toBeInstanceOf(InsufficientTokensError);
    await expect(refused).rejects.toMatchObject({ code: 1002, userIds: [broke.id] });
    expect(await ctx.db.select({ id: sessions.id }).from(sessions)).toHaveLength(before.length);
    expect(await ctx.db.select().from(usages).where(eq(usages.userId, rich.id))).toEqual([]);
    // The partner paid 3 of 3 as well: both sides are named.
    await expect(
      chargeOnly(ctx.db, {
        user1Id: partner.id,
        user2Id: broke.id,
        languageCode: 'en',
        now: ctx.clock.now(),
      }),
    ).rejects.toMatchObject({ userIds: [partner.id, broke.id] });
  });

  it('refuses a user who is already in a session, even under 20 parallel charges', async () => {
    const user = await ctx.account();
    const partners = await Promise.all(Array.from({ length: 20 }, () => ctx.account()));
    const results = await Promise.allSettled(
      partners.map((partner) =>
        createChargedSession(ctx.db, {
          user1Id: partner.id,
          user2Id: user.id,
          languageCode: 'en',
          now: ctx.clock.now(),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(UsersInSessionError);
      expect(r.reason).toMatchObject({ userIds: [user.id] });
    }
    const state = await createTokensRepo(ctx.db).tokenState(user.id, ctx.clock.now());
    expect(state.usage).toMatchObject({ tokens: 1, session_limit: 1 });
  });

  /** The charge a find would carry on its ticket for the user, read now. */
  async function prepaidFor(userId: string, daily = 1, bonus = 0): Promise<PrepaidCharge> {
    const day = tokenDay(ctx.clock.now());
    const [row] = await rowsOf<{ fingerprint: string }>(
      ctx.db,
      sql`select parlo_token_fingerprint(${userId}::uuid, ${day}::date) as fingerprint`,
    );
    return { fingerprint: row!.fingerprint, daily, bonus };
  }

  it("reads at the find the very fingerprint the charge compares, whatever the user's state", async () => {
    const searchers = createMatchingRepo(ctx.db);
    const a = await ctx.account();
    const b = await ctx.account();
    const expectSame = async (userId: string) => {
      const searcher = await searchers.loadSearcher(userId, 'en', ctx.clock.now());
      expect(searcher!.fingerprint).toBe((await prepaidFor(userId)).fingerprint);
    };
    await expectSame(a.id);
    // Usage today and an open session.
    await createChargedSession(ctx.db, {
      user1Id: a.id,
      user2Id: b.id,
      languageCode: 'en',
      now: ctx.clock.now(),
    });
    await expectSame(a.id);
    // A bonus balance and a plan with an end date.
    await ctx.db
      .insert(tokenLedger)
      .values({ userId: a.id, delta: 7, pool: 'bonus', reason: 'referral_invitee' });
    await ctx.db
      .update(subscriptions)
      .set({ endsAt: new Date(ctx.clock.now().getTime() + 86_400_000) })
      .where(eq(subscriptions.userId, a.id));
    await expectSame(a.id);
    expect((await prepaidFor(a.id)).fingerprint).toMatch(
      /:free:2\d{3}-.*\|session_limit=1,tokens=1\|7\|true$/,
    );
  });

  it('never books a user already in a call, even on a state that was read during the call', async () => {
    const [a, b, c] = [await ctx.account(), await ctx.account(), await ctx.account()];
    await createChargedSession(ctx.db, {
      user1Id: a.id,
      user2Id: b.id,
      languageCode: 'en',
      now: ctx.clock.now(),
    });
    // Read now, while a is in the call: nothing changes before the charge, so it still matches.
    const input = {
      user1Id: c.id,
      user2Id: a.id,
      languageCode: 'en',
      now: ctx.clock.now(),
      prepaid: [await prepaidFor(c.id), await prepaidFor(a.id)] as const,
    };
    await expect(createChargedSession(ctx.db, input)).rejects.toBeInstanceOf(UsersInSessionError);
    await expect(createSessionCharger(ctx.db)(input)).rejects.toBeInstanceOf(UsersInSessionError);
    const booked = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.user1Id} = ${a.id} or ${sessions.user2Id} = ${a.id}`);
    expect(booked).toHaveLength(1);
  });

  it('charges in one trip with the state decided at the find, and the same rows as the long way', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const prepaid = [await prepaidFor(a.id), await prepaidFor(b.id)] as const;
    const charged = await createChargedSession(ctx.db, {
      user1Id: a.id,
      user2Id: b.id,
      languageCode: 'en',
      now: ctx.clock.now(),
      prepaid,
    });
    expect(charged.charges).toEqual([
      { userId: a.id, daily: 1, bonus: 0 },
      { userId: b.id, daily: 1, bonus: 0 },
    ]);
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, charged.sessionId));
    expect(session).toMatchObject({ user1Id: a.id, user2Id: b.id, languageCode: 'en' });
    for (const user of [a, b]) {
      expect(await sumOf(user.id, 'daily')).toBe(-1);
      const state = await createTokensRepo(ctx.db).tokenState(user.id, ctx.clock.now());
      expect(state.usage).toMatchObject({ tokens: 1, session_limit: 1 });
    }
    // Both are in a session now: the same prepaid charge again is decided the long way, refused.
    await expect(
      createChargedSession(ctx.db, {
        user1Id: a.id,
        user2Id: b.id,
        languageCode: 'en',
        now: ctx.clock.now(),
        prepaid,
      }),
    ).rejects.toBeInstanceOf(UsersInSessionError);
  });

  it('decides again when the state changed since the find: a stale charge never overdraws', async () => {
    const user = await ctx.account();
    const stale = await prepaidFor(user.id);
    for (let i = 0; i < 3; i++) {
      const partner = await ctx.account();
      await chargeOnly(ctx.db, {
        user1Id: user.id,
        user2Id: partner.id,
        languageCode: 'en',
        now: ctx.clock.now(),
      });
    }
    // The three sessions above are still open (chargeOnly); end them so only tokens matter.
    await ctx.db
      .update(sessions)
      .set({ endedAt: ctx.clock.now(), endReason: 'system_ended' })
      .where(sql`${sessions.endedAt} is null and ${sessions.user1Id} = ${user.id}`);
    const partner = await ctx.account();
    await expect(
      createChargedSession(ctx.db, {
        user1Id: user.id,
        user2Id: partner.id,
        languageCode: 'en',
        now: ctx.clock.now(),
        prepaid: [stale, await prepaidFor(partner.id)],
      }),
    ).rejects.toMatchObject({ code: 1002, userIds: [user.id] });
    expect(await sumOf(user.id, 'daily')).toBe(-3);
    expect(await sumOf(partner.id, 'daily')).toBe(0);
  });

  it('books one session when 20 one-trip charges of a user race', async () => {
    const user = await ctx.account();
    const partners = await Promise.all(Array.from({ length: 20 }, () => ctx.account()));
    const mine = await prepaidFor(user.id);
    const results = await Promise.allSettled(
      partners.map(async (partner) =>
        createChargedSession(ctx.db, {
          user1Id: partner.id,
          user2Id: user.id,
          languageCode: 'en',
          now: ctx.clock.now(),
          prepaid: [await prepaidFor(partner.id), mine],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(UsersInSessionError);
    }
    expect(await sumOf(user.id, 'daily')).toBe(-1);
  });

  it('charges pairs that arrive together in batches: each once, a stale or double-booked pair alone', async () => {
    const charge = createSessionCharger(ctx.db);
    const pairs = await Promise.all(
      Array.from({ length: 30 }, async () => [await ctx.account(), await ctx.account()] as const),
    );
    // One user in two pairs at once, and one pair whose state changes after its find.
    const shared = pairs[0]![0];
    const rival = await ctx.account();
    const [staleUser, stalePartner] = pairs[1]!;
    const stale = await prepaidFor(staleUser.id);
    for (let i = 0; i < 3; i++) {
      await chargeOnly(ctx.db, {
        user1Id: staleUser.id,
        user2Id: (await ctx.account()).id,
        languageCode: 'en',
        now: ctx.clock.now(),
      });
    }
    await ctx.db
      .update(sessions)
      .set({ endedAt: ctx.clock.now(), endReason: 'system_ended' })
      .where(sql`${sessions.endedAt} is null and ${sessions.user1Id} = ${staleUser.id}`);
    const inputs = [
      ...pairs.map(([a, b]) => [a.id, b.id] as const),
      [rival.id, shared.id] as const,
    ];
    const results = await Promise.allSettled(
      inputs.map(async ([user1Id, user2Id]) =>
        charge({
          user1Id,
          user2Id,
          languageCode: 'en',
          now: ctx.clock.now(),
          prepaid: [
            user1Id === staleUser.id ? stale : await prepaidFor(user1Id),
            await prepaidFor(user2Id),
          ],
        }),
      ),
    );
    // The stale pair is decided again and refused (no tokens left); of the two pairs of the
    // shared user, exactly one is booked.
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 1002 } });
    const sharedResults = [results[0]!, results.at(-1)!];
    expect(sharedResults.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(sharedResults.find((r) => r.status === 'rejected')).toMatchObject({
      reason: expect.any(UsersInSessionError) as unknown,
    });
    expect(results.slice(2, -1).every((r) => r.status === 'fulfilled')).toBe(true);
    // Each booked user paid once; the stale pair's users paid nothing for it.
    for (const [a, b] of pairs.slice(2)) {
      expect(await sumOf(a.id, 'daily')).toBe(-1);
      expect(await sumOf(b.id, 'daily')).toBe(-1);
    }
    expect(await sumOf(shared.id, 'daily')).toBe(-1);
    expect(await sumOf(staleUser.id, 'daily')).toBe(-3);
    expect(await sumOf(stalePartner.id, 'daily')).toBe(0);
  });

  it('counts premium as 999 tokens a day', async () => {
    const premium = await ctx.account();
    await createTokensRepo(ctx.db).grantPremium(premium.id, 30, ctx.clock.now());
    for (let i = 0; i < 5; i++) {
      const partner = await ctx.account();
      const { charges } = await chargeOnly(ctx.db, {
        user1Id: partner.id,
        user2Id: premium.id,
        languageCode: 'en',
        now: ctx.clock.now(),
      });
      expect(charges[1]).toEqual({ userId: premium.id, daily: 1, bonus: 0 });
    }
    const state = await createTokensRepo(ctx.db).tokenState(premium.id, ctx.clock.now());
    expect(state.usage.tokens).toBe(5);
    expect(await sumOf(premium.id, 'daily')).toBe(-5);
  });

  it('charges a lapsed premium user on the free plan it falls back to', async () => {
    const lapsed = await ctx.account();
    const tokens = createTokensRepo(ctx.db);
    await tokens.grantPremium(lapsed.id, 1, ctx.clock.now());
    ctx.clock.advance(2 * 86_400_000);
    for (let i = 0; i < 3; i++) {
      const partner = await ctx.account();
      await chargeOnly(ctx.db, {
        user1Id: lapsed.id,
        user2Id: partner.id,
        languageCode: 'en',
        now: ctx.clock.now(),
      });
    }
    const partner = await ctx.account();
    await expect(
      chargeOnly(ctx.db, {
        user1Id: lapsed.id,
        user2Id: partner.id,
        languageCode: 'en',
        now: ctx.clock.now(),
      }),
    ).rejects.toMatchObject({ code: 1002, userIds: [lapsed.id] });
    const state = await tokens.tokenState(lapsed.id, ctx.clock.now());
    expect(state.plan.code).toBe('free');
    expect(state.usage).toMatchObject({ tokens: 3, session_limit: 3 });
  });

  it('never overdraws under 50 parallel charges: 3 daily + 2 bonus pay for exactly 5', async () => {
    const user = await ctx.account();
    await createTokensRepo(ctx.db).grantBonusTokens(user.id, 2, ctx.clock.now());
    const partners = await Promise.all(Array.from({ length: 50 }, () => ctx.account()));
    const results = await Promise.allSettled(
      partners.map((partner, i) =>
        chargeOnly(ctx.db, {
          user1Id: i % 2 === 0 ? user.id : partner.id,
          user2Id: i % 2 === 0 ? partner.id : user.id,
          languageCode: 'en',
          now: ctx.clock.now(),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ code: 1002, userIds: [user.id] });
    }
    expect(await sumOf(user.id, 'daily')).toBe(-3);
    expect(await sumOf(user.id, 'bonus')).toBe(0);
    const state = await createTokensRepo(ctx.db).tokenState(user.id, ctx.clock.now());
    expect(state).toMatchObject({ bonus: 0, usage: { tokens: 3, session_limit: 5 } });
    const [own] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.user1Id} = ${user.id} or ${sessions.user2Id} = ${user.id}`);
    expect(own!.n).toBe(5);
  });

  it('never rewards more than the cap or one view twice under parallel claims', async () => {
    const repo = createTokensRepo(ctx.db);
    const user = await ctx.account();
    const started = await repo.startAdView(user.id, ctx.clock.now());
    if (started.kind !== 'started') throw new Error('not started');
    const later = new Date(ctx.clock.now().getTime() + 20_000);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => repo.claimAdReward(user.id, started.id, later)),
    );
    expect(claims.filter((c) => c.kind === 'granted')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'already_rewarded')).toHaveLength(19);

    // 4 rewards left today; 20 parallel start+claim rounds cannot exceed them.
    const rounds = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const view = await repo.startAdView(user.id, later);
        if (view.kind !== 'started') return view.kind;
        return (await repo.claimAdReward(user.id, view.id, new Date(later.getTime() + 20_000)))
          .kind;
      }),
    );
    expect(rounds.filter((kind) => kind === 'granted').length).toBeLessThanOrEqual(4);
    expect(await repo.bonusBalance(user.id)).toBeLessThanOrEqual(5);
    const state = await repo.tokenState(user.id, later);
    expect(state.bonus).toBe(state.usage.video_ad_rewards);
    expect(state.usage.video_ad_rewards).toBeLessThanOrEqual(5);
  });
});
