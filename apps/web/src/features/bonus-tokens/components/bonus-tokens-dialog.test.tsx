import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@parlo/contract/users';
import { ApiError, apiClient } from '@/lib/api-client';
import { bonusTokenCountQueryKey } from '@/lib/api/get-bonus-token-count';
import { currentUserQueryKey } from '@/lib/current-user';
import type { BonusTokensMode } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { seedTokens } from '@/testing/tokens';
import { BonusTokensDialog } from '@/features/bonus-tokens/components/bonus-tokens-dialog';

const user = { id: 'u1', username: 'ana@example.com', referralId: 'ref-42' } as User;

const adView = {
  id: '4f1c2a9e-0000-4000-8000-000000000001',
  startedAt: '2099-01-01T10:00:00Z',
  claimableAt: '2099-01-01T10:00:15Z',
  rewardsLeft: 3,
};

function renderDialog(options: { mode?: BonusTokensMode; adsUsed?: number } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQueryKey, user);
  seedTokens(client, { used: { tokens: 3, video_ad_rewards: options.adsUsed ?? 2 } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <BonusTokensDialog open mode={options.mode ?? 'choice'} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { client, onClose };
}

/** Lets the fake clock run, with the promises it settles. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** The video plays in a test: its clock is ours to move. */
function fakeVideo(play: () => Promise<void> = () => Promise.resolve()) {
  let currentTime = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(() => currentTime);
  const playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  return {
    playSpy,
    pause,
    setTime: (seconds: number) => {
      currentTime = seconds;
    },
  };
}

function setNavigator(values: Partial<Record<'clipboard' | 'share', unknown>>) {
  for (const [key, value] of Object.entries(values)) {
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
  }
}

beforeAll(async () => {
  await initTestI18n(['common', 'tokens']);
});

beforeEach(() => {
  setNavigator({ clipboard: undefined, share: undefined });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('BonusTokensDialog: choice', () => {
  it('offers a referral link and a video, with the videos left today', () => {
    renderDialog({ adsUsed: 2 });
    expect(screen.getByRole('dialog', { name: 'Get bonus tokens' })).toBeTruthy();
    const ad = screen.getByRole('button', { name: /Watch a short video/ });
    expect((ad as HTMLButtonElement).disabled).toBe(false);
    expect(ad.textContent).toContain('3 of 5 left today');
    expect(screen.getByRole('button', { name: /Invite a friend/ })).toBeTruthy();
  });

  it('disables the video with a limit text once the daily cap is reached', () => {
    renderDialog({ adsUsed: 5 });
    const ad = screen.getByRole('button', { name: /Watch a short video/ });
    expect((ad as HTMLButtonElement).disabled).toBe(true);
    expect(ad.textContent).toContain("You've watched all of today's videos");
    expect(ad.textContent).not.toContain('left today');
  });

  it('goes to the ad and back to the choice', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: /Watch a short video/ }));
    expect(screen.getByRole('button', { name: 'Start watching' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /Invite a friend/ })).toBeTruthy();
  });
});

describe('BonusTokensDialog: ad', () => {
  it('starts the view, shows progress every 250 ms, pauses and claims at 15 s, then thanks', async () => {
    vi.useFakeTimers();
    const video = fakeVideo();
    const post = vi
      .spyOn(apiClient, 'post')
      .mockImplementation((path) =>
        Promise.resolve(
          path === '/api/v1/bonus-tokens/ad-views'
            ? adView
            : { granted: 1, count: 1, adRewardsLeft: 2 },
        ),
      );
    vi.spyOn(apiClient, 'get').mockResolvedValue([]);
    const { client, onClose } = renderDialog({ mode: 'ad' });

    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    await advance(0);
    expect(post).toHaveBeenCalledWith('/api/v1/bonus-tokens/ad-views');
    expect(video.playSpy).toHaveBeenCalled();
    const progress = screen.getByRole('progressbar', { name: 'Video progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('15 seconds left')).toBeTruthy();
    expect(screen.getByLabelText('Parlo video').getAttribute('src')).toBe('/media/parlo-ad.webm');

    video.setTime(6.2);
    await advance(250);
    expect(progress.getAttribute('aria-valuenow')).toBe('6');
    expect(screen.getByText('9 seconds left')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);

    video.setTime(14.9);
    await advance(250);
    expect(screen.getByText('1 second left')).toBeTruthy();
    expect(video.pause).not.toHaveBeenCalled();

    video.setTime(15.1);
    await advance(250);
    expect(video.pause).toHaveBeenCalled();
    expect(post).toHaveBeenLastCalledWith('/api/v1/bonus-tokens', { adViewId: adView.id });
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText(/You earned 1 bonus token\./)).toBeTruthy();
    // The balance loads again wherever it is shown next.
    expect(client.getQueryState(bonusTokenCountQueryKey)?.isInvalidated).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says the daily limit is reached when the server refuses the start', async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError('BAD_REQUEST', 'Video ad limit reached for today', 'http', 400),
    );
    vi.spyOn(apiClient, 'get').mockResolvedValue([]);
    const { onClose } = renderDialog({ mode: 'ad' });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "You've reached today's limit of rewarded videos",
    );
    expect(screen.getByRole('heading', { name: 'Daily limit reached' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says the bonus could not be registered when the claim is refused', async () => {
    vi.useFakeTimers();
    const video = fakeVideo();
    vi.spyOn(apiClient, 'post').mockImplementation((path) =>
      path === '/api/v1/bonus-tokens/ad-views'
        ? Promise.resolve(adView)
        : Promise.reject(new ApiError(409, 'Already claimed', 'http', 409)),
    );
    vi.spyOn(apiClient, 'get').mockResolvedValue([]);
    renderDialog({ mode: 'ad' });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    await advance(0);
    video.setTime(15);
    await advance(250);
    expect(screen.getByRole('alert').textContent).toContain('Failed to register your bonus token');
  });

  it('says the video failed when the browser refuses to play it', async () => {
    vi.useFakeTimers();
    fakeVideo(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(adView);
    renderDialog({ mode: 'ad' });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toContain('Failed to play the video');
    await advance(20_000);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('says the video failed when it cannot be loaded', async () => {
    vi.useFakeTimers();
    fakeVideo();
    vi.spyOn(apiClient, 'post').mockResolvedValue(adView);
    renderDialog({ mode: 'ad' });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    await advance(0);
    fireEvent.error(screen.getByLabelText('Parlo video'));
    expect(screen.getByRole('alert').textContent).toContain('Failed to play the video');
  });
});

describe('BonusTokensDialog: referral', () => {
  const link = `${window.location.origin}/?ref=ref-42`;

  it('shows the read-only link and says Copied for 2 s after copying', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setNavigator({ clipboard: { writeText } });
    renderDialog({ mode: 'referral' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your invitation link' });
    expect(input.value).toBe(link);
    expect(input.readOnly).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await advance(1_900);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await advance(100);
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    setNavigator({ clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    renderDialog({ mode: 'referral' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to copy link, please copy it manually',
    );
  });

  it('shares the link, and a cancelled share is not an error', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
    setNavigator({ share });
    renderDialog({ mode: 'referral' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      // Past the refusal and whatever it would have shown.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says sharing failed for any other refusal', async () => {
    setNavigator({ share: vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError')) });
    renderDialog({ mode: 'referral' });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to share, try copying the link',
    );
  });

  it('copies instead where the browser cannot share', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setNavigator({ clipboard: { writeText } });
    renderDialog({ mode: 'referral' });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('closes with the Close button', () => {
    const { onClose } = renderDialog({ mode: 'referral' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
