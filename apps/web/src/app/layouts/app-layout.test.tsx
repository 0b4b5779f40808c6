import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@parlo/contract/users';
import { readyMember } from '@/testing/users';
import { currentUserQueryKey } from '@/lib/current-user';
import { initTestI18n } from '@/testing/test-i18n';
import { fakeApi, json } from '@/features/auth/testing/fake-api';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { AppLayout } from '@/app/layouts/app-layout';
import { routeHandle } from '@/app/route-access';

// The socket is not what these tests are about.
vi.mock('@/app/realtime/member-realtime', () => ({ MemberRealtime: () => null }));

const WARNINGS = 'GET /api/v1/users/me/warnings';

const member = readyMember();

/** The layout around stand-in pages, with the access kinds of the real routes. */
function renderLayout(path: string, user: User) {
  const api = fakeApi({
    [WARNINGS]: () =>
      json(200, {
        data: [{ id: 'w1', reason: 'Be kind.', issuedAt: '2026-03-02T12:00:00.000Z' }],
      }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQueryKey, user);
  const page = (name: string) => <h1>{name}</h1>;
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout viewKey={0} />,
        children: [
          { path: 'dashboard', element: page('Dashboard'), handle: routeHandle('member') },
          { path: 'practice', element: page('Call'), handle: routeHandle('member') },
          { path: 'legal/terms', element: page('Terms'), handle: routeHandle('public') },
          { path: 'settings/general', element: page('Settings'), handle: routeHandle('account') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  const go = (to: string) => act(() => router.navigate(to));
  return { api, go };
}

const findWarning = () => screen.findByRole('alertdialog', { name: 'A moderator has warned you' });

beforeAll(async () => {
  await initTestI18n(['common', 'account-warning']);
});

beforeEach(() => {
  useAuthStore.setState({
    accessToken: 'tok',
    accessExpiresAt: '2099-01-01T00:00:00Z',
    status: 'signed_in',
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AppLayout and the moderator warning', () => {
  it('shows a member the warning, but not over a call nor on the Terms it links to', async () => {
    const { go } = renderLayout('/dashboard', member);
    expect(await findWarning()).toBeTruthy();

    await go('/practice');
    expect(await screen.findByRole('heading', { name: 'Call' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await go('/dashboard');
    expect(await findWarning()).toBeTruthy();

    await go('/legal/terms');
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('starts on the call page without asking, and asks once the member leaves it', async () => {
    const { api, go } = renderLayout('/practice', member);
    expect(await screen.findByRole('heading', { name: 'Call' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(api.callsTo(WARNINGS)).toHaveLength(0);

    await go('/dashboard');
    expect(await findWarning()).toBeTruthy();
    expect(api.callsTo(WARNINGS)).toHaveLength(1);
  });

  it.each([
    ['blocked', { ...member, status: 'blocked' as const, blockedAt: '2026-01-01T00:00:00Z' }],
    ['still onboarding', { ...member, profile: null }],
  ])('asks nothing of a user who is %s', async (_who, user) => {
    const { api } = renderLayout('/settings/general', user);
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(api.callsTo(WARNINGS)).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
