import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationAccess } from '@parlo/contract/moderation';
import type { User } from '@parlo/contract/users';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { premiumPlan, seedTokens } from '@/testing/tokens';
import { moderationAccessQueryKey } from '@/features/moderation/api/get-moderation-access';
import { readyMember } from '@/testing/users';
import { UserMenuDropdown } from '@/app/layouts/user-menu-dropdown';

const user = readyMember({ profile: { ...readyMember().profile!, name: 'Ana' } });

function renderOpenMenu(
  tokens: Parameters<typeof seedTokens>[1],
  me: User = user,
  moderation: ModerationAccess | null = null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  seedTokens(client, tokens);
  client.setQueryData(moderationAccessQueryKey, moderation);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UserMenuDropdown
          user={me}
          trigger={{ label: 'Account menu', className: '', children: 'Ana' }}
          openedWith="pointer"
          focusTrigger={false}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('menu');
}

beforeAll(async () => {
  await initTestI18n(['common', 'tokens']);
});

afterEach(() => {
  cleanup();
  useBonusTokensDialog.setState({ open: false });
});

describe('UserMenuDropdown tokens', () => {
  it("shows a free user's tokens left today, bonus tokens and Go Premium", async () => {
    const menu = renderOpenMenu({ used: { tokens: 1 }, bonus: 1 });
    expect(within(menu).getByText('3 tokens left today')).toBeTruthy();
    expect(within(menu).queryByText('Premium')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Go Premium' }).getAttribute('href')).toBe(
      '/premium',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Get bonus tokens' }));
    expect(useBonusTokensDialog.getState().open).toBe(true);
  });

  it('says one token in the singular', () => {
    const menu = renderOpenMenu({ used: { tokens: 2 } });
    expect(within(menu).getByText('1 token left today')).toBeTruthy();
  });

  it('shows Unlimited and the Premium badge to premium users, without upgrade offers', () => {
    const menu = renderOpenMenu({ plan: premiumPlan });
    expect(within(menu).getByText('Unlimited tokens')).toBeTruthy();
    expect(within(menu).getByText('Premium')).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Go Premium' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Get bonus tokens' })).toBeNull();
  });

  it('leaves tokens out for a blocked user', () => {
    const menu = renderOpenMenu({}, { ...user, status: 'blocked' });
    expect(within(menu).queryByText(/tokens/)).toBeNull();
  });
});

describe('UserMenuDropdown moderation', () => {
  it('links moderators to the console', () => {
    const menu = renderOpenMenu({}, user, { role: 'moderator' });
    expect(within(menu).getByRole('menuitem', { name: 'Moderation' }).getAttribute('href')).toBe(
      '/moderation',
    );
  });

  it('shows no console to anyone else', () => {
    const menu = renderOpenMenu({});
    expect(within(menu).queryByRole('menuitem', { name: 'Moderation' })).toBeNull();
  });
});
