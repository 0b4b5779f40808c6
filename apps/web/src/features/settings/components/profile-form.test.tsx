import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { renderSettings, testUser } from '@/features/settings/testing/render-settings';

const profile = testUser.profile!;

beforeAll(async () => {
  await initTestI18n(['common', 'settings', 'forms']);
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function nameInput() {
  return screen.getByLabelText('Name');
}

function saveButton() {
  return screen.getByRole('button', { name: 'Save changes' });
}

describe('ProfileForm', () => {
  it('keeps save disabled until something changed, and shows age and gender read-only', () => {
    renderSettings(<ProfileForm profile={profile} />);
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('31')).toBeTruthy();
    expect(screen.getByText('Female')).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: 'Robin Lee' } });
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it('shows the success notice for 3 seconds after saving', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ ...profile, name: 'Robin Lee' });
    renderSettings(<ProfileForm profile={profile} />);
    fireEvent.change(nameInput(), { target: { value: '  Robin Lee ' } });
    await act(async () => {
      fireEvent.click(saveButton());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(put).toHaveBeenCalledWith('/api/v1/profiles/me', { name: 'Robin Lee' });
    expect(screen.getByText('Profile updated')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.queryByText('Profile updated')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Profile updated')).toBeNull();
  });

  it('checks the name with the shared rules before sending', () => {
    const put = vi.spyOn(apiClient, 'put');
    renderSettings(<ProfileForm profile={profile} />);
    fireEvent.change(nameInput(), { target: { value: 'R2-D2' } });
    fireEvent.click(saveButton());
    expect(put).not.toHaveBeenCalled();
    expect(
      screen.getByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    expect(screen.queryByText(/can only contain/)).toBeNull();
    fireEvent.click(saveButton());
    expect(screen.getByText('Name is required')).toBeTruthy();
  });

  it('shows the field the server refused, else the general failure', async () => {
    const refusal = Object.assign(new ApiError(400, 'Invalid profile data', 'http', 400), {
      fields: { name: 'namePattern' },
    });
    const put = vi.spyOn(apiClient, 'put').mockRejectedValueOnce(refusal);
    renderSettings(<ProfileForm profile={profile} />);
    fireEvent.change(nameInput(), { target: { value: 'Robin Lee' } });
    await act(async () => {
      fireEvent.click(saveButton());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(
      screen.getByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeTruthy();

    put.mockRejectedValueOnce(new ApiError(500, '', 'http', 500));
    await act(async () => {
      fireEvent.click(saveButton());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to update profile');
  });
});
