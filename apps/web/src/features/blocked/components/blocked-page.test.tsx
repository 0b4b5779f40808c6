import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@parlo/contract/users';
import { currentUserQueryKey } from '@/lib/current-user';
import { initTestI18n } from '@/testing/test-i18n';
import { BlockedPage } from '@/features/blocked/components/blocked-page';

const baseUser: User = {
  id: 'u1',
  username: 'robin@example.com',
  status: 'temporarily_blocked',
  blockedAt: '2026-03-09T12:00:00Z',
  blockedUntil: '2026-03-10T16:20:00Z',
  provider: 'google',
  imageUrl: null,
  profile: null,
  referralId: 'r1',
};

function renderBlocked(user: User) {
  const client = new QueryClient();
  client.setQueryData(currentUserQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BlockedPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n(['common', 'blocked']);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BlockedPage', () => {
  it('shows the hours left, rounded up, with the start date and the end date and time', () => {
    renderBlocked(baseUser);
    expect(
      screen.getByRole('heading', { name: 'Your account is temporarily restricted' }),
    ).toBeTruthy();
    expect(screen.getByText('5 hours remaining')).toBeTruthy();
    const start = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
      new Date(baseUser.blockedAt ?? ''),
    );
    const end = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(baseUser.blockedUntil ?? ''),
    );
    expect(screen.getByText(start)).toBeTruthy();
    expect(screen.getByText(end)).toBeTruthy();
  });

  it('uses the singular in the last hour', () => {
    renderBlocked({ ...baseUser, blockedUntil: '2026-03-10T12:30:00Z' });
    expect(screen.getByText('1 hour remaining')).toBeTruthy();
  });

  it('shows the permanent message for a blocked account', () => {
    renderBlocked({ ...baseUser, status: 'blocked', blockedUntil: null });
    expect(screen.getByRole('heading', { name: 'Your account has been suspended' })).toBeTruthy();
    expect(screen.queryByText(/remaining/)).toBeNull();
  });

  it('links to the general settings, where the account can still be deleted', () => {
    renderBlocked(baseUser);
    expect(screen.getByRole('link', { name: 'Open account settings' }).getAttribute('href')).toBe(
      '/settings/general',
    );
  });
});
