import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@parlo/contract/profiles';
import type { Session, SessionList } from '@parlo/contract/sessions';
import type { User } from '@parlo/contract/users';
import { ApiError, apiClient } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { JUST_JOINED_STATE } from '@/lib/just-joined';
import { initTestI18n } from '@/testing/test-i18n';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

const profile: Profile = {
  id: 'u1',
  name: 'Ana',
  gender: 'female',
  country: 'ES',
  dateOfBirth: '2000-05-17T00:00:00.000Z',
  age: 25,
  imageUrl: null,
  languageCode: 'en',
  languages: [
    { id: 'l1', languageCode: 'en', proficiencyLevel: 'B1' },
    { id: 'l2', languageCode: 'es', proficiencyLevel: 'A2' },
  ],
};

const user: User = {
  id: 'u1',
  username: 'ana.lopez@example.com',
  status: 'active',
  blockedAt: null,
  blockedUntil: null,
  provider: 'google',
  imageUrl: null,
  profile,
  referralId: 'ref-1',
};

const HOUR = 3_600_000;

function session(index: number, partner: Partial<Session['user2']> = {}): Session {
  return {
    id: `s${index}`,
    startedAt: new Date(Date.now() - (index * 5 + 3.5) * HOUR).toISOString(),
    endedAt: null,
    durationSeconds: 420,
    languageCode: 'en',
    user1Id: 'u1',
    user2Id: 'p1',
    user1: { id: 'u1', name: 'Ana', country: 'ES', imageUrl: null },
    user2: { id: `p${index}`, name: `Partner ${index}`, country: 'KR', imageUrl: null, ...partner },
    initiator: true,
    endReason: 'time_up',
  };
}

function stubApi(pages: Record<number, () => Promise<SessionList>>) {
  const get = vi.spyOn(apiClient, 'get').mockImplementation((path, options) => {
    if (path === '/api/v1/users/me') return Promise.resolve(user);
    if (path === '/api/v1/sessions') {
      const page = Number(options?.query?.page);
      return pages[page]?.() ?? Promise.reject(new ApiError(404, '', 'http', 404));
    }
    return Promise.reject(new ApiError(404, '', 'http', 404));
  });
  const put = vi.spyOn(apiClient, 'put').mockResolvedValue(undefined);
  return { get, put };
}

const sessionCalls = (get: ReturnType<typeof stubApi>['get']) =>
  get.mock.calls.filter(([path]) => path === '/api/v1/sessions');

function renderDashboard(me: User | null, arrival: { state?: unknown } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (me) queryClient.setQueryData(currentUserQueryKey, me);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/search', element: <h1>Search page</h1> },
    ],
    { initialEntries: [{ pathname: '/dashboard', state: arrival.state }] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
}

const empty = () => Promise.resolve({ data: [], totalPages: 0 });

beforeAll(async () => {
  await initTestI18n(['common', 'forms', 'dashboard']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DashboardPage', () => {
  it('greets by profile name and links the start button to /search', async () => {
    stubApi({ 1: empty });
    renderDashboard(user);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana!' })).toBeTruthy();
    const start = screen.getByRole('link', { name: 'Start a session' });
    expect(start.getAttribute('href')).toBe('/search');
  });

  it('shows the page without the member while their data loads, the way in already usable', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(() => new Promise(() => {}));
    renderDashboard(null);
    expect(await screen.findByText('Ready for your next conversation?')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeTruthy();
    const start = screen.getByRole('link', { name: 'Start a session' });
    expect(start.getAttribute('href')).toBe('/search');
    expect(screen.queryByText(/Welcome/)).toBeNull();
    expect(screen.queryByText(/tokens? left/)).toBeNull();
  });

  it('says Welcome, not Welcome back, to someone who has just finished onboarding', async () => {
    stubApi({ 1: empty });
    renderDashboard(user, { state: JUST_JOINED_STATE });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana!' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('greets by the username before the at-sign when there is no profile name', async () => {
    stubApi({ 1: empty });
    renderDashboard({ ...user, profile: { ...profile, name: '  ' } });
    expect(await screen.findByRole('heading', { name: 'Welcome back, ana.lopez!' })).toBeTruthy();
  });

  it('disables the start button and prompts for a language without a current one', async () => {
    stubApi({ 1: empty });
    renderDashboard({ ...user, profile: { ...profile, languageCode: null } });
    const start = await screen.findByRole('button', { name: 'Start a session' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Start a session' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a language to practise' })).toBeTruthy();
  });

  it('opens the current language into a selector that switches it', async () => {
    const { put } = stubApi({ 1: empty });
    renderDashboard(user);
    const toggle = await screen.findByRole('button', { name: /Current language/ });
    expect(toggle.textContent).toContain('English');
    expect(toggle.textContent).toContain('B1 · Intermediate');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Manage languages' }).getAttribute('href')).toBe(
      '/settings/languages',
    );
    await userEvent.click(screen.getByRole('radio', { name: /Spanish/ }));
    expect(put).toHaveBeenCalledWith('/api/v1/languages/user/current', { languageCode: 'es' });
  });

  it('lists recent sessions with partner, flag, language, date and relative time', async () => {
    stubApi({
      1: () =>
        Promise.resolve({
          data: [session(0), session(1, { id: null, name: 'Deleted User', country: null })],
          totalPages: 1,
        }),
    });
    renderDashboard(user);
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Partner 0');
    expect(within(rows[0]!).getByRole('img', { name: 'South Korea' })).toBeTruthy();
    expect(rows[0]!.textContent).toContain('English');
    expect(rows[0]!.textContent).toContain('3 hours ago');
    expect(rows[1]!.textContent).toContain('Deleted User');
    expect(rows[1]!.textContent).toContain('8 hours ago');
    expect(rows[0]!.querySelector('time')?.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
  });

  it('shows the empty state', async () => {
    stubApi({ 1: empty });
    renderDashboard(user);
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
  });

  it('says when recent activity fails and tries again', async () => {
    let fail = true;
    stubApi({
      1: () =>
        fail
          ? Promise.reject(new ApiError(500, '', 'http', 500))
          : Promise.resolve({ data: [session(0)], totalPages: 1 }),
    });
    renderDashboard(user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load recent activity',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Partner 0')).toBeTruthy();
  });

  it('loads the next page when the list is scrolled within 50 px of its end', async () => {
    const page = (from: number) =>
      Promise.resolve({
        data: Array.from({ length: 10 }, (_, index) => session(from + index)),
        totalPages: 2,
      });
    const { get } = stubApi({ 1: () => page(0), 2: () => page(10) });
    // A list taller than its box: 1000 px of rows in 400 px.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    renderDashboard(user);
    const scroller = await screen.findByTestId('recent-sessions-scroll');
    expect(screen.getAllByText(/^Partner \d+$/)).toHaveLength(10);
    expect(sessionCalls(get)).toHaveLength(1);

    scroller.scrollTop = 500;
    fireEvent.scroll(scroller);
    expect(sessionCalls(get)).toHaveLength(1);

    scroller.scrollTop = 560;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getAllByText(/^Partner \d+$/)).toHaveLength(20));
    expect(sessionCalls(get).map(([, options]) => options?.query)).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]);
  });
});
