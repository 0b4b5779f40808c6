import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '@parlo/contract/constants';
import { users } from '../src/db/tables/users.ts';
import {
  apiHeaders,
  authorizeInBrowser,
  countUsers,
  exchange,
  providerEnv,
  startMockProvider,
} from './helpers/oauth.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

type MockProvider = Awaited<ReturnType<typeof startMockProvider>>;
interface MockRequest {
  body?: Record<string, unknown>;
  headers: Record<string, string | undefined>;
}

/**
 * What the server takes from a provider beyond the ID token: the userinfo endpoint when the
 * token leaves the email or name out, and LINE's `id_token_key_type`.
 */
describe.each(drivers)('provider claims and token requests (%s)', (driver) => {
  let mock: MockProvider;
  let t: TestApp;
  /** LINE without LINE_JWKS_URL: ID tokens signed with the channel secret (HS256). */
  let hs256: TestApp;
  let n = 0;
  /** The ID token's claims of the current test, and the userinfo answer (null: the default). */
  let idClaims: Record<string, unknown> = {};
  let userInfo: Record<string, unknown> | null = null;
  const userInfoCalls: MockRequest[] = [];
  const tokenRequests: Record<string, unknown>[] = [];

  beforeAll(async () => {
    mock = await startMockProvider();
    t = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), SIGNIN_RATE_LIMIT_MAX: '1000' },
    });
    hs256 = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), LINE_JWKS_URL: '' },
    });
    mock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      // Only the ID token carries the nonce; the access token stays as issued.
      if ('nonce' in token.payload) Object.assign(token.payload, idClaims);
    });
    mock.server.service.on('beforeUserinfo', (response: { body: unknown }, req: MockRequest) => {
      userInfoCalls.push(req);
      if (userInfo) response.body = userInfo;
    });
    mock.server.service.on('beforeResponse', (_response: unknown, req: MockRequest) => {
      tokenRequests.push({ ...req.body });
    });
  });
  afterAll(async () => {
    await t.close();
    await hs256.close();
    await mock.stop();
  });
  afterEach(() => {
    userInfoCalls.length = 0;
    tokenRequests.length = 0;
    userInfo = null;
  });

  const subject = () => `${driver}-claims-${Date.now()}-${++n}`;

  async function signIn(provider: Provider) {
    const res = await exchange(t, await authorizeInBrowser(t, provider));
    return res;
  }

  async function accountOf(accessToken: string) {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
    });
    const { id, username } = me.json<{ id: string; username: string }>();
    const [row] = await t.database.db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, id));
    return { username, ...row };
  }

  it.each(['google', 'line'] as const)(
    'reads the email and name from userinfo when the %s ID token leaves them out',
    async (provider) => {
      const sub = subject();
      idClaims = { sub, email: undefined, name: undefined, email_verified: undefined };
      userInfo = { sub, email: `${sub}@Strict.example`, email_verified: true, name: 'Strict' };
      const res = await signIn(provider);
      expect(res.statusCode).toBe(200);
      expect(userInfoCalls).toHaveLength(1);
      // Read with the access token the code exchange gave.
      expect(userInfoCalls[0]?.headers.authorization).toMatch(/^Bearer .+/);
      expect(await accountOf(res.json<{ accessToken: string }>().accessToken)).toEqual({
        username: `${sub}@strict.example`,
        email: `${sub}@strict.example`,
        emailVerified: true,
      });
    },
  );

  it('does not call userinfo when the ID token has the email and name', async () => {
    const sub = subject();
    idClaims = { sub, email: `${sub}@example.com`, name: 'Complete', email_verified: false };
    const res = await signIn('google');
    expect(res.statusCode).toBe(200);
    expect(userInfoCalls).toHaveLength(0);
    expect(await accountOf(res.json<{ accessToken: string }>().accessToken)).toMatchObject({
      email: `${sub}@example.com`,
      emailVerified: false,
    });
  });

  it('refuses a userinfo answer about someone else, and writes nothing', async () => {
    const sub = subject();
    idClaims = { sub, email: undefined, name: undefined };
    userInfo = { sub: `${sub}-other`, email: 'victim@example.com', email_verified: true };
    const before = await countUsers(t);
    const res = await signIn('google');
    expect(res.statusCode).toBe(401);
    expect(await countUsers(t)).toBe(before);
  });

  it('asks LINE for an ID token signed with its published keys, and only LINE', async () => {
    idClaims = { sub: subject(), email: 'jwk@example.com', name: 'Jwk' };
    for (const provider of ['google', 'kakao', 'line'] as const) {
      userInfo = { id: 42, sub: idClaims.sub, kakao_account: { email: 'jwk@example.com' } };
      tokenRequests.length = 0;
      expect((await signIn(provider)).statusCode).toBe(200);
      expect(tokenRequests, provider).toHaveLength(1);
      expect(tokenRequests[0]?.id_token_key_type, provider).toBe(
        provider === 'line' ? 'JWK' : undefined,
      );
    }
  });

  it('asks for no key type when LINE signs with the channel secret (no LINE_JWKS_URL)', async () => {
    idClaims = { sub: subject() };
    // The mock signs with RS256, which the HS256 key refuses: only the request matters here.
    await exchange(hs256, await authorizeInBrowser(hs256, 'line'));
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).not.toHaveProperty('id_token_key_type');
  });
});
