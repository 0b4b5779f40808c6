import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { premiumPlan, seedTokens } from '@/testing/tokens';
import { StartSessionCard } from '@/features/dashboard/components/start-session-card';

function renderCard(tokens: Parameters<typeof seedTokens>[1], hasCurrentLanguage = true) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  seedTokens(client, tokens);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StartSessionCard hasCurrentLanguage={hasCurrentLanguage} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n(['common', 'dashboard', 'tokens']);
});

afterEach(() => {
  cleanup();
});

describe('StartSessionCard tokens', () => {
  it('shows the tokens left, including bonus ones, and the cost of a session', () => {
    renderCard({ used: { tokens: 2 }, bonus: 1 });
    expect(screen.getByText('2 tokens left today')).toBeTruthy();
    expect(screen.getByText('1 token per session')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a session' }).getAttribute('href')).toBe(
      '/search',
    );
  });

  it('shows Unlimited with the Premium badge for premium users', () => {
    renderCard({ plan: premiumPlan, used: { tokens: 12 } });
    expect(screen.getByText('Unlimited tokens')).toBeTruthy();
    expect(screen.getByText('Premium')).toBeTruthy();
  });

  it('disables the start button and shows the no-tokens view when none are left', () => {
    renderCard({ used: { tokens: 3 } });
    const start = screen.getByRole('button', { name: 'Start a session' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(start.getAttribute('aria-describedby')).toBe('start-session-hint');
    expect(document.getElementById('start-session-hint')?.textContent).toContain(
      'You used all conversation tokens today',
    );
    expect(screen.getByText(/^Resets in \d+ h \d+ min$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get More' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Premium' })).toBeTruthy();
  });
});
