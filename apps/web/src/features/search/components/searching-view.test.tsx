import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/testing/test-i18n';
import { SearchingView } from '@/features/search/components/searching-view';

const START = new Date('2099-01-01T18:48:00.000Z').getTime();
const HINT = /matched again after about 25 seconds/;

function renderSearching(rematchAfterMs: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(['stats', 'en'], { users_online: 2, avg_wait_time_ms: 0 });
  render(
    <QueryClientProvider client={client}>
      <SearchingView
        languageCode="en"
        startedAt={START}
        rematchAfterMs={rematchAfterMs}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeAll(async () => {
  await initTestI18n(['common', 'search']);
});

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(START);
  vi.spyOn(apiClient, 'get').mockResolvedValue({ users_online: 2, avg_wait_time_ms: 0 });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SearchingView, the last partner', () => {
  it('says after a few seconds that the last partner comes back only after the hold', async () => {
    renderSearching(25_000);
    expect(screen.queryByText(HINT)).toBeNull();
    await advance(4_000);
    expect(screen.queryByText(HINT)).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('status').textContent).toMatch(HINT);
    await advance(21_000);
    expect(screen.getByText(HINT)).toBeTruthy();
    // By now the last partner would have been matched: the wait is for someone else.
    await advance(2_000);
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('says nothing of a last partner to someone who has none', async () => {
    renderSearching(null);
    await advance(10_000);
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('names the hold in every interface language', async () => {
    await i18n.changeLanguage('ko');
    try {
      await i18n.loadNamespaces(['search']);
      renderSearching(25_000);
      await advance(6_000);
      expect(screen.getByRole('status').textContent).toContain('약 25초 후에 다시 연결돼요');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
