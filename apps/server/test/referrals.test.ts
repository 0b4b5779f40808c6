import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokenLedger } from '../src/db/tables/tokens.ts';
import { drivers } from './helpers/test-app.ts';
import { useSignInApp, type SignedInUser } from './helpers/users.ts';

describe.each(drivers)('referral bonus tokens (%s)', (driver) => {
  const ctx = useSignInApp(driver, { prefix: 'referrals' });

  const bonusCount = async (user: SignedInUser) =>
    (
      await ctx.t.app.inject({
        method: 'GET',
        url: '/api/v1/bonus-tokens/count',
        headers: user.headers,
      })
    ).json<{ count: number }>().count;
  const referralIdOf = async (user: SignedInUser) =>
    (
      await ctx.t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers })
    ).json<{ referralId: string }>().referralId;
  const ledgerOf = (userId: string) =>
    ctx.t.database.db
      .select({ delta: tokenLedger.delta, pool: tokenLedger.pool, reason: tokenLedger.reason })
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, userId));

  it('credits 2 bonus tokens to the inviter and to each new account, once', async () => {
    const inviter = await ctx.signIn();
    const code = await referralIdOf(inviter);
    const first = await ctx.signIn(undefined, { referralCode: code });
    const second = await ctx.signIn(undefined, { referralCode: code });
    expect(await bonusCount(inviter)).toBe(4);
    expect(await bonusCount(first)).toBe(2);
    expect(await bonusCount(second)).toBe(2);
    expect(await ledgerOf(first.id)).toEqual([
      { delta: 2, pool: 'bonus', reason: 'referral_invitee' },
    ]);
    expect(await ledgerOf(inviter.id)).toEqual([
      { delta: 2, pool: 'bonus', reason: 'referral_inviter' },
      { delta: 2, pool: 'bonus', reason: 'referral_inviter' },
    ]);

    // Signing in again with a code (the same or another) gives nothing.
    const again = await ctx.signIn(first.subject, { referralCode: code });
    expect(again.id).toBe(first.id);
    const other = await ctx.signIn();
    await ctx.signIn(first.subject, { referralCode: await referralIdOf(other) });
    expect(await bonusCount(first)).toBe(2);
    expect(await bonusCount(inviter)).toBe(4);
    expect(await bonusCount(other)).toBe(0);
  });

  it('gives nothing for an unknown code, or a deleted inviter', async () => {
    const stranger = await ctx.signIn(undefined, { referralCode: 'NOSUCHCODE' });
    expect(await bonusCount(stranger)).toBe(0);

    const gone = await ctx.signIn();
    const code = await referralIdOf(gone);
    const del = await ctx.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: gone.headers,
    });
    expect(del.statusCode).toBe(204);
    const late = await ctx.signIn(undefined, { referralCode: code });
    expect(await bonusCount(late)).toBe(0);
    expect(await ledgerOf(late.id)).toEqual([]);
  });
});
