import { REFERRAL_BONUS_TOKENS, REFERRAL_MONTHLY_CAP } from '@parlo/contract/tokens';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referrals, tokenLedger } from '../src/db/tables/tokens.ts';
import { users } from '../src/db/tables/users.ts';
import { useClockedApp } from './helpers/accounts.ts';
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
  it('credits nobody when one person signs up again through another provider', async () => {
    const email = `same-${driver}@example.com`;
    const first = await ctx.signIn(undefined, { email, emailVerified: true });
    const code = await referralIdOf(first);
    // Kakao says is_email_verified; LINE sends no email_verified; the address differs in case.
    const kakao = await ctx.signIn(undefined, {
      provider: 'kakao',
      email: email.toUpperCase(),
      emailVerified: true,
      referralCode: code,
    });
    const line = await ctx.signIn(undefined, { provider: 'line', email, referralCode: code });
    // The newcomer's own word counts against them, verified or not.
    const unverified = await ctx.signIn(undefined, {
      email,
      emailVerified: false,
      referralCode: code,
    });
    for (const user of [first, kakao, line, unverified]) expect(await bonusCount(user)).toBe(0);
    expect(new Set([first.id, kakao.id, line.id, unverified.id]).size).toBe(4);

    // A friend with an address of their own is credited as usual.
    const friend = await ctx.signIn(undefined, { emailVerified: true, referralCode: code });
    expect(await bonusCount(friend)).toBe(REFERRAL_BONUS_TOKENS);
    expect(await bonusCount(first)).toBe(REFERRAL_BONUS_TOKENS);
  });

  it('keeps what each provider says of the address, and blocks no one with an unverified one', async () => {
    const email = `claimed-${driver}@example.com`;
    const squatter = await ctx.signIn(undefined, {
      provider: 'kakao',
      email,
      emailVerified: false,
    });
    const owner = await ctx.signIn(undefined, {
      email,
      emailVerified: true,
      referralCode: await referralIdOf(squatter),
    });
    const verifiedOf = async (user: SignedInUser) =>
      (
        await ctx.t.database.db
          .select({ email: users.email, verified: users.emailVerified })
          .from(users)
          .where(eq(users.id, user.id))
      )[0];
    expect(await verifiedOf(squatter)).toEqual({ email, verified: false });
    expect(await verifiedOf(owner)).toEqual({ email, verified: true });
    // Nobody can keep the owner from a referral with an address they never proved.
    expect(await bonusCount(owner)).toBe(REFERRAL_BONUS_TOKENS);
  });
});

describe.each(drivers)('the monthly referral cap (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  const creditsOf = (userId: string, reason: 'referral_inviter' | 'referral_invitee') =>
    ctx.db
      .select({ delta: tokenLedger.delta })
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, reason)));

  it('credits at most REFERRAL_MONTHLY_CAP invitees a month, however many sign up at once', async () => {
    const inviter = await ctx.account();
    const extra = 3;
    const invitees = await Promise.all(
      Array.from({ length: REFERRAL_MONTHLY_CAP + extra }, () => ctx.account(inviter.referralId)),
    );
    expect(await creditsOf(inviter.id, 'referral_inviter')).toHaveLength(REFERRAL_MONTHLY_CAP);
    let credited = 0;
    for (const invitee of invitees) {
      credited += (await creditsOf(invitee.id, 'referral_invitee')).length;
    }
    expect(credited).toBe(REFERRAL_MONTHLY_CAP);
    // Every friend who came through the link is still recorded as invited.
    const links = await ctx.db
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.inviterId, inviter.id));
    expect(links).toHaveLength(REFERRAL_MONTHLY_CAP + extra);

    // The next UTC month opens the cap again (the clock starts on 20 June).
    ctx.clock.advance(11 * 24 * 3_600_000);
    const july = await ctx.account(inviter.referralId);
    expect(await creditsOf(july.id, 'referral_invitee')).toHaveLength(1);
    expect(await creditsOf(inviter.id, 'referral_inviter')).toHaveLength(REFERRAL_MONTHLY_CAP + 1);
  });
});
