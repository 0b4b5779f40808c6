import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../src/db/tables/tokens.ts';
import { users } from '../src/db/tables/users.ts';
import {
  apiHeaders,
  authorizeInBrowser,
  countUsers,
  exchange,
  providerEnv,
  refreshCookieOf,
  startMockProvider,
} from './helpers/oauth.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

type MockProvider = Awaited<ReturnType<typeof startMockProvider>>;
interface MutableToken {
  payload: Record<string, unknown>;
}

describe.each(drivers)('sign-in with the providers (%s)', (driver) => {
  let mock: MockProvider;
  let t: TestApp;
  let identity: { sub: string; email: string; name: string };

  beforeAll(async () => {
    mock = await startMockProvider();
    t = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), SIGNIN_RATE_LIMIT_MAX: '1000' },
    });
    // Every token the mock signs carries the identity the current test chose.
    mock.server.service.on('beforeTokenSigning', (token: MutableToken) => {
      Object.assign(token.payload, identity);
    });
    mock.server.service.on('beforeUserinfo', (response: { body: unknown }) => {
      response.body = {
        id: Number(identity.sub.replace(/\D/g, '').slice(0, 12) || '1'),
        kakao_account: { email: identity.email, profile: { nickname: identity.name } },
      };
    });
  });
  afterAll(async () => {
    await t.close();
    await mock.stop();
  });

  let n = 0;
  const nextIdentity = () => {
    n += 1;
    identity = {
      sub: `${driver}-${Date.now()}${n}`,
      email: `person${n}@example.com`,
      name: `P ${n}`,
    };
    return identity;
  };

  const me = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
    });

  it.each(['google', 'kakao', 'line'] as const)(
    'signs a new person in with %s and the same account again later',
    async (provider) => {
      const person = nextIdentity();
      const first = await exchange(t, await authorizeInBrowser(t, provider));
      expect(first.statusCode).toBe(200);
      const body = first.json<{ accessToken: string; accessExpiresAt: string }>();
      expect(Date.parse(body.accessExpiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
      const cookie = first.cookies.find((c) => c.name === 'parlo_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
      expect(first.body).not.toContain(cookie!.value);

      const user = await me(body.accessToken);
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({
        username: person.email,
        provider,
        status: 'active',
        profile: null,
        blockedAt: null,
      });
      expect(user.json<{ referralId: string }>().referralId).toMatch(/^[A-Z2-9]{10}$/);

      const again = await exchange(t, await authorizeInBrowser(t, provider));
      expect(again.statusCode).toBe(200);
      const sameUser = await me(again.json<{ accessToken: string }>().accessToken);
      expect(sameUser.json<{ id: string }>().id).toBe(user.json<{ id: string }>().id);
    },
  );

  it.each([
    ['a wrong audience', (p: Record<string, unknown>) => (p.aud = 'someone-else')],
    [
      'an expired token',
      (p: Record<string, unknown>) => (p.exp = Math.floor(Date.now() / 1000) - 60),
    ],
    ['a wrong issuer', (p: Record<string, unknown>) => (p.iss = 'https://evil.example')],
  ])('refuses an ID token with %s and writes nothing', async (_name, tamper) => {
    nextIdentity();
    const before = await countUsers(t);
    const flow = await authorizeInBrowser(t, 'google');
    // Only the ID token carries the nonce; the access token beside it stays as issued.
    const tamperIdToken = (token: MutableToken) => {
      if ('nonce' in token.payload) tamper(token.payload);
    };
    mock.server.service.on('beforeTokenSigning', tamperIdToken);
    const res = await exchange(t, flow);
    mock.server.service.off('beforeTokenSigning', tamperIdToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 401,
      message: 'The sign-in could not be verified with the provider',
    });
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(await countUsers(t)).toBe(before);
  });

  it('refuses an ID token signed by another key', async () => {
    nextIdentity();
    const other = await startMockProvider();
    const forged = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), GOOGLE_JWKS_URL: `${other.issuer}/jwks` },
    });
    try {
      const res = await exchange(forged, await authorizeInBrowser(forged, 'google'));
      expect(res.statusCode).toBe(401);
      expect(await countUsers(forged)).toBe(0);
    } finally {
      await forged.close();
      await other.stop();
    }
  });

  it('refuses a nonce other than the one the browser sent', async () => {
    nextIdentity();
    const before = await countUsers(t);
    const flow = await authorizeInBrowser(t, 'line');
    const res = await exchange(t, { ...flow, nonce: 'a-different-nonce-value' });
    expect(res.statusCode).toBe(401);
    expect(await countUsers(t)).toBe(before);
  });

  it('refuses a PKCE verifier that does not match the challenge', async () => {
    nextIdentity();
    const flow = await authorizeInBrowser(t, 'google');
    const res = await exchange(t, { ...flow, codeVerifier: 'x'.repeat(64) });
    expect(res.statusCode).toBe(401);
  });

  it('exchanges a code only once', async () => {
    nextIdentity();
    const flow = await authorizeInBrowser(t, 'kakao');
    expect((await exchange(t, flow)).statusCode).toBe(200);
    const replay = await exchange(t, flow);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toBe('This sign-in code was already used');
  });

  it('answers 410 for a deleted account and issues nothing', async () => {
    nextIdentity();
    const first = await exchange(t, await authorizeInBrowser(t, 'google'));
    const { id } = (await me(first.json<{ accessToken: string }>().accessToken)).json<{
      id: string;
    }>();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    const res = await exchange(t, await authorizeInBrowser(t, 'google'));
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ code: 410, message: 'This account has been deleted' });
    expect(refreshCookieOf(res)).toBeUndefined();
    const stale = await me(first.json<{ accessToken: string }>().accessToken);
    expect(stale.statusCode).toBe(401);
  });

  it('records a referral for a new account once, and never for oneself', async () => {
    nextIdentity();
    const inviterSignIn = await exchange(t, await authorizeInBrowser(t, 'google'));
    const inviter = (await me(inviterSignIn.json<{ accessToken: string }>().accessToken)).json<{
      id: string;
      referralId: string;
    }>();
    const ownCode = await exchange(t, {
      ...(await authorizeInBrowser(t, 'google')),
      referralCode: inviter.referralId,
    });
    expect(ownCode.statusCode).toBe(200);

    nextIdentity();
    const invited = await exchange(t, {
      ...(await authorizeInBrowser(t, 'google')),
      referralCode: inviter.referralId,
    });
    const invitee = (await me(invited.json<{ accessToken: string }>().accessToken)).json<{
      id: string;
    }>();
    await exchange(t, {
      ...(await authorizeInBrowser(t, 'google')),
      referralCode: inviter.referralId,
    });
    const rows = await t.database.db
      .select({ inviterId: referrals.inviterId, inviteeId: referrals.inviteeId })
      .from(referrals)
      .where(eq(referrals.inviterId, inviter.id));
    expect(rows).toEqual([{ inviterId: inviter.id, inviteeId: invitee.id }]);
  });

  it('says which input is wrong, and writes nothing', async () => {
    const before = await countUsers(t);
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ provider: 'github', code: 'abc' }, 400, 'invalid provider'],
      [{ provider: 'google' }, 400, 'no auth code'],
      [{ provider: 'google', code: '' }, 400, 'no auth code'],
      [{ provider: 'google', code: 'x'.repeat(5000) }, 400],
      [{ provider: 'google', code: 'abc\u0000\u0001def' }, 400],
      [{ provider: 'google', code: 'abc', redirectUri: 'https://evil.example/cb' }, 400],
      [{ provider: 'google', code: 'abc', referralCode: '<script>' }, 400],
    ];
    for (const [body, status, message] of cases) {
      const res = await exchange(t, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (message) expect(res.json()).toEqual({ code: 400, message });
      else expect(res.json<{ code: number }>().code).toBe(400);
    }
    expect(await countUsers(t)).toBe(before);
  });

  it('refuses authorize-url requests without state, PKCE challenge or nonce', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/oauth/google/authorize-url',
      query: { state: 'short' },
      headers: apiHeaders,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: number }>().code).toBe(400);
  });
});
