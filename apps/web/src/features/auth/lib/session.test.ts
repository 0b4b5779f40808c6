import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import {
  connectApiAuth,
  getValidAccessToken,
  isAccessTokenExpired,
  refreshSession,
} from '@/features/auth/lib/access-token';
import { restoreSession } from '@/features/auth/lib/restore-session';
import { signOut } from '@/features/auth/lib/sign-out';
import { useRateLimitNotice } from '@/lib/rate-limit-notice';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/features/auth/stores/auth-store';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const user = { id: 'u1', username: 'ana@example.com', status: 'active', profile: null };

type Route = (init: RequestInit) => Response;

function fakeApi(routes: Record<string, Route>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init = {}) => {
    const path = input as string;
    const route = routes[`${init.method ?? 'GET'} ${path}`];
    return Promise.resolve(route ? route(init) : new Response(null, { status: 404 }));
  });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const persisted = () => JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as unknown;
const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  useRateLimitNotice.setState({ open: false });
  localStorage.clear();
  queryClient.clear();
  useAuthStore.setState({
    accessToken: null,
    accessExpiresAt: null,
    lastRefreshAttempt: null,
    status: 'unknown',
  });
  connectApiAuth();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tooFrequent = () => json(429, { code: 429, message: 'Token refresh too frequent' });

/** Answers the refresh calls in order and notes when each arrived. */
function refreshAnswers(...answers: (() => Response)[]) {
  const at: number[] = [];
  fakeApi({
    'POST /api/v1/auth/refresh': () => {
      at.push(Date.now());
      const answer = answers.shift();
      if (!answer) throw new Error('No more refresh answers');
      return answer();
    },
    'GET /api/v1/users/me': () => json(200, user),
  });
  return at;
}

describe('auth store persistence', () => {
  it('keeps only the access token and its expiry under auth-storage', () => {
    useAuthStore
      .getState()
      .setSession({ accessToken: 'tok', accessExpiresAt: '2030-01-01T00:00:00Z' });
    useAuthStore.getState().setStatus('signed_in');
    useAuthStore.getState().markRefreshAttempt(123);
    expect(persisted()).toMatchObject({
      state: { accessToken: 'tok', accessExpiresAt: '2030-01-01T00:00:00Z' },
    });
    expect(Object.keys((persisted() as { state: object }).state).sort()).toEqual([
      'accessExpiresAt',
      'accessToken',
    ]);
  });
});

describe('restoreSession', () => {
  it('signs out without calling the API when no token is stored', async () => {
    const fetch = fakeApi({});
    await restoreSession();
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes the stored token, then loads the user', async () => {
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: anHourAgo() });
    const expiresAt = inAnHour();
    const calls: string[] = [];
    fakeApi({
      'POST /api/v1/auth/refresh': (init) => {
        calls.push(`refresh with ${bearer(init) ?? 'no token'}`);
        return json(200, { accessToken: 'new', accessExpiresAt: expiresAt });
      },
      'GET /api/v1/users/me': (init) => {
        calls.push(`me with ${bearer(init)}`);
        return json(200, user);
      },
    });
    await restoreSession();
    expect(calls).toEqual(['refresh with no token', 'me with Bearer new']);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed_in', accessToken: 'new' });
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
    expect(persisted()).toMatchObject({
      state: { accessToken: 'new', accessExpiresAt: expiresAt },
    });
  });

  it('signs out and forgets the token when the refresh fails', async () => {
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: inAnHour() });
    fakeApi({ 'POST /api/v1/auth/refresh': () => json(401, { code: 401, message: '' }) });
    await restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
    expect(persisted()).toMatchObject({ state: { accessToken: null, accessExpiresAt: null } });
  });

  it('signs out when the refresh cannot reach the server', async () => {
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: inAnHour() });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await restoreSession();
    expect(useAuthStore.getState().status).toBe('anonymous');
  });

  it('stays signed in on a reload right after sign-in: waits out the refresh gap once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: inAnHour() });
    const at = refreshAnswers(tooFrequent, () =>
      json(200, { accessToken: 'new', accessExpiresAt: inAnHour() }),
    );
    const restoring = restoreSession();
    await vi.advanceTimersByTimeAsync(1_000);
    await restoring;
    expect(at).toHaveLength(2);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed_in', accessToken: 'new' });
    // The notice's store is loaded on a 429 that opens it.
    await vi.dynamicImportSettled();
    expect(useRateLimitNotice.getState().open).toBe(false);
  });

  it('signs out when the refresh is still refused after waiting once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: inAnHour() });
    const at = refreshAnswers(tooFrequent, tooFrequent);
    const restoring = restoreSession();
    await vi.advanceTimersByTimeAsync(1_000);
    await restoring;
    expect(at).toHaveLength(2);
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
  });

  it('signs out when the user cannot be loaded', async () => {
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: inAnHour() });
    fakeApi({
      'POST /api/v1/auth/refresh': () =>
        json(200, { accessToken: 'new', accessExpiresAt: inAnHour() }),
      'GET /api/v1/users/me': () => json(500, {}),
    });
    await restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
  });
});

