import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDERS, type Provider } from '@parlo/contract/constants';
import { env } from '@/config/env';
import { initTestI18n } from '@/testing/test-i18n';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { PENDING_SIGN_IN_KEY, type PendingSignIn } from '@/features/auth/lib/pending-sign-in';
import { fakeApi, json } from '@/features/auth/testing/fake-api';

const providerPage = 'http://localhost:3000/dev-oauth/authorize';

function renderSignIn(path = '/auth/signin') {
  const router = createMemoryRouter([{ path: '/auth/signin', element: <SignInPage /> }], {
    initialEntries: [path],
  });
  render(
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>,
  );
}

let assign: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  await initTestI18n();
});

beforeEach(() => {
  sessionStorage.clear();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
});

const offer = (providers: readonly Provider[]) => {
  (env as { signInProviders: readonly Provider[] }).signInProviders = providers;
};

afterEach(() => {
  offer(PROVIDERS);
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SignInPage', () => {
  it('marks the chosen provider busy, disables the others and leaves for the provider', async () => {
    let answer: () => void = () => {};
    fakeApi({
      'GET /api/v1/auth/oauth/line/authorize-url': () =>
        new Promise((resolve) => {
          answer = () => resolve(json(200, { url: providerPage }));
        }),
    });
    renderSignIn('/auth/signin?returnTo=%2Fsettings%2Fgeneral');
    const line = await screen.findByRole('button', { name: 'Continue with Line' });
    await userEvent.click(line);

    expect(line.getAttribute('aria-busy')).toBe('true');
    for (const button of screen.getAllByRole('button'))
      expect(button).toHaveProperty('disabled', true);
    answer();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerPage));
    const pending = JSON.parse(
      sessionStorage.getItem(PENDING_SIGN_IN_KEY) ?? '{}',
    ) as PendingSignIn;
    expect(pending).toMatchObject({ provider: 'line', returnTo: '/settings/general' });
  });

  it('shows an inline error and enables the buttons again when the start fails', async () => {
    fakeApi({ 'GET /api/v1/auth/oauth/google/authorize-url': () => json(503, {}) });
    renderSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't start signing you in. Please check your connection and try again.",
    );
    for (const button of screen.getAllByRole('button'))
      expect(button).toHaveProperty('disabled', false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows only the buttons of providers the server can sign in with', async () => {
    offer(['google', 'line']);
    renderSignIn();
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Continue with Google',
      'Continue with Line',
    ]);
    expect(screen.queryByRole('button', { name: 'Continue with KakaoTalk' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says sign-in is unavailable, with no dead button, when no provider can sign in', async () => {
    offer([]);
    renderSignIn();
    expect((await screen.findByRole('status')).textContent).toBe(
      "Signing in isn't available right now. Please try again later.",
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
