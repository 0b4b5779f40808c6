import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createMemoryRateCounter } from '../src/lib/rate-counter.ts';
import { apiHeaders, freePort, randomToken, s256 } from './helpers/oauth.ts';
import {
  buildTestApp,
  createTestDatabase,
  drivers,
  testConfig,
  type TestApp,
} from './helpers/test-app.ts';

/**
 * The whole sign-in as the web app runs it: the authorization URL and the provider's page from
 * `base` (PUBLIC_URL), then the callback's code sent to `signInAt`, which exchanges it. Answers
 * the signed-in user.
 */
async function signInThrough(
  { base, signInAt }: { base: string; signInAt: string },
  provider: Provider,
  email: string,
  name = '',
) {
  const codeVerifier = randomToken(48);
  const nonce = randomToken(16);
  const state = randomToken(16);
  const query = new URLSearchParams({ state, codeChallenge: s256(codeVerifier), nonce });
  const authorize = await fetch(
    `${base}/api/v1/auth/oauth/${provider}/authorize-url?${query.toString()}`,
    { headers: apiHeaders },
  );
  const { url } = (await authorize.json()) as { url: string };
  expect(url.startsWith(`${base}/dev-oauth/authorize?`)).toBe(true);

  const page = await fetch(url);
  const html = await page.text();
  expect(html).toContain('<h1>Development sign-in</h1>');
  expect(html).toContain('<label for="email">Email</label>');
  expect(html).toContain('<label for="name">Name</label>');
  expect(html).toContain('<button type="submit">Continue</button>');

  const form = new URLSearchParams(new URL(url).searchParams);
  form.set('email', email);
  form.set('name', name);
  const submitted = await fetch(`${base}/dev-oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(submitted.status).toBe(302);
  const callback = new URL(submitted.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${base}/auth/callback/${provider}`);
  expect(callback.searchParams.get('state')).toBe(state);

  const signIn = await fetch(`${signInAt}/api/v1/auth/signin/oauth`, {
    method: 'POST',
    headers: { ...apiHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({
      provider,
      code: callback.searchParams.get('code'),
      codeVerifier,
      nonce,
      redirectUri: `${base}/auth/callback/${provider}`,
    }),
  });
  expect(signIn.status).toBe(200);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const me = await fetch(`${signInAt}/api/v1/users/me`, {
    headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
  });
  return (await me.json()) as { id: string; username: string; provider: string };
}

type Provider = 'google' | 'kakao' | 'line';

/** The development provider over a real socket, as `npm start` serves it. */
describe.each(drivers)('development sign-in provider (%s)', (driver) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp(driver, {
      env: { PORT: String(port), PUBLIC_URL: base, SIGNIN_RATE_LIMIT_MAX: '1000' },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const signInAs = (provider: Provider, email: string, name = '') =>
    signInThrough({ base, signInAt: base }, provider, email, name);

  it.each(['google', 'kakao', 'line'] as const)(
    'signs in as %s through the redirect, callback and code exchange',
    async (provider) => {
      const email = `dev-${provider}-${driver}@example.com`;
      const first = await signInAs(provider, email, 'Dev Person');
      expect(first).toMatchObject({ username: email, provider });
      const second = await signInAs(provider, email.toUpperCase());
      expect(second.id).toBe(first.id);
    },
  );

  it('re-shows the form with an error for an invalid email', async () => {
    const query = new URLSearchParams({
      provider: 'google',
      response_type: 'code',
      client_id: 'parlo-dev-google',
      redirect_uri: `${base}/auth/callback/google`,
      state: randomToken(16),
      email: 'not-an-email',
    });
    const res = await fetch(`${base}/dev-oauth/authorize`, { method: 'POST', body: query });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a valid email address.');
  });

  it('refuses a redirect URI other than its own callback', async () => {
    const query = new URLSearchParams({
      provider: 'google',
      response_type: 'code',
      client_id: 'parlo-dev-google',
      redirect_uri: 'https://evil.example/auth/callback/google',
      state: randomToken(16),
    });
    const res = await fetch(`${base}/dev-oauth/authorize?${query.toString()}`);
    expect(res.status).toBe(400);
  });

  it('refuses a code exchanged with the wrong PKCE verifier, and the code is then spent', async () => {
    const verifier = randomToken(48);
    const form = new URLSearchParams({
      provider: 'google',
      response_type: 'code',
      client_id: 'parlo-dev-google',
      redirect_uri: `${base}/auth/callback/google`,
      state: randomToken(16),
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
      email: 'pkce@example.com',
    });
    const submitted = await fetch(`${base}/dev-oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(submitted.headers.get('location')!).searchParams.get('code')!;
    const token = (code_verifier: string) =>
      fetch(`${base}/dev-oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${base}/auth/callback/google`,
          client_id: 'parlo-dev-google',
          code_verifier,
        }),
      });
    expect((await token(randomToken(48))).status).toBe(400);
    expect((await token(verifier)).status).toBe(400);
  });
});

describe('development sign-in switched off', () => {
  it('is not mounted, and providers without credentials refuse sign-in', async () => {
    const t = await buildTestApp('pglite', { env: { DEV_SIGNIN: 'false' } });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/dev-oauth/jwks' });
      expect(page.statusCode).toBe(404);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin/oauth',
        headers: apiHeaders,
        payload: { provider: 'google', code: 'abc' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'invalid provider' });
    } finally {
      await t.close();
    }
  });
});

/**
 * Two instances behind a load balancer, as the operations guide runs them: one database, the same
 * JWT_SECRET, one public address and shared counters (Redis there; one counter shared here). The
 * provider's page may be served by one instance and the code exchanged by the other.
 */
describe('development sign-in across two instances', () => {
  const apps: App[] = [];
  const addresses: string[] = [];
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db);
    const ports = [await freePort(), await freePort()];
    const counter = createMemoryRateCounter(systemClock);
    for (const port of ports) {
      const app = await buildApp({
        config: testConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${ports[0]}` }),
        db: database.db,
        rateCounter: counter,
      });
      await app.listen({ port, host: '127.0.0.1' });
      apps.push(app);
      addresses.push(`http://127.0.0.1:${port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it.each(['google', 'kakao', 'line'] as const)(
    'signs in as %s when the other instance exchanges the code',
    async (provider) => {
      const email = `cluster-${provider}@example.com`;
      const first = await signInThrough(
        { base: addresses[0]!, signInAt: addresses[1]! },
        provider,
        email,
        'Cluster Person',
      );
      expect(first).toMatchObject({ username: email, provider });
      const again = await signInThrough(
        { base: addresses[0]!, signInAt: addresses[0]! },
        provider,
        email,
      );
      expect(again.id).toBe(first.id);
    },
  );

  it('publishes the same signing key on both', async () => {
    const [one, two] = await Promise.all(
      addresses.map(async (address) => (await fetch(`${address}/dev-oauth/jwks`)).json()),
    );
    expect(one).toEqual(two);
    expect(one).toMatchObject({ keys: [{ kty: 'EC', crv: 'P-256', alg: 'ES256' }] });
  });

  it('spends a code at the first exchange, whichever instance the second goes to', async () => {
    const verifier = randomToken(48);
    const redirect = `${addresses[0]}/auth/callback/google`;
    const submitted = await fetch(`${addresses[0]}/dev-oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({
        provider: 'google',
        response_type: 'code',
        client_id: 'parlo-dev-google',
        redirect_uri: redirect,
        state: randomToken(16),
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
        email: 'once@example.com',
      }),
      redirect: 'manual',
    });
    const code = new URL(submitted.headers.get('location')!).searchParams.get('code')!;
    const exchange = (address: string) =>
      fetch(`${address}/dev-oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          client_id: 'parlo-dev-google',
          code_verifier: verifier,
        }),
      });
    expect((await exchange(addresses[1]!)).status).toBe(200);
    const replay = await exchange(addresses[0]!);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code it did not seal', async () => {
    const forged = Buffer.from(JSON.stringify({ email: 'forged@example.com' })).toString(
      'base64url',
    );
    const res = await fetch(`${addresses[1]}/dev-oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: forged,
        redirect_uri: `${addresses[0]}/auth/callback/google`,
        client_id: 'parlo-dev-google',
      }),
    });
    expect(res.status).toBe(400);
  });
});