describe('access token lifecycle', () => {
  it('treats a token as expired a little before its expiry', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(isAccessTokenExpired('2030-01-01T00:00:05Z', now)).toBe(true);
    expect(isAccessTokenExpired('2030-01-01T00:01:00Z', now)).toBe(false);
    expect(isAccessTokenExpired(null, now)).toBe(true);
    expect(isAccessTokenExpired('not a date', now)).toBe(true);
  });

  it('uses a valid token as it is', async () => {
    useAuthStore.getState().setSession({ accessToken: 'tok', accessExpiresAt: inAnHour() });
    const fetch = fakeApi({});
    await expect(getValidAccessToken()).resolves.toBe('tok');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes an expired token before a request', async () => {
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: anHourAgo() });
    const seen: (string | undefined)[] = [];
    fakeApi({
      'POST /api/v1/auth/refresh': () =>
        json(200, { accessToken: 'new', accessExpiresAt: inAnHour() }),
      'GET /api/v1/languages': (init) => {
        seen.push(bearer(init));
        return json(200, []);
      },
    });
    await apiClient.get('/api/v1/languages');
    expect(seen).toEqual(['Bearer new']);
  });

  it('shares one refresh between concurrent callers', async () => {
    useAuthStore.getState().setSession({ accessToken: 'old', accessExpiresAt: anHourAgo() });
    const fetch = fakeApi({
      'POST /api/v1/auth/refresh': () =>
        json(200, { accessToken: 'new', accessExpiresAt: inAnHour() }),
    });
    const tokens = await Promise.all([refreshSession(), refreshSession(), getValidAccessToken()]);
    expect(tokens).toEqual(['new', 'new', 'new']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not refresh again within a second of the last attempt', async () => {
    useAuthStore.getState().setSession({ accessToken: 'tok', accessExpiresAt: inAnHour() });
    useAuthStore.getState().markRefreshAttempt(Date.now());
    const fetch = fakeApi({});
    await expect(refreshSession()).resolves.toBe('tok');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits a second and tries again once when the refresh is too frequent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    useAuthStore.setState({
      accessToken: 'tok',
      accessExpiresAt: anHourAgo(),
      status: 'signed_in',
    });
    const at = refreshAnswers(tooFrequent, () =>
      json(200, { accessToken: 'new', accessExpiresAt: inAnHour() }),
    );
    const refreshing = refreshSession();
    await vi.advanceTimersByTimeAsync(999);
    expect(at).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(refreshing).resolves.toBe('new');
    expect(at).toHaveLength(2);
    // The notice's store is loaded on a 429 that opens it.
    await vi.dynamicImportSettled();
    expect(useRateLimitNotice.getState().open).toBe(false);
  });

  it('keeps the session when the refresh is refused as too frequent twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    useAuthStore.setState({
      accessToken: 'tok',
      accessExpiresAt: anHourAgo(),
      status: 'signed_in',
    });
    const at = refreshAnswers(tooFrequent, tooFrequent, tooFrequent);
    const refreshing = refreshSession();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(refreshing).resolves.toBeNull();
    expect(at).toHaveLength(2);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed_in', accessToken: 'tok' });
  });

  it('waits for the rest of the gap before refreshing an expired token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    useAuthStore.setState({
      accessToken: 'tok',
      accessExpiresAt: anHourAgo(),
      status: 'signed_in',
    });
    useAuthStore.getState().markRefreshAttempt(Date.now() - 300);
    const at = refreshAnswers(() => json(200, { accessToken: 'new', accessExpiresAt: inAnHour() }));
    const started = Date.now();
    const refreshing = refreshSession();
    await vi.advanceTimersByTimeAsync(699);
    expect(at).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(refreshing).resolves.toBe('new');
    expect((at[0] ?? 0) - started).toBe(700);
  });

  it('signs out when the server rejects the refresh', async () => {
    useAuthStore.setState({ accessToken: 'tok', accessExpiresAt: inAnHour(), status: 'signed_in' });
    fakeApi({ 'POST /api/v1/auth/refresh': () => json(401, {}) });
    await expect(refreshSession()).resolves.toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
  });

  it('keeps the session when the server fails the refresh (5xx): it did not judge the cookie', async () => {
    useAuthStore.setState({ accessToken: 'tok', accessExpiresAt: inAnHour(), status: 'signed_in' });
    fakeApi({ 'POST /api/v1/auth/refresh': () => json(503, { code: 503, message: 'down' }) });
    await expect(refreshSession()).resolves.toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed_in', accessToken: 'tok' });
  });

  it('keeps the session through a network blip during refresh', async () => {
    useAuthStore.setState({ accessToken: 'tok', accessExpiresAt: inAnHour(), status: 'signed_in' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(refreshSession()).resolves.toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed_in', accessToken: 'tok' });
  });
});

describe('signOut', () => {
  it('tells the server with the Bearer token, then clears the session and cached data', async () => {
    useAuthStore.setState({ accessToken: 'tok', accessExpiresAt: inAnHour(), status: 'signed_in' });
    queryClient.setQueryData(currentUserQueryKey, user);
    const seen: (string | undefined)[] = [];
    fakeApi({
      'POST /api/v1/auth/signout': (init) => {
        seen.push(bearer(init));
        return new Response(null, { status: 204 });
      },
    });
    await signOut();
    expect(seen).toEqual(['Bearer tok']);
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', accessToken: null });
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeUndefined();
  });

  it('signs out locally even when the server call fails', async () => {
    useAuthStore.setState({ accessToken: 'tok', accessExpiresAt: inAnHour(), status: 'signed_in' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await signOut();
    expect(useAuthStore.getState().status).toBe('anonymous');
  });
});
