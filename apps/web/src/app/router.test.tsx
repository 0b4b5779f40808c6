import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@parlo/contract/users';
import { readyMember } from '@/testing/users';
import { queryClient } from '@/lib/query-client';
import { useRateLimitNotice } from '@/lib/rate-limit-notice';
import { initTestI18n } from '@/testing/test-i18n';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { prefetchRouteData, preloadPages, routes } from '@/app/router';
import { useStartupStore } from '@/app/startup/startup-store';

const slow = { timeout: 5000 };

const readyUser = readyMember();

type Api = { healthy?: boolean; user?: User };

function fakeApi({ healthy = true, user }: Api) {
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init = {}) => {
    const key = `${init.method ?? 'GET'} ${input as string}`;
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
    if (key === 'GET /health') {
      return healthy ? json({ status: 'ok' }) : Promise.reject(new TypeError('Failed to fetch'));
    }
    if (key === 'POST /api/v1/auth/refresh' && user) {
      return json({ accessToken: 'tok', accessExpiresAt: '2099-01-01T00:00:00Z' });
    }
    if (key === 'GET /api/v1/users/me' && user) return json(user);
    return Promise.resolve(new Response('{}', { status: key.includes('signout') ? 204 : 401 }));
  });
  if (user) useAuthStore.getState().setSession({ accessToken: 'stored', accessExpiresAt: 'x' });
}

function renderApp(path: string, api: Api = {}) {
  fakeApi(api);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  const where = () => router.state.location.pathname + router.state.location.search;
  return { router, where };
}

beforeAll(async () => {
  await initTestI18n();
});

