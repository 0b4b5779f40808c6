import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { count } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Provider } from '@parlo/contract/constants';
import { users } from '../../src/db/tables/users.ts';
import type { TestApp } from './test-app.ts';
import { TEST_API_KEY } from './test-app.ts';

export const apiHeaders = { 'x-api-key': TEST_API_KEY };

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A real OAuth 2.0 / OIDC server on loopback that stands in for all three providers. Its userinfo
 * endpoint answers, as a provider's does, the profile claims of the access token's subject (the
 * claims the test put in the token); a test may answer otherwise with a later handler.
 */
export async function startMockProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  server.service.on(
    'beforeUserinfo',
    (response: { body: unknown }, req: { headers: Record<string, string | undefined> }) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const claims = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as Record<string, unknown>;
      const { sub, email, email_verified, name, picture } = claims;
      response.body = { sub, email, email_verified, name, picture };
    },
  );
  return { server, issuer, stop: () => server.stop() };
}

export function providerEnv(issuer: string) {
  return {
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    GOOGLE_ISSUER: issuer,
    KAKAO_CLIENT_ID: 'kakao-client',
    KAKAO_CLIENT_SECRET: 'kakao-secret',
    KAKAO_AUTHORIZE_URL: `${issuer}/authorize`,
    KAKAO_TOKEN_URL: `${issuer}/token`,
    KAKAO_USERINFO_URL: `${issuer}/userinfo`,
    LINE_CHANNEL_ID: 'line-channel',
    LINE_CHANNEL_SECRET: 'line-secret',
    LINE_AUTHORIZE_URL: `${issuer}/authorize`,
    LINE_TOKEN_URL: `${issuer}/token`,
    LINE_JWKS_URL: `${issuer}/jwks`,
    LINE_USERINFO_URL: `${issuer}/userinfo`,
    LINE_ISSUER: issuer,
  };
}

export interface BrowserSignIn {
  provider: string;
  code: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/**
 * What the browser does before the exchange: ask Parlo for the authorization URL, follow it to
 * the provider, and read the code from the redirect back to /auth/callback/<provider>.
 */
export async function authorizeInBrowser(t: TestApp, provider: Provider): Promise<BrowserSignIn> {
  const codeVerifier = randomToken(48);
  const nonce = randomToken(16);
  const state = randomToken(16);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/${provider}/authorize-url`,
    query: { state, codeChallenge: s256(codeVerifier), nonce },
    headers: apiHeaders,
  });
  if (res.statusCode !== 200) throw new Error(`authorize-url answered ${res.statusCode}`);
  const { url } = res.json<{ url: string }>();
  const redirect = await fetch(url, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location') ?? '');
  if (location.searchParams.get('state') !== state) throw new Error('state was not returned');
  return {
    provider,
    code: location.searchParams.get('code') ?? '',
    codeVerifier,
    nonce,
    redirectUri: `${t.config.PUBLIC_URL}/auth/callback/${provider}`,
  };
}

export function exchange(t: TestApp, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin/oauth',
    headers: apiHeaders,
    payload: body,
  });
}

/** The refresh cookie's value, under either name (`__Secure-` prefixed over https). */
export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }) {
  return res.cookies.find((c) => /^(__Secure-)?parlo_refresh$/.test(c.name))?.value;
}

export async function countUsers(t: TestApp) {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** A clock the test moves by hand, starting at the real time so provider tokens stay valid. */
export function manualClock() {
  let now = Date.now();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}
