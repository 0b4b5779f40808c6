import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { initTestI18n } from '@/testing/test-i18n';
import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { PENDING_SIGN_IN_KEY, savePendingSignIn } from '@/features/auth/lib/pending-sign-in';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeApi, json, type FakeRoute } from '@/features/auth/testing/fake-api';

const SIGN_IN = 'POST /api/v1/auth/signin/oauth';
const ME = 'GET /api/v1/users/me';
const STATE = 'state-0123456789abcdef0123456789abcdef';
const user = { id: 'u1', username: 'ana@example.com', status: 'active', profile: null };

let codes = 0;
const nextCode = () => `page-code-${(codes += 1)}`;

function serverAccepting(overrides: Record<string, FakeRoute> = {}) {
  return fakeApi({
    [SIGN_IN]: () =>
      json(200, { accessToken: 'access-1', accessExpiresAt: '2099-01-01T00:00:00Z' }),
    [ME]: () => json(200, user),
    ...overrides,
  });
}

/** The callback inside a router, under StrictMode like the app, with stand-ins for the targets. */
function renderCallback(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback/:provider?', element: <AuthCallbackPage /> },
      { path: '/auth/signin', element: <h1>Sign-in page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/search', element: <h1>Search page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { where: () => router.state.location.pathname + router.state.location.search };
}

beforeAll(async () => {
  await initTestI18n();
});

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
  cleanup();
  vi.restoreAllMocks();
});

describe('AuthCallbackPage', () => {
  it('shows the progress, exchanges the code once under StrictMode and goes to returnTo', async () => {
    savePendingSignIn({
      provider: 'kakao',
      state: STATE,
      codeVerifier: 'v'.repeat(64),
      nonce: 'n'.repeat(32),
      returnTo: '/search',
    });
    let releaseUser: () => void = () => {};
    const api = serverAccepting({
      [ME]: () =>
        new Promise((resolve) => {
          releaseUser = () => resolve(json(200, user));
        }),
    });
    const { where } = renderCallback(`/auth/callback/kakao?code=${nextCode()}&state=${STATE}`);

    expect(await screen.findByRole('heading', { name: 'Setting Up Your Account' })).toBeTruthy();
    expect(await screen.findByText('Almost there...')).toBeTruthy();
    act(() => releaseUser());

    expect(await screen.findByRole('heading', { name: 'Search page' })).toBeTruthy();
    expect(where()).toBe('/search');
    expect(api.callsTo(SIGN_IN)).toHaveLength(1);
    expect(useAuthStore.getState().status).toBe('signed_in');
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('starts with the credentials step', async () => {
    savePendingSignIn({
      provider: 'google',
      state: STATE,
      codeVerifier: 'v'.repeat(64),
      nonce: 'n'.repeat(32),
      returnTo: null,
    });
    serverAccepting({ [SIGN_IN]: () => new Promise(() => {}) });
    renderCallback(`/auth/callback?code=${nextCode()}&state=${STATE}`);
    expect(await screen.findByText('Verifying your credentials...')).toBeTruthy();
  });

  it('goes to the dashboard by default', async () => {
    savePendingSignIn({
      provider: 'google',
      state: STATE,
      codeVerifier: 'v'.repeat(64),
      nonce: 'n'.repeat(32),
      returnTo: null,
    });
    serverAccepting();
    const { where } = renderCallback(`/auth/callback/google?code=${nextCode()}&state=${STATE}`);
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it.each([
    [
      'no code',
      `/auth/callback/google?state=${STATE}&error=access_denied`,
      'No authorization code received. Please try signing in again.',
    ],
    [
      'an unknown provider',
      `/auth/callback/myspace?code=c&state=${STATE}`,
      'Invalid authentication provider. Please try signing in again.',
    ],
    [
      'a state this tab did not send',
      `/auth/callback/google?code=c&state=forged-state-0123456789`,
      'Something went wrong during sign in. Please try again.',
    ],
  ])('shows the error card for %s without calling the server', async (_name, path, message) => {
    savePendingSignIn({
      provider: 'google',
      state: STATE,
      codeVerifier: 'v'.repeat(64),
      nonce: 'n'.repeat(32),
      returnTo: null,
    });
    const api = serverAccepting();
    renderCallback(path.replace('code=c', `code=${nextCode()}`));
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeTruthy();
    expect(screen.getByText("We couldn't complete the sign in process")).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    [
      410,
      'This account has been deleted. Please create a new account or contact support if you believe this is an error.',
    ],
    [401, 'Something went wrong during sign in. Please try again.'],
    [500, 'Something went wrong during sign in. Please try again.'],
  ])('explains a %i from the exchange and leads back to sign-in', async (status, message) => {
    savePendingSignIn({
      provider: 'line',
      state: STATE,
      codeVerifier: 'v'.repeat(64),
      nonce: 'n'.repeat(32),
      returnTo: null,
    });
    serverAccepting({ [SIGN_IN]: () => json(status, { code: status, message: '' }) });
    const { where } = renderCallback(`/auth/callback/line?code=${nextCode()}&state=${STATE}`);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(useAuthStore.getState().accessToken).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Return to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(where()).toBe('/auth/signin');
  });

  it('sends a user who is already signed in on, without touching the session', async () => {
    useAuthStore.setState({ accessToken: 'tok', status: 'signed_in' });
    const api = serverAccepting();
    const { where } = renderCallback(`/auth/callback/google?code=${nextCode()}&state=${STATE}`);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(api.calls).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: 'tok', status: 'signed_in' });
  });
});