beforeEach(() => {
  // Scroll restoration runs on every navigation; jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  localStorage.clear();
  queryClient.clear();
  useStartupStore.setState({ status: 'loading', retrying: false });
  useAuthStore.setState({
    accessToken: null,
    accessExpiresAt: null,
    lastRefreshAttempt: null,
    status: 'unknown',
  });
  useRateLimitNotice.setState({ open: false });
  connectApiAuth();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('start-up', () => {
  it('shows the service-unavailable page on a protected route when /health fails', async () => {
    renderApp('/dashboard', { healthy: false });
    expect(
      await screen.findByRole('heading', { name: "We can't reach Parlo right now" }),
    ).toBeTruthy();
    expect(screen.getByText(/trouble connecting to our servers/)).toBeTruthy();
  });

  it("sends a stored session's refresh and user read beside the health check, and keeps the session when /health fails", async () => {
    renderApp('/dashboard', { healthy: false, user: readyUser });
    expect(
      await screen.findByRole('heading', { name: "We can't reach Parlo right now" }),
    ).toBeTruthy();
    const calls = vi
      .mocked(globalThis.fetch)
      .mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${input as string}`);
    expect(calls).toContain('POST /api/v1/auth/refresh');
    expect(calls).toContain('GET /api/v1/users/me');
    expect(useAuthStore.getState().accessToken).not.toBeNull();
    expect(useAuthStore.getState().status).not.toBe('anonymous');
  });

  it('runs once: a second start after the first has finished sends nothing again', async () => {
    fakeApi({ user: readyUser });
    await useStartupStore.getState().start();
    expect(useStartupStore.getState().status).toBe('ready');
    const sent = vi.mocked(globalThis.fetch).mock.calls.length;
    expect(sent).toBeGreaterThanOrEqual(3);
    await useStartupStore.getState().start();
    expect(vi.mocked(globalThis.fetch).mock.calls.length).toBe(sent);
  });

  it("asks for the dashboard's data beside the start-up, and the dashboard then shows it without asking again", async () => {
    fakeApi({ user: readyUser });
    const answers: Record<string, unknown> = {
      'GET /api/v1/usages': [],
      'GET /api/v1/bonus-tokens/count': { count: 7 },
      'GET /api/v1/users/me/calibration': { data: [] },
      'GET /api/v1/sessions?page=1&pageSize=10': {
        data: [],
        page: 1,
        pageSize: 10,
        total: 0,
        totalPages: 0,
      },
    };
    const answerUser = vi.mocked(globalThis.fetch).getMockImplementation();
    vi.mocked(globalThis.fetch).mockImplementation((input, init = {}) => {
      const key = `${init.method ?? 'GET'} ${input as string}`;
      if (key === 'GET /api/v1/subscriptions/user/active') {
        return Promise.resolve(
          new Response('{"code":"not_found","message":"none"}', { status: 404 }),
        );
      }
      if (key in answers) return Promise.resolve(new Response(JSON.stringify(answers[key])));
      return answerUser!(input, init);
    });
    const dataKeys = [...Object.keys(answers), 'GET /api/v1/subscriptions/user/active'];
    const asked = () =>
      vi
        .mocked(globalThis.fetch)
        .mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${input as string}`)
        .filter((key) => dataKeys.includes(key));

    // As the app's start does: the page's code, the start-up and the page's data, all at once.
    await Promise.all([
      preloadPages('/dashboard'),
      useStartupStore.getState().start(),
      prefetchRouteData('/dashboard', queryClient),
    ]);
    expect(asked().sort()).toEqual([...dataKeys].sort());

    renderApp('/dashboard', { user: readyUser });
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, slow)).toBeTruthy();
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
    expect(asked().sort()).toEqual([...dataKeys].sort());
  }, 20_000);

  it('asks for no data for a page that declares none', async () => {
    fakeApi({});
    await prefetchRouteData('/settings/general', queryClient);
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('retries, and carries on once the API answers', async () => {
    const { where } = renderApp('/dashboard', { healthy: false });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    vi.mocked(globalThis.fetch).mockRestore();
    fakeApi({ healthy: true });
    await userEvent.click(retry);
    await waitFor(() => expect(where()).toBe('/auth/signin?returnTo=%2Fdashboard'));
  });

  it('still shows public pages when /health fails', async () => {
    renderApp('/info/faq', { healthy: false });
    expect(await screen.findByRole('link', { name: 'Sign in' }, slow)).toBeTruthy();
    expect(screen.queryByText(/trouble connecting/)).toBeNull();
  });
});

describe('routes for a visitor', () => {
  it('sends a visitor from a protected page to sign in with the way back', async () => {
    const { where } = renderApp('/search');
    await waitFor(() => expect(where()).toBe('/auth/signin?returnTo=%2Fsearch'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Parlo' }, slow)).toBeTruthy();
  });

  it('sends unknown paths to the landing page', async () => {
    const { where } = renderApp('/no/such/page');
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('offers the three providers and the age and terms notice on sign-in', async () => {
    renderApp('/auth/signin');
    for (const name of ['Continue with Google', 'Continue with KakaoTalk', 'Continue with Line']) {
      expect(await screen.findByRole('button', { name }, slow)).toBeTruthy();
    }
    expect(screen.getByText(/at least 16 years old/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Terms of Service' }).length).toBeGreaterThan(0);
  });

  it('shows the visitor header and footer', async () => {
    renderApp('/info/about');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Parlo home' }).getAttribute('href')).toBe('/');
    expect(within(banner).getAllByRole('link', { name: 'About' }).length).toBeGreaterThan(0);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe(
      '/info/faq',
    );
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Parlo`)).toBeTruthy();
  });
});

describe('routes for a signed-in user', () => {
  it('restores the session and moves the user from sign-in to the dashboard', async () => {
    const { where } = renderApp('/auth/signin', { user: readyUser });
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, slow)).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Parlo home' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(banner).getByRole('button', { name: 'Account menu for Ana Souza' })).toBeTruthy();
  });

  it('moves a signed-in user from the landing page to returnTo', async () => {
    const { where } = renderApp('/?returnTo=%2Fsettings%2Flanguages', { user: readyUser });
    await waitFor(() => expect(where()).toBe('/settings/languages'));
  });

  it('redirects /settings to /settings/general', async () => {
    const { where } = renderApp('/settings', { user: readyUser });
    await waitFor(() => expect(where()).toBe('/settings/general'));
  });

  it('sends a user without a profile to onboarding with the way back', async () => {
    const { where } = renderApp('/search', { user: { ...readyUser, profile: null } });
    await waitFor(() => expect(where()).toBe('/onboarding?returnTo=%2Fsearch'));
  });

  it('shows a blocked user the blocked page but still opens general settings', async () => {
    const blocked = {
      ...readyUser,
      status: 'temporarily_blocked' as const,
      blockedAt: '2025-01-01T00:00:00Z',
      blockedUntil: '2099-01-01T00:00:00Z',
    };
    renderApp('/dashboard', { user: blocked });
    expect(
      await screen.findByRole('heading', { name: 'Your account is temporarily restricted' }, slow),
    ).toBeTruthy();
    cleanup();
    useStartupStore.setState({ status: 'loading' });
    renderApp('/settings/general', { user: blocked });
    expect(await screen.findByRole('heading', { name: 'Settings' }, slow)).toBeTruthy();
  });

  it('signs out from the account menu', async () => {
    const { where } = renderApp('/dashboard', { user: readyUser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Souza' }));
    // The menu opens as soon as its code has loaded.
    expect(await screen.findByText('Active')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(useAuthStore.getState().status).toBe('anonymous');
  });
});

describe('app-wide notices and header controls', () => {
  it('opens the rate-limit notice and dismisses it on Try again', async () => {
    renderApp('/info/about');
    await screen.findByRole('banner');
    act(() => useRateLimitNotice.getState().show());
    const dialog = await screen.findByRole('dialog', { name: 'Rate Limit Exceeded' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useRateLimitNotice.getState().open).toBe(false);
  });

  it('switches the interface language, caches it and sets <html lang>', async () => {
    renderApp('/info/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Español' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    await act(async () => {
      await initTestI18n();
    });
  });

  it('opens the mobile menu, focuses its first link and closes on Escape', async () => {
    renderApp('/info/about');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    expect(document.activeElement?.textContent).toBe('About');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
  });
});
