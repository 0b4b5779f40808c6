import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { rememberSignInName, signInName } from '@/lib/sign-in-name';
import { initTestI18n } from '@/testing/test-i18n';
import { AccountDeletedPage } from '@/features/settings/components/account-deleted-page';
import {
  ACCOUNT_DELETED_PATH,
  accountWasDeleted,
  clearLocalSessionAndLeave,
} from '@/features/settings/lib/clear-local-session';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: ACCOUNT_DELETED_PATH, element: <AccountDeletedPage /> },
      { path: '/', element: <h1>Landing page</h1> },
    ],
    { initialEntries: [ACCOUNT_DELETED_PATH] },
  );
  render(
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>,
  );
  return router;
}

beforeAll(async () => {
  await initTestI18n(['common', 'settings']);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('after deleting the account', () => {
  it('forgets the session in this tab and opens the confirmation instead of the landing page', () => {
    localStorage.setItem('auth-storage', '{"state":{"accessToken":"a"}}');
    rememberSignInName('Robin');
    const replace = vi.fn();
    clearLocalSessionAndLeave({ replace });
    expect(replace).toHaveBeenCalledWith('/account-deleted');
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(signInName()).toBe('');
    expect(accountWasDeleted()).toBe(true);
  });

  it('says what was removed now, what goes within 30 days and what stays', async () => {
    clearLocalSessionAndLeave({ replace: () => {} });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeTruthy();
    const now = screen.getByRole('region', { name: 'Removed now' });
    expect(now.textContent).toContain(
      'Your profile: name, photo, gender, date of birth and country',
    );
    expect(now.textContent).toContain('Your email address and username');
    const later = screen.getByRole('region', { name: 'Removed within 30 days' });
    expect(later.textContent).toContain('7 days from now and never later than 30 days');
    expect(later.textContent).toContain('signing in again with the same account is refused');
    expect(screen.getByRole('region', { name: 'What stays, without you' }).textContent).toContain(
      'Deleted User',
    );
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(document.title).toBe('Account deleted · Parlo');
  });

  it('is written in Korean too', async () => {
    clearLocalSessionAndLeave({ replace: () => {} });
    await i18n.changeLanguage('ko');
    try {
      await i18n.loadNamespaces(['settings']);
      renderPage();
      expect(await screen.findByRole('heading', { name: '계정이 삭제되었습니다' })).toBeTruthy();
      expect(screen.getByRole('region', { name: '30일 이내에 삭제되는 정보' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('sends anyone who did not delete an account in this tab to the landing page', async () => {
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
