import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingOverview } from '@parlo/contract/billing';
import type { Subscription } from '@parlo/contract/tokens';
import { apiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { activeSubscriptionQueryKey } from '@/lib/api/get-active-subscription';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { freePlan, premiumPlan, subscriptionOf } from '@/testing/tokens';
import { goTo } from '@/features/premium/lib/go-to';
import { PremiumPage } from '@/features/premium/components/premium-page';

vi.mock('@/features/premium/lib/go-to', () => ({ goTo: vi.fn() }));

const prices: BillingOverview['prices'] = [
  { currency: 'EUR', unitAmount: 499, interval: 'month' },
  { currency: 'JPY', unitAmount: 700, interval: 'month' },
];
const noPayments: BillingOverview = {
  purchasable: false,
  development: false,
  prices: [],
  currency: null,
  subscription: null,
  manageable: false,
};
const stripe: BillingOverview = { ...noPayments, purchasable: true, prices, currency: 'EUR' };

function renderPremium({
  subscription = subscriptionOf(freePlan),
  billing = noPayments,
  path = '/premium',
}: { subscription?: Subscription; billing?: BillingOverview; path?: string } = {}) {
  const state = { subscription, billing };
  vi.spyOn(apiClient, 'get').mockImplementation((url) => {
    if (url === '/api/v1/plans') return Promise.resolve([premiumPlan, freePlan]);
    if (url === '/api/v1/billing') return Promise.resolve(state.billing);
    if (url === '/api/v1/subscriptions/user/active') return Promise.resolve(state.subscription);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  const post = vi.spyOn(apiClient, 'post').mockImplementation((url) =>
    Promise.resolve({
      url: url.endsWith('/checkout') ? 'https://checkout.test/cs_1' : 'https://portal.test/bps_1',
    }),
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(activeSubscriptionQueryKey, subscription);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <PremiumPage />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { post, state };
}

beforeAll(async () => {
  await initTestI18n(['common', 'tokens']);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(goTo).mockClear();
  useBonusTokensDialog.setState({ open: false });
  await i18n.changeLanguage('en');
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

  it('without payments set up, hides the purchase and explains Premium is granted on request', async () => {
    renderPremium();
    expect(await screen.findByText(/Premium can't be bought in the app here/)).toBeTruthy();
    expect(screen.getByText(/The Parlo team grants Premium on request/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go Premium' })).toBeNull();
    expect(screen.queryByText(/[$€£¥]/)).toBeNull();
  });

  it("shows the price in the user's currency as the interface language writes it", async () => {
    renderPremium({ billing: stripe });
    expect((await screen.findByTestId('premium-price')).textContent).toBe('€4.99');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'JPY' } });
    expect(screen.getByTestId('premium-price').textContent).toBe('¥700');
    cleanup();
    await i18n.changeLanguage('es');
    renderPremium({ billing: stripe });
    expect((await screen.findByTestId('premium-price')).textContent).toBe('4,99\u00a0€');
  });

  it('opens Stripe Checkout in the chosen currency from Go Premium', async () => {
    const { post } = renderPremium({ billing: stripe });
    fireEvent.click(await screen.findByRole('button', { name: 'Go Premium' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    expect(post).toHaveBeenCalledWith('/api/v1/billing/checkout', { currency: 'EUR' });
  });

  it('back from Checkout, shows the payment as pending until the server has Premium', async () => {
    const { state } = renderPremium({ billing: stripe, path: '/premium?checkout=success' });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go Premium' })).toBeNull();
    state.subscription = subscriptionOf(premiumPlan, '2099-03-03T00:00:00.000Z');
    state.billing = {
      ...stripe,
      manageable: true,
      subscription: {
        state: 'active',
        currency: 'EUR',
        currentPeriodEnd: '2099-03-01T00:00:00.000Z',
      },
    };
    expect(await screen.findByText('Welcome to Premium!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('subscription-state').textContent).toBe(
      'Premium renews on March 1, 2099.',
    );
  });

  it('says a cancelled checkout charged nothing', async () => {
    renderPremium({ billing: stripe, path: '/premium?checkout=cancelled' });
    expect(await screen.findByText("Checkout cancelled. You haven't been charged.")).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Go Premium' })).toBeTruthy();
  });

  it('opens the Billing Portal from Manage subscription, and tells a cancelled plan’s end', async () => {
    const { post } = renderPremium({
      subscription: subscriptionOf(premiumPlan, '2099-03-01T00:00:00.000Z'),
      billing: {
        ...stripe,
        manageable: true,
        subscription: {
          state: 'cancelling',
          currency: 'EUR',
          currentPeriodEnd: '2099-03-01T00:00:00.000Z',
        },
      },
    });
    expect((await screen.findByTestId('subscription-state')).textContent).toBe(
      'Cancelled: Premium stays until March 1, 2099, then your plan returns to Free.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('https://portal.test/bps_1'));
    expect(post).toHaveBeenCalledWith('/api/v1/billing/portal');
  });

  it('offers bonus tokens to a free user in the meantime', async () => {
    renderPremium();
    fireEvent.click(await screen.findByRole('button', { name: 'Get bonus tokens' }));
    expect(useBonusTokensDialog.getState().open).toBe(true);
  });

  it('shows a granted premium plan and its end date', async () => {
    renderPremium({ subscription: subscriptionOf(premiumPlan, '2099-03-01T00:00:00.000Z') });
    expect((await screen.findByText('Your plan:')).parentElement?.textContent).toBe(
      'Your plan:Premiumactive until March 1, 2099',
    );
    expect(await screen.findByText('Your Premium was granted by the Parlo team.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get bonus tokens' })).toBeNull();
  });
});
