import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { activeSubscriptionQueryKey } from '@/lib/api/get-active-subscription';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { freePlan, premiumPlan, subscriptionOf } from '@/testing/tokens';
import { PremiumPage } from '@/features/premium/components/premium-page';

function renderPremium(subscription = subscriptionOf(freePlan)) {
  const get = vi
    .spyOn(apiClient, 'get')
    .mockImplementation((path) =>
      path === '/api/v1/plans'
        ? Promise.resolve([premiumPlan, freePlan])
        : Promise.reject(new Error(`unexpected ${path}`)),
    );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(activeSubscriptionQueryKey, subscription);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Suspense fallback={null}>
          <PremiumPage />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { get };
}

beforeAll(async () => {
  await initTestI18n(['common', 'tokens']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useBonusTokensDialog.setState({ open: false });
});

describe('PremiumPage', () => {
  it('compares the plans from the API, with -1 read as Unlimited', async () => {
    renderPremium();
    const table = await screen.findByRole('table', { name: 'Compare plans' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Per day', 'FreeYour plan', 'Premium']);
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td');
    expect([...row('Conversation tokens')].map((cell) => cell.textContent)).toEqual([
      '3',
      'Unlimited',
    ]);
    expect([...row('Session limit')].map((cell) => cell.textContent)).toEqual(['10', 'Unlimited']);
    expect([...row('Ads')].map((cell) => cell.textContent)).toEqual(['Shown', 'None']);
    expect([...row('Rewarded videos')].map((cell) => cell.textContent)).toEqual(['5', '5']);
    expect(document.title).toBe('Premium · Parlo');
  });

  it('explains Premium is granted on request, with no checkout and no price', async () => {
    renderPremium();
    await screen.findByRole('table');
    expect(screen.getByText(/Payments aren't available in the app yet/)).toBeTruthy();
    expect(screen.getByText(/the Parlo team grants Premium on request/)).toBeTruthy();
    expect(screen.queryByText(/[$€£]|checkout|buy now/i)).toBeNull();
  });

  it('offers bonus tokens to a free user in the meantime', async () => {
    renderPremium();
    fireEvent.click(await screen.findByRole('button', { name: 'Get bonus tokens' }));
    expect(useBonusTokensDialog.getState().open).toBe(true);
  });

  it("shows a premium user's plan and its end date", async () => {
    renderPremium(subscriptionOf(premiumPlan, '2099-03-01T00:00:00.000Z'));
    expect((await screen.findByText('Your plan:')).parentElement?.textContent).toBe(
      'Your plan:Premiumactive until March 1, 2099',
    );
    expect(screen.queryByRole('button', { name: 'Get bonus tokens' })).toBeNull();
  });
});
