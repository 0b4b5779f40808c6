import type { Provider } from '@parlo/contract/constants';
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

export interface SignInExtra {
  referralCode?: string;
  provider?: Provider;
  email?: string;
  /** The provider's `email_verified` (Kakao: `is_email_verified`); absent unless set. */
  emailVerified?: boolean;
}

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
  const state = {
    t: undefined as unknown as TestApp,
    n: 0,
    nextSubject: '',
    /** What the provider says of the next person's address (the default: subject@example.com). */
    nextEmail: { email: '', verified: undefined as boolean | undefined },
  };
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
      token.payload.email = state.nextEmail.email;
      if (state.nextEmail.verified !== undefined) {
        token.payload.email_verified = state.nextEmail.verified;
      }
    });
    // The user endpoint in Kakao's shape beside the OpenID one (each provider reads its own).
    mock.server.service.on('beforeUserinfo', (response: { body: unknown }) => {
      response.body = {
        sub: state.nextSubject,
        email: state.nextEmail.email,
        email_verified: state.nextEmail.verified,
        id: state.nextSubject,
        kakao_account: {
          email: state.nextEmail.email,
          is_email_verified: state.nextEmail.verified ?? false,
        },
      };
    });
  });
  afterAll(async () => {
    await state.t.close();
    await mock.stop();
  });

  /**
   * Signs in as `subject` (a new user each call unless a subject is given again), with Google
   * unless `provider` says otherwise; the address is subject@example.com unless `email` is given.
   */
  async function signInRaw(subject?: string, extra: SignInExtra = {}) {
    const { provider = 'google', email, emailVerified, ...body } = extra;
    state.n += 1;
    state.nextSubject = subject ?? `${options.prefix}-${driver}-${state.n}`;
    state.nextEmail = {
      email: email ?? `${state.nextSubject}@example.com`,
      verified: emailVerified,
    };
    const res = await exchange(state.t, {
      ...(await authorizeInBrowser(state.t, provider)),
      ...body,
    });
    return { res, subject: state.nextSubject };
  }

  async function signIn(subject?: string, extra: SignInExtra = {}): Promise<SignedInUser> {
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
