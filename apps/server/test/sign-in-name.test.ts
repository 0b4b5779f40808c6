import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  authorizeInBrowser,
  exchange,
  providerEnv,
  startMockProvider,
} from './helpers/oauth.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

interface MutableToken {
  payload: Record<string, unknown>;
}

describe.each(drivers)("the provider's name at sign-in (%s)", (driver) => {
  let mock: Awaited<ReturnType<typeof startMockProvider>>;
  let t: TestApp;
  let identity: { sub: string; email: string; name: string };

  beforeAll(async () => {
    mock = await startMockProvider();
    t = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), SIGNIN_RATE_LIMIT_MAX: '1000' },
    });
    mock.server.service.on('beforeTokenSigning', (token: MutableToken) => {
      Object.assign(token.payload, identity);
    });
    mock.server.service.on('beforeUserinfo', (response: { body: unknown }) => {
      response.body = {
        id: Number(identity.sub.replace(/\D/g, '').slice(-12) || '1'),
        kakao_account: { email: identity.email, profile: { nickname: identity.name } },
      };
    });
  });
  afterAll(async () => {
    await t.close();
    await mock.stop();
  });

  let n = 0;
  function person(name: string) {
    n += 1;
    identity = { sub: `${driver}-${Date.now()}${n}`, email: `named${n}@example.com`, name };
  }

  async function signIn(provider: 'google' | 'kakao' | 'line') {
    const res = await exchange(t, await authorizeInBrowser(t, provider));
    expect(res.statusCode).toBe(200);
    return res.json<{ accessToken: string; profileName?: string }>();
  }

  it.each(['google', 'kakao', 'line'] as const)(
    'offers the name %s gave to prefill the profile of a new account',
    async (provider) => {
      person('  Ana   María López ');
      expect((await signIn(provider)).profileName).toBe('Ana María López');
    },
  );

  it('leaves out a name that would not pass as a profile name', async () => {
    for (const name of ['R2-D2', 'Ana 🚀', 'x'.repeat(51), '   ']) {
      person(name);
      expect(await signIn('google'), name).not.toHaveProperty('profileName');
    }
  });

  it('offers it again until the profile exists, and never after', async () => {
    person('김민지');
    const first = await signIn('google');
    expect(first.profileName).toBe('김민지');
    expect((await signIn('google')).profileName).toBe('김민지');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profiles/me',
      headers: { ...apiHeaders, authorization: `Bearer ${first.accessToken}` },
      payload: {
        name: 'Minji',
        gender: 'female',
        country: 'KR',
        dateOfBirth: '1998-04-12T00:00:00.000Z',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await signIn('google')).not.toHaveProperty('profileName');
  });

  it('is not part of a refresh', async () => {
    person('Robin Example');
    const res = await exchange(t, await authorizeInBrowser(t, 'google'));
    const cookie = res.cookies.find((c) => c.name === 'parlo_refresh')!;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: apiHeaders,
      cookies: { parlo_refresh: cookie.value },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('profileName');
  });
});
