import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  authorizeInBrowser,
  exchange,
  manualClock,
  providerEnv,
  startMockProvider,
} from './helpers/oauth.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

type MockProvider = Awaited<ReturnType<typeof startMockProvider>>;

const SECURE_NAME = '__Secure-parlo_refresh';

describe.each(drivers)('the refresh cookie name (%s)', (driver) => {
  let mock: MockProvider;
  let https: TestApp;
  let http: TestApp;
  let n = 0;
  const clock = manualClock();

  beforeAll(async () => {
    mock = await startMockProvider();
    const env = { ...providerEnv(mock.issuer), SIGNIN_RATE_LIMIT_MAX: '1000' };
    https = await buildTestApp(driver, {
      env: { ...env, PUBLIC_URL: 'https://parlo.example' },
      clock,
    });
    http = await buildTestApp(driver, { env });
    mock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = `${driver}-cookie-${n}`;
      token.payload.email = `cookie${n}@example.com`;
    });
  });
  afterAll(async () => {
    await https.close();
    await http.close();
    await mock.stop();
  });

  async function signIn(t: TestApp) {
    n += 1;
    const res = await exchange(t, await authorizeInBrowser(t, 'google'));
    expect(res.statusCode).toBe(200);
    return res;
  }

  const post = (t: TestApp, path: string, cookies: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, headers: apiHeaders, cookies });

  it('carries the __Secure- prefix over https, and reads and clears it under that name', async () => {
    const res = await signIn(https);
    expect(res.cookies.map((c) => c.name)).toEqual([SECURE_NAME]);
    const cookie = res.cookies[0]!;
    expect(cookie).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth',
    });

    // The plain name is not read over https: a cookie planted from plain http is worth nothing.
    const plain = await post(https, 'refresh', { parlo_refresh: cookie.value });
    expect(plain.statusCode).toBe(401);

    clock.advance(1100);
    const rotated = await post(https, 'refresh', { [SECURE_NAME]: cookie.value });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.cookies.find((c) => c.name === SECURE_NAME);
    expect(next?.value).toBeTruthy();
    expect(next?.secure).toBe(true);

    const out = await post(https, 'signout', { [SECURE_NAME]: next!.value });
    expect(out.statusCode).toBe(204);
    expect(out.cookies).toEqual([
      expect.objectContaining({ name: SECURE_NAME, value: '', secure: true, path: '/api/v1/auth' }),
    ]);
  });

  it('keeps the plain name over http, where a __Secure- cookie would be refused', async () => {
    const res = await signIn(http);
    expect(res.cookies.map((c) => c.name)).toEqual(['parlo_refresh']);
    expect(res.cookies[0]?.secure).toBeUndefined();
  });
});
