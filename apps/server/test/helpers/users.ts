import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/lib/clock.ts';
import {
  apiHeaders,
  authorizeInBrowser,
  exchange,
  providerEnv,
  refreshCookieOf,
  startMockProvider,
} from './oauth.ts';
import { buildTestApp, type Driver, type TestApp } from './test-app.ts';

export interface SignedInUser {
  id: string;
  subject: string;
  accessToken: string;
  refreshCookie: string;
  /** X-API-Key and Bearer, for `inject`. */
  headers: Record<string, string>;
}

/**
 * A test app with the mock OIDC provider behind Google, and `signIn` that creates (or signs in
 * again) a user through the real redirect → callback → code exchange path.
 */
export function useSignInApp(
  driver: Driver,
  options: { clock?: Clock; prefix: string; onAccountDeleted?: (userId: string) => void },
) {
  const state = { t: undefined as unknown as TestApp, n: 0, nextSubject: '' };
  let mock: Awaited<ReturnType<typeof startMockProvider>>;

  beforeAll(async () => {
    mock = await startMockProvider();
    state.t = await buildTestApp(driver, {
      env: { ...providerEnv(mock.issuer), SIGNIN_RATE_LIMIT_MAX: '1000' },
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.onAccountDeleted ? { onAccountDeleted: options.onAccountDeleted } : {}),
    });
    mock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = state.nextSubject;
      token.payload.email = `${state.nextSubject}@example.com`;
    });
  });
  afterAll(async () => {
    await state.t.close();
    await mock.stop();
  });

  /** Signs in as `subject` (a new user each call unless a subject is given again). */
  async function signInRaw(subject?: string, extra: { referralCode?: string } = {}) {
    state.n += 1;
    state.nextSubject = subject ?? `${options.prefix}-${driver}-${state.n}`;
    const res = await exchange(state.t, {
      ...(await authorizeInBrowser(state.t, 'google')),
      ...extra,
    });
    return { res, subject: state.nextSubject };
  }

  async function signIn(
    subject?: string,
    extra: { referralCode?: string } = {},
  ): Promise<SignedInUser> {
    const { res, subject: used } = await signInRaw(subject, extra);
    if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}`);
    const { accessToken } = res.json<{ accessToken: string }>();
    const payload = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sub: string };
    return {
      id: payload.sub,
      subject: used,
      accessToken,
      refreshCookie: refreshCookieOf(res) ?? '',
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
    };
  }

  return {
    get t() {
      return state.t;
    },
    signIn,
    signInRaw,
  };
}

export const VALID_PROFILE = {
  name: 'Seo-yeon Kim',
  gender: 'female',
  country: 'KR',
  dateOfBirth: '1998-04-12T00:00:00.000Z',
} as const;
