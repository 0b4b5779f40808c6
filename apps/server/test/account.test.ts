import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/tables/auth.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { referrals } from '../src/db/tables/tokens.ts';
import { profiles, userLanguages, users } from '../src/db/tables/users.ts';
import { apiHeaders, manualClock } from './helpers/oauth.ts';
import { drivers } from './helpers/test-app.ts';
import { useSignInApp, VALID_PROFILE, type SignedInUser } from './helpers/users.ts';

describe.each(drivers)('the account: users/me and deletion (%s)', (driver) => {
  const clock = manualClock();
  const deletedHook: string[] = [];
  const ctx = useSignInApp(driver, {
    clock,
    prefix: 'account',
    onAccountDeleted: (userId) => deletedHook.push(userId),
  });
  const db = () => ctx.t.database.db;

  const inject = (
    user: SignedInUser,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
  const me = (user: SignedInUser) => inject(user, 'GET', '/users/me');

  async function onboarded(referralCode?: string) {
    const user = await ctx.signIn(undefined, referralCode ? { referralCode } : {});
    expect((await inject(user, 'POST', '/profiles/me', VALID_PROFILE)).statusCode).toBe(201);
    expect(
      (
        await inject(user, 'POST', '/languages/user', {
          languageCode: 'en',
          proficiencyLevel: 'B1',
        })
      ).statusCode,
    ).toBe(201);
    return user;
  }

  it('includes the profile in users/me once it exists', async () => {
    const user = await ctx.signIn();
    expect((await me(user)).json()).toMatchObject({ id: user.id, status: 'active', profile: null });
    await inject(user, 'POST', '/profiles/me', VALID_PROFILE);
    await inject(user, 'POST', '/languages/user', { languageCode: 'en', proficiencyLevel: 'C1' });
    expect((await me(user)).json()).toEqual({
      id: user.id,
      username: `${user.subject}@example.com`,
      status: 'active',
      blockedAt: null,
      blockedUntil: null,
      provider: 'google',
      imageUrl: null,
      referralId: expect.any(String) as string,
      profile: {
        id: user.id,
        name: VALID_PROFILE.name,
        gender: 'female',
        country: 'KR',
        dateOfBirth: VALID_PROFILE.dateOfBirth,
        age: expect.any(Number) as number,
        imageUrl: null,
        languageCode: 'en',
        languages: [
          { id: expect.any(String) as string, languageCode: 'en', proficiencyLevel: 'C1' },
        ],
      },
    });
  });

  it('reports blocks, and a temporary block whose end has passed reads as active', async () => {
    const user = await ctx.signIn();
    const blockedAt = clock.now();
    const blockedUntil = new Date(blockedAt.getTime() + 5 * 60_000);
    await db()
      .update(users)
      .set({ status: 'temporarily_blocked', blockedAt, blockedUntil })
      .where(eq(users.id, user.id));
    expect((await me(user)).json()).toMatchObject({
      status: 'temporarily_blocked',
      blockedAt: blockedAt.toISOString(),
      blockedUntil: blockedUntil.toISOString(),
    });
    clock.advance(5 * 60_000);
    expect((await me(user)).json()).toMatchObject({
      status: 'active',
      blockedAt: null,
      blockedUntil: null,
    });

    await db()
      .update(users)
      .set({ status: 'blocked', blockedAt, blockedUntil: null })
      .where(eq(users.id, user.id));
    expect((await me(user)).json()).toMatchObject({
      status: 'blocked',
      blockedAt: blockedAt.toISOString(),
      blockedUntil: null,
    });
  });

  it('deletes the account: tokens revoked, personal data scrubbed, sessions kept', async () => {
    const inviter = await onboarded();
    const inviterReferral = (await me(inviter)).json<{ referralId: string }>().referralId;
    const user = await onboarded(inviterReferral);
    const userReferral = (await me(user)).json<{ referralId: string }>().referralId;
    const invitee = await onboarded(userReferral);
    const secondDevice = await ctx.signIn(user.subject);
    const partner = await onboarded();
    await db()
      .insert(sessions)
      .values({ languageCode: 'en', user1Id: user.id, user2Id: partner.id });
    expect(
      await db()
        .select()
        .from(referrals)
        .where(or(eq(referrals.inviterId, user.id), eq(referrals.inviteeId, user.id))),
    ).toHaveLength(2);

    const res = await inject(user, 'DELETE', '/users/me');
    expect(res.statusCode).toBe(204);
    expect(deletedHook).toEqual([user.id]);

    // Access tokens stop at once; refresh tokens of every device are revoked.
    expect((await me(user)).statusCode).toBe(401);
    expect((await me(secondDevice)).statusCode).toBe(401);
    clock.advance(2_000);
    for (const cookie of [user.refreshCookie, secondDevice.refreshCookie]) {
      const refresh = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: apiHeaders,
        cookies: { parlo_refresh: cookie },
      });
      expect(refresh.statusCode).toBe(401);
    }
    const tokens = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: null,
      username: `deleted-${user.id}@deleted.parlo.app`,
      imageUrl: null,
      referredBy: null,
      provider: 'google',
      providerSubject: user.subject,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await db().select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
    expect(
      await db().select().from(userLanguages).where(eq(userLanguages.userId, user.id)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(referrals)
        .where(or(eq(referrals.inviterId, user.id), eq(referrals.inviteeId, user.id))),
    ).toEqual([]);
    const [inviteeRow] = await db().select().from(users).where(eq(users.id, invitee.id));
    expect(inviteeRow?.referredBy).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.user1Id, user.id))).toHaveLength(1);

    // Everyone else is untouched.
    expect((await me(inviter)).json()).toMatchObject({ profile: { name: VALID_PROFILE.name } });
    expect((await inject(partner, 'GET', '/sessions')).json()).toMatchObject({
      data: [{ user1: { id: null, name: 'Deleted User' }, user2: { id: partner.id } }],
    });

    // The same provider account cannot come back.
    const again = await ctx.signInRaw(user.subject);
    expect(again.res.statusCode).toBe(410);
  });

  it('requires a signed-in user to delete an account', async () => {
    const res = await ctx.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: apiHeaders,
    });
    expect(res.statusCode).toBe(401);
  });
});
