import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { useCookiePreferences } from '@/lib/cookie-preferences';
import { initTestI18n } from '@/testing/test-i18n';
import { CookiePreferencesSection } from '@/features/settings/components/cookie-preferences-section';
import { DeleteAccountSection } from '@/features/settings/components/delete-account-section';
import { SettingsGeneralPage } from '@/features/settings/components/settings-general-page';
import { renderSettings, testUser } from '@/features/settings/testing/render-settings';

beforeAll(async () => {
  await initTestI18n(['common', 'settings', 'safety']);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  useCookiePreferences.getState().reset();
});

describe('SettingsGeneralPage', () => {
  it('shows the account status and the provider the username is connected with', () => {
    renderSettings(<SettingsGeneralPage />, { ...testUser, provider: 'kakao' });
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('robin@example.com')).toBeTruthy();
    expect(screen.getByText('Connected with KakaoTalk')).toBeTruthy();
  });
});

describe('CookiePreferencesSection', () => {
  it('keeps necessary cookies locked on and saves the other two', () => {
    renderSettings(<CookiePreferencesSection />);
    expect(screen.getByRole('switch', { name: 'Necessary' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('switch', { name: 'Marketing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(useCookiePreferences.getState()).toMatchObject({ marketing: true, hasChosen: true });
    expect(screen.getByText('Cookie preferences saved')).toBeTruthy();
  });

  it('reports a save the browser refused', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    renderSettings(<CookiePreferencesSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to save cookie preferences');
  });

  it('shows the reset notice for 5 seconds', () => {
    vi.useFakeTimers();
    useCookiePreferences.getState().acceptAll();
    renderSettings(<CookiePreferencesSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset preferences' }));
    expect(useCookiePreferences.getState().hasChosen).toBe(false);
    expect(screen.getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.queryByText(/Cookie preferences reset/)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText(/Cookie preferences reset/)).toBeNull();
  });
});

describe('DeleteAccountSection', () => {
  it('deletes only after the explicit confirmation, then ends the session', async () => {
    const user = userEvent.setup();
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    renderSettings(<DeleteAccountSection onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('within 30 days');
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox'));
    await user.click(confirm);
    expect(remove).toHaveBeenCalledWith('/api/v1/users/me');
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
  });

  it('says so when the deletion fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(apiClient, 'delete').mockRejectedValue(new ApiError(500, '', 'http', 500));
    const onDeleted = vi.fn();
    renderSettings(<DeleteAccountSection onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to delete account. Please try again.',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
