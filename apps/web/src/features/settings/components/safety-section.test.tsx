import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { SafetySection } from '@/features/settings/components/safety-section';
import { renderSettings, testUser } from '@/features/settings/testing/render-settings';

beforeAll(async () => {
  await initTestI18n(['common', 'settings', 'safety']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SafetySection', () => {
  it('shows the stored reveal-together setting and saves a change on the account', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ revealTogether: false });
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ revealTogether: true });
    renderSettings(<SafetySection user={testUser} />);
    const toggle = await screen.findByRole('switch', { name: 'Reveal together' });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(put).toHaveBeenCalledWith('/api/v1/users/me/safety-settings', { revealTogether: true });
    await screen.findByText('Saved');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('is on and locked for a 16–17-year-old', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ revealTogether: false });
    const put = vi.spyOn(apiClient, 'put');
    const minor = { ...testUser, profile: { ...testUser.profile!, age: 16 } };
    renderSettings(<SafetySection user={minor} />);
    const toggle = await screen.findByRole('switch', { name: 'Reveal together' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle).toHaveProperty('disabled', true);
    expect(screen.getByText('Always on for members under 18.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });
});
