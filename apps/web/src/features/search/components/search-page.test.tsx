import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import type { User } from '@parlo/contract/users';
import { ApiError, apiClient } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { useDeviceTestDialog } from '@/lib/device-test-dialog-store';
import { realtimeSocket, type SocketStatus } from '@/lib/realtime/socket-client';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { seedTokens } from '@/testing/tokens';
import { SearchPage } from '@/features/search/components/search-page';
import { CONNECTION_WAIT_MS } from '@/features/search/hooks/use-search';

const user = {
  id: 'u1',
  username: 'ana@example.com',
  referralId: 'ref-42',
  profile: { languageCode: 'en', languages: [{ languageCode: 'en' }] },
} as unknown as User;

const stats = { users_online: 12, avg_wait_time_ms: 45_000 };

let getUserMedia: ReturnType<typeof vi.fn>;
let post: MockInstance<typeof apiClient.post>;
let messageListeners: Map<string, (payload: unknown) => void>;

function renderSearch(
  tokens: Parameters<typeof seedTokens>[1] = { used: { tokens: 1 } },
  currentUser: User = user,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  seedTokens(client, tokens);
  client.setQueryData(currentUserQueryKey, currentUser);
  client.setQueryData(['stats', 'en'], stats);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/search']}>
        <Routes>
          <Route path="/search" element={<SearchPage />} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const findButton = () => screen.getByRole('button', { name: 'Find Session • 7 min' });

beforeAll(async () => {
  await initTestI18n(['common', 'tokens', 'search', 'realtime']);
});

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(new Date('2099-01-01T18:48:00.000Z'));
  getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [{ stop: vi.fn() }] }));
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  vi.spyOn(realtimeSocket, 'status').mockReturnValue('connected');
  messageListeners = new Map();
  vi.spyOn(realtimeSocket, 'on').mockImplementation((type, listener) => {
    messageListeners.set(type, listener as (payload: unknown) => void);
    return () => messageListeners.delete(type);
  });
  vi.spyOn(apiClient, 'get').mockResolvedValue(stats);
  post = vi
    .spyOn(apiClient, 'post')
    .mockImplementation((path) =>
      Promise.resolve(
        path === '/api/v1/match/find'
          ? { status: 'searching', languageCode: 'en', searchStartTime: new Date().toISOString() }
          : { cancelled: true },
      ),
    );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useBonusTokensDialog.setState({ open: false });
  useDeviceTestDialog.setState({ open: false });
});

