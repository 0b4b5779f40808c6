import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { seedTokens } from '@/testing/tokens';
import { SearchPage } from '@/features/search/components/search-page';

function renderSearch(tokens: Parameters<typeof seedTokens>[1]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  seedTokens(client, tokens);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n(['common', 'tokens']);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useBonusTokensDialog.setState({ open: false });
});

describe('SearchPage without tokens', () => {
  it('says the tokens are gone, counts down to the reset each minute and offers more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'Date'] });
    vi.setSystemTime(new Date('2099-01-01T18:48:00.000Z'));
    renderSearch({ used: { tokens: 3 }, resetsAt: '2099-01-02T00:00:00.000Z' });

    expect(screen.getByRole('heading', { name: 'Find a partner' })).toBeTruthy();
    expect(
      screen.getByText(
        'You used all conversation tokens today, get bonus tokens to continue practicing',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Resets in 5 h 12 min')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByText('Resets in 5 h 11 min')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Go Premium' }).getAttribute('href')).toBe('/premium');
    fireEvent.click(screen.getByRole('button', { name: 'Get More' }));
    expect(useBonusTokensDialog.getState()).toMatchObject({ open: true, mode: 'choice' });
  });

  it('shows only the title while tokens are left', () => {
    renderSearch({ used: { tokens: 1 } });
    expect(screen.getByRole('heading', { name: 'Find a partner' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get More' })).toBeNull();
  });

  it('offers Premium but no bonus tokens at the daily session limit', () => {
    renderSearch({ used: { tokens: 1, session_limit: 10 }, bonus: 4 });
    expect(screen.getByText(/You reached today's session limit/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get More' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go Premium' })).toBeTruthy();
  });
});
