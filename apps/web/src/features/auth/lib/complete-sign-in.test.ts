import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import { signInName } from '@/lib/sign-in-name';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { completeSignIn } from '@/features/auth/lib/complete-sign-in';
import {
  PENDING_SIGN_IN_KEY,
  savePendingSignIn,
  type PendingSignIn,
} from '@/features/auth/lib/pending-sign-in';
import { REFERRAL_STORAGE_KEY } from '@/features/auth/lib/referral-code';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeApi, json, type FakeRoute } from '@/features/auth/testing/fake-api';

const SIGN_IN = 'POST /api/v1/auth/signin/oauth';
const ME = 'GET /api/v1/users/me';
const expiresAt = '2099-01-01T00:00:00.000Z';
const user = { id: 'u1', username: 'ana@example.com', status: 'active', profile: null };

const pending: PendingSignIn = {
  provider: 'line',
  state: 'state-0123456789abcdef0123456789abcdef',
  codeVerifier: 'v'.repeat(64),
  nonce: 'nonce-0123456789abcdef0123456789abcdef',
  returnTo: '/search',
};

let codes = 0;
/** Every test uses its own code: the single flight remembers the last one across tests. */
const nextCode = () => `code-${(codes += 1)}`;

function serverAccepting(overrides: Record<string, FakeRoute> = {}) {
  return fakeApi({
    [SIGN_IN]: () => json(200, { accessToken: 'access-1', accessExpiresAt: expiresAt }),
    [ME]: () => json(200, user),
    ...overrides,
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  useAuthStore.setState({
    accessToken: null,
    accessExpiresAt: null,
    lastRefreshAttempt: null,
    status: 'anonymous',
  });
  connectApiAuth();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('completing the sign-in on the callback', () => {
  it('exchanges the code with the verifier, redirect address and nonce, then loads the user', async () => {
    savePendingSignIn(pending);
    const api = serverAccepting();
    const code = nextCode();

    await expect(completeSignIn({ provider: 'line', code, state: pending.state })).resolves.toEqual(
      { ok: true, returnTo: '/search' },
    );

    const [signIn] = api.callsTo(SIGN_IN);
    expect(signIn?.body).toEqual({
      provider: 'line',
      code,
      codeVerifier: pending.codeVerifier,
      redirectUri: 'http://localhost:3000/auth/callback/line',
      nonce: pending.nonce,
    });
    expect(signIn?.bearer).toBeUndefined();
    expect(api.callsTo(ME)[0]?.bearer).toBe('Bearer access-1');
    expect(useAuthStore.getState()).toMatchObject({
      status: 'signed_in',
      accessToken: 'access-1',
      accessExpiresAt: expiresAt,
    });
    expect(useAuthStore.getState().lastRefreshAttempt).not.toBeNull();
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('goes to the dashboard when the sign-in started without a returnTo', async () => {
    savePendingSignIn({ ...pending, provider: 'google', returnTo: null });
    serverAccepting();
    await expect(
      completeSignIn({ provider: undefined, code: nextCode(), state: pending.state }),
    ).resolves.toEqual({ ok: true, returnTo: '/dashboard' });
  });

  it('sends a saved referral code and forgets it once signed in', async () => {
    savePendingSignIn(pending);
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'AB12CD34');
    const api = serverAccepting();
    await completeSignIn({ provider: 'line', code: nextCode(), state: pending.state });
    expect(api.callsTo(SIGN_IN)[0]?.body).toMatchObject({ referralCode: 'AB12CD34' });
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('keeps the referral code when the sign-in fails', async () => {
    savePendingSignIn(pending);
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'AB12CD34');
    serverAccepting({ [SIGN_IN]: () => json(401, { code: 401, message: '' }) });
    await completeSignIn({ provider: 'line', code: nextCode(), state: pending.state });
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('AB12CD34');
  });

  it("keeps the provider's name for onboarding, and drops it when the server offers none", async () => {
    savePendingSignIn(pending);
    serverAccepting({
      [SIGN_IN]: () =>
        json(200, { accessToken: 'a', accessExpiresAt: expiresAt, profileName: 'Ana López' }),
    });
    await completeSignIn({ provider: 'line', code: nextCode(), state: pending.state });
    expect(signInName()).toBe('Ana López');

    savePendingSignIn(pending);
    serverAccepting();
    await completeSignIn({ provider: 'line', code: nextCode(), state: pending.state });
    expect(signInName()).toBe('');
  });

  it('runs the exchange once when called twice for the same code', async () => {
    savePendingSignIn(pending);
    let release: () => void = () => {};
    const api = serverAccepting({
      [SIGN_IN]: () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { accessToken: 'a', accessExpiresAt: expiresAt }));
        }),
    });
    const params = { provider: 'line', code: nextCode(), state: pending.state };
    const first = completeSignIn(params);
    const second = completeSignIn(params);
    await vi.waitFor(() => expect(api.callsTo(SIGN_IN)).toHaveLength(1));
    release();
    expect(await first).toEqual(await second);
    expect(await first).toEqual({ ok: true, returnTo: '/search' });
    expect(api.callsTo(SIGN_IN)).toHaveLength(1);
    expect(api.callsTo(ME)).toHaveLength(1);
  });

  it.each([
    ['a different state', 'state-someone-else-0123456789abcdef'],
    ['no state', null],
  ])('sends nothing for %s', async (_name, state) => {
    savePendingSignIn(pending);
    const api = serverAccepting();
    await expect(completeSignIn({ provider: 'line', code: nextCode(), state })).resolves.toEqual({
      ok: false,
      failure: 'failed',
    });
    expect(api.calls).toHaveLength(0);
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('sends nothing when this tab started no sign-in', async () => {
    const api = serverAccepting();
    await expect(
      completeSignIn({ provider: 'line', code: nextCode(), state: pending.state }),
    ).resolves.toEqual({ ok: false, failure: 'failed' });
    expect(api.calls).toHaveLength(0);
  });

  it('sends nothing when the callback is for another provider than the one started', async () => {
    savePendingSignIn(pending);
    const api = serverAccepting();
    await completeSignIn({ provider: 'kakao', code: nextCode(), state: pending.state });
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an unknown provider', async () => {
    savePendingSignIn(pending);
    const api = serverAccepting();
    await expect(
      completeSignIn({ provider: 'facebook', code: nextCode(), state: pending.state }),
    ).resolves.toEqual({ ok: false, failure: 'invalid_provider' });
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a callback without a code', async () => {
    savePendingSignIn(pending);
    const api = serverAccepting();
    await expect(
      completeSignIn({ provider: 'line', code: null, state: pending.state }),
    ).resolves.toEqual({ ok: false, failure: 'no_code' });
    expect(api.calls).toHaveLength(0);
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('reports a deleted account (410) and clears the stored auth state', async () => {
    savePendingSignIn(pending);
    useAuthStore.getState().setSession({ accessToken: 'stale', accessExpiresAt: expiresAt });
    serverAccepting({ [SIGN_IN]: () => json(410, { code: 410, message: 'account deleted' }) });
    await expect(
      completeSignIn({ provider: 'line', code: nextCode(), state: pending.state }),
    ).resolves.toEqual({ ok: false, failure: 'account_deleted' });
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { accessToken: null, accessExpiresAt: null },
    });
  });

  it.each([
    ['the provider refuses the code', () => json(401, { code: 401, message: '' })],
    ['the server is rate limiting', () => json(429, { code: 429, message: '' })],
    ['the server fails', () => json(500, {})],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('reports a generic failure when %s', async (_name, route) => {
    savePendingSignIn(pending);
    serverAccepting({ [SIGN_IN]: route });
    await expect(
      completeSignIn({ provider: 'line', code: nextCode(), state: pending.state }),
    ).resolves.toEqual({ ok: false, failure: 'failed' });
    expect(useAuthStore.getState().accessToken).toBeNull();
  });

  it('signs out again when the user cannot be loaded after the exchange', async () => {
    savePendingSignIn(pending);
    serverAccepting({ [ME]: () => json(500, {}) });
    await expect(
      completeSignIn({ provider: 'line', code: nextCode(), state: pending.state }),
    ).resolves.toEqual({ ok: false, failure: 'failed' });
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeUndefined();
  });
});
