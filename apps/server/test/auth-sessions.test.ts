import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  authorizeInBrowser,
  exchange,
  manualClock,
  providerEnv,
  refreshCookieOf,
  startMockProvider,
} from './helpers/oauth.ts';
import { ROTATION_LEEWAY_MS } from '../src/modules/auth/auth-service.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

type MockProvider = Awaited<ReturnType<typeof startMockProvider>>;

describe.each(drivers)('sessions: refresh, sign-out and access tokens (%s)', (driver) => {
  let mock: MockProvider;
  let t: TestApp;
  const clock = manualClock();
  let n = 0;

  beforeAll(async () => {
    mock = await startMockProvider();
    t = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), SIGNIN_RATE_LIMIT_MAX: '1000' },
      clock,
    });
    mock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = `${driver}-session-${n}`;
      token.payload.email = `session${n}@example.com`;
    });
  });
  afterAll(async () => {
    await t.close();
    await mock.stop();
  });

  async function signIn() {
    n += 1;
    const res = await exchange(t, await authorizeInBrowser(t, 'google'));
    expect(res.statusCode).toBe(200);
    return {
      accessToken: res.json<{ accessToken: string }>().accessToken,
      cookie: refreshCookieOf(res)!,
    };
  }

  const refresh = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: apiHeaders,
      ...(cookie ? { cookies: { parlo_refresh: cookie } } : {}),
    });

  const me = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { ...apiHeaders, ...(authorization ? { authorization } : {}) },
    });

  it('rotates the refresh cookie and refuses refreshes less than 1 s apart', async () => {
    const { cookie } = await signIn();
    clock.advance(500);
    const tooSoon = await refresh(cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ code: 429, message: 'Token refresh too frequent' });

    clock.advance(600);
    const rotated = await refresh(cookie);
    expect(rotated.statusCode).toBe(200);
    const next = refreshCookieOf(rotated)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(cookie);
    expect(
      (await me(`Bearer ${rotated.json<{ accessToken: string }>().accessToken}`)).statusCode,
    ).toBe(200);

    clock.advance(1100);
    const again = await refresh(next);
    expect(again.statusCode).toBe(200);
  });

  it('accepts a just-rotated token again within the leeway (a reload lost the response)', async () => {
    const { cookie } = await signIn();
    clock.advance(1100);
    expect((await refresh(cookie)).statusCode).toBe(200);
    clock.advance(ROTATION_LEEWAY_MS - 2000);
    const retried = await refresh(cookie);
    expect(retried.statusCode).toBe(200);
    clock.advance(1100);
    expect((await refresh(refreshCookieOf(retried))).statusCode).toBe(200);
  });

  it('reissues a rotated token once within the leeway; a third presentation ends the family', async () => {
    const { cookie } = await signIn();
    clock.advance(1100);
    const lost = refreshCookieOf(await refresh(cookie))!;
    clock.advance(1100);
    const reissued = await refresh(cookie);
    expect(reissued.statusCode).toBe(200);
    const current = refreshCookieOf(reissued)!;

    // The owner and a thief can no longer both rotate on: one more presentation ends it all.
    clock.advance(1100);
    const third = await refresh(cookie);
    expect(third.statusCode).toBe(401);
    clock.advance(1100);
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await refresh(lost)).statusCode).toBe(401);
  });

  it('retires the lost successor on a reissue, and ends the family if it is presented', async () => {
    const { cookie } = await signIn();
    clock.advance(1100);
    const lost = refreshCookieOf(await refresh(cookie))!;
    clock.advance(1100);
    const current = refreshCookieOf(await refresh(cookie))!;

    clock.advance(1100);
    const fork = await refresh(lost);
    expect(fork.statusCode).toBe(401);
    clock.advance(1100);
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('ends the family when a rotated token comes back after its successor was used', async () => {
    const { cookie } = await signIn();
    clock.advance(1100);
    const next = refreshCookieOf(await refresh(cookie))!;
    clock.advance(1100);
    const after = refreshCookieOf(await refresh(next))!;
    expect(after).toBeTruthy();

    clock.advance(1100);
    expect((await refresh(cookie)).statusCode).toBe(401);
    clock.advance(1100);
    expect((await refresh(after)).statusCode).toBe(401);
  });

  it('tells a second tab presenting the reissued token at once to wait', async () => {
    const { cookie } = await signIn();
    clock.advance(1100);
    await refresh(cookie);
    clock.advance(1100);
    const [first, second] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 429]);
    clock.advance(1100);
    const winner = first.statusCode === 200 ? first : second;
    expect((await refresh(refreshCookieOf(winner))).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented after the leeway', async () => {
    const { cookie } = await signIn();
    clock.advance(1100);
    const rotated = await refresh(cookie);
    const current = refreshCookieOf(rotated)!;

    clock.advance(ROTATION_LEEWAY_MS + 1000);
    const stolen = await refresh(cookie);
    expect(stolen.statusCode).toBe(401);
    clock.advance(1100);
    const legit = await refresh(current);
    expect(legit.statusCode).toBe(401);
    expect(refreshCookieOf(legit)).toBe('');
  });

  it('signs out: the cookie is cleared and no longer refreshes', async () => {
    const { cookie } = await signIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: apiHeaders,
      cookies: { parlo_refresh: cookie },
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'parlo_refresh');
    expect(cleared?.value).toBe('');
    clock.advance(1100);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('refuses refreshes without a cookie or with an unknown one', async () => {
    expect((await refresh()).statusCode).toBe(401);
    const forged = await refresh('not-a-real-refresh-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json<{ code: number }>().code).toBe(401);
  });

  it('refuses missing, forged, expired and wrong-audience access tokens', async () => {
    const { accessToken } = await signIn();
    expect((await me(`Bearer ${accessToken}`)).statusCode).toBe(200);

    const sub = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    };
    const sign = (secret: string, audience: string, alg = 'HS256') =>
      new SignJWT({})
        .setProtectedHeader({ alg, typ: 'at+jwt' })
        .setIssuer(t.config.PUBLIC_URL)
        .setAudience(audience)
        .setSubject(sub.sub)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));

    const cases = [
      undefined,
      'Bearer',
      `Basic ${accessToken}`,
      `Bearer ${accessToken}x`,
      `Bearer ${await sign('another-secret-that-is-long-enough-000', 'parlo-api')}`,
      `Bearer ${await sign(t.config.JWT_SECRET, 'someone-else')}`,
      `Bearer ${await sign(t.config.JWT_SECRET, 'parlo-api', 'HS512')}`,
      `Bearer ${'a'.repeat(5000)}`,
    ];
    for (const authorization of cases) {
      const res = await me(authorization);
      expect(res.statusCode, String(authorization).slice(0, 40)).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Authentication required' });
    }

    clock.advance(15 * 60_000 + 1000);
    expect((await me(`Bearer ${accessToken}`)).statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 in the envelope after too many sign-ins from one address', async () => {
    const t = await buildTestApp('pglite', { env: { SIGNIN_RATE_LIMIT_MAX: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await exchange(t, { provider: 'google' })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const limited = await exchange(t, { provider: 'google' });
      expect(limited.json<{ code: number }>().code).toBe(429);
    } finally {
      await t.close();
    }
  });
});