describe('SearchPage without tokens', () => {
  it('says the tokens are gone, counts down to the reset each minute and offers more', async () => {
    renderSearch({ used: { tokens: 3 }, resetsAt: '2099-01-02T00:00:00.000Z' });

    expect(screen.getByRole('heading', { name: 'Find a partner' })).toBeTruthy();
    expect(
      screen.getByText(
        'You used all conversation tokens today, get bonus tokens to continue practicing',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Resets in 5 h 12 min')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Find Session • 7 min' })).toBeNull();

    await advance(60_000);
    expect(screen.getByText('Resets in 5 h 11 min')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Go Premium' }).getAttribute('href')).toBe('/premium');
    fireEvent.click(screen.getByRole('button', { name: 'Get More' }));
    expect(useBonusTokensDialog.getState()).toMatchObject({ open: true, mode: 'choice' });
  });

  it('offers Premium but no bonus tokens at the daily session limit', () => {
    renderSearch({ used: { tokens: 1, session_limit: 10 }, bonus: 4 });
    expect(screen.getByText(/You reached today's session limit/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get More' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go Premium' })).toBeTruthy();
  });
});

describe('SearchPage start view', () => {
  it('shows the stats, Find Session, the token note and the device test', () => {
    renderSearch();
    expect(screen.queryByRole('button', { name: 'Get More' })).toBeNull();
    expect(findButton()).toBeTruthy();
    expect(screen.getByText('1 token per session')).toBeTruthy();
    expect(screen.getByText('Active learners')).toBeTruthy();
    expect(screen.getByTestId('stats-online').textContent).toBe('12');
    expect(screen.getByTestId('stats-wait').textContent).toBe('about 45 seconds');
    fireEvent.click(screen.getByRole('button', { name: 'Test camera and microphone' }));
    expect(useDeviceTestDialog.getState().open).toBe(true);
  });

  it('redirects to /dashboard without a current language', () => {
    renderSearch(undefined, { ...user, profile: { ...user.profile, languageCode: null } } as User);
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });
});

describe('SearchPage in a second tab', () => {
  it('shows the multiple-sessions notice instead of Find Session when another tab holds the socket', () => {
    vi.spyOn(realtimeSocket, 'status').mockReturnValue('duplicate_connection');
    renderSearch();
    expect(screen.getByRole('heading', { name: 'Multiple sessions detected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Find Session • 7 min' })).toBeNull();
  });

  it('replaces the start view as soon as the server refuses the socket with 4999', () => {
    let notify = () => {};
    vi.spyOn(realtimeSocket, 'onStatus').mockImplementation((listener) => {
      notify = () => listener(realtimeSocket.status());
      return () => {};
    });
    renderSearch();
    expect(findButton()).toBeTruthy();

    vi.spyOn(realtimeSocket, 'status').mockReturnValue('duplicate_connection');
    act(() => notify());
    expect(screen.queryByRole('button', { name: 'Find Session • 7 min' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Multiple sessions detected' })).toBeTruthy();
  });
});

describe('SearchPage search', () => {
  it('checks media, finds, counts the elapsed time and cancels', async () => {
    renderSearch();
    fireEvent.click(findButton());
    expect(screen.getByText('Checking camera and microphone…')).toBeTruthy();
    await advance(0);
    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });
    expect(post).toHaveBeenCalledWith(
      '/api/v1/match/find',
      { languageCode: 'en' },
      { rateLimitNotice: false },
    );
    expect(screen.getByRole('heading', { name: 'Looking for a partner…' })).toBeTruthy();
    expect(screen.getByTestId('search-elapsed').textContent).toBe('00:00');
    await advance(65_000 - 60_000 + 7_000);
    expect(screen.getByTestId('search-elapsed').textContent).toBe('00:12');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(post).toHaveBeenLastCalledWith('/api/v1/match/cancel');
    expect(findButton()).toBeTruthy();
  });

  it('gives up after 60 s, leaves the queue and offers the referral link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    await advance(59_999);
    expect(post).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(post).toHaveBeenLastCalledWith('/api/v1/match/cancel');
    expect(
      screen.getByRole('heading', { name: "We couldn't find a partner right now" }),
    ).toBeTruthy();
    expect(screen.getByText(/A partner usually takes up to a minute/)).toBeTruthy();
    const link = screen.getByLabelText<HTMLInputElement>('Your invitation link');
    expect(link.value).toBe('http://localhost:3000/?ref=ref-42');
    expect(link.readOnly).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/?ref=ref-42');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await advance(2_000);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Looking for a partner…' })).toBeTruthy();
  });

  it('shows the found state on session_created and does not cancel when the page closes', async () => {
    const view = renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    act(() => messageListeners.get('session_created')?.({}));
    expect(screen.getByText('Partner found! Connecting…')).toBeTruthy();
    view.unmount();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('leaves the queue when the page closes mid-search', async () => {
    const view = renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    view.unmount();
    expect(post).toHaveBeenLastCalledWith('/api/v1/match/cancel');
  });

  it('refuses to search when the realtime connection does not come back in time', async () => {
    vi.spyOn(realtimeSocket, 'status').mockReturnValue('reconnecting');
    renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    expect((findButton() as HTMLButtonElement).disabled).toBe(true);
    await advance(CONNECTION_WAIT_MS - 100);
    expect(screen.queryByRole('heading', { name: 'Not connected' })).toBeNull();
    await advance(100);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalledWith('/api/v1/match/find', expect.anything());
    expect(screen.getByRole('heading', { name: 'Not connected' })).toBeTruthy();
  });

  it('refuses at once when the socket cannot connect by itself', async () => {
    vi.spyOn(realtimeSocket, 'status').mockReturnValue('connection_failed');
    renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Not connected' })).toBeTruthy();
  });

  it('waits for a connection on its way (a page just opened), then searches', async () => {
    const status = vi.spyOn(realtimeSocket, 'status').mockReturnValue('connecting');
    let notify: (status: SocketStatus) => void = () => {};
    vi.spyOn(realtimeSocket, 'onStatus').mockImplementation((listener) => {
      notify = listener;
      return () => {};
    });
    renderSearch();
    fireEvent.click(findButton());
    await advance(500);
    expect(getUserMedia).not.toHaveBeenCalled();
    status.mockReturnValue('connected');
    act(() => notify('connected'));
    await advance(0);
    expect(getUserMedia).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Looking for a partner…' })).toBeTruthy();
  });

  it('explains denied media and retries with Allow access', async () => {
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Camera and microphone blocked' })).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Allow access' }));
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Looking for a partner…' })).toBeTruthy();
  });

  it('says when no camera or microphone exists', async () => {
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'NotFoundError' }));
    renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    expect(screen.getByRole('heading', { name: 'No camera or microphone found' })).toBeTruthy();
  });

  it.each([
    [new ApiError(1001, '', 'http', 409), "You're already in a call"],
    [new ApiError(500, '', 'http', 500), 'Something went wrong'],
  ])('shows the error view for %o', async (error, heading) => {
    post.mockRejectedValueOnce(error);
    renderSearch();
    fireEvent.click(findButton());
    await advance(0);
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  });

  it('shows the no-tokens notice with the bonus button on 1002', async () => {
    post.mockRejectedValueOnce(new ApiError(1002, '', 'http', 429));
    renderSearch({ used: { tokens: 1 } });
    fireEvent.click(findButton());
    await advance(0);
    expect(
      screen.getByRole('heading', {
        name: 'You used all conversation tokens today, get bonus tokens to continue practicing',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get bonus tokens' }));
    expect(useBonusTokensDialog.getState().open).toBe(true);
  });
});
