import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserLanguage } from '@parlo/contract/user-languages';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { UserLanguageList } from '@/features/settings/components/user-language-list';
import { renderSettings } from '@/features/settings/testing/render-settings';

const languages: UserLanguage[] = [
  { id: 'l1', languageCode: 'en', proficiencyLevel: 'B1' },
  { id: 'l2', languageCode: 'es', proficiencyLevel: 'A2' },
];
const names: Record<string, string> = { en: 'English', es: 'Spanish' };
const nameOf = (code: string) => names[code] ?? code;

beforeAll(async () => {
  await initTestI18n(['common', 'settings', 'forms']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderList() {
  return renderSettings(
    <UserLanguageList languages={languages} currentCode="en" nameOf={nameOf} />,
  );
}

describe('UserLanguageList', () => {
  it('refuses to remove the current language, and says why', () => {
    renderList();
    const removeCurrent = screen.getByRole('button', { name: 'Remove English' });
    expect(removeCurrent).toHaveProperty('disabled', true);
    expect(removeCurrent.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        "Your current language can't be removed. Make another language current first.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Spanish' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the refusal when the server declines a removal of the current language', async () => {
    const user = userEvent.setup();
    vi.spyOn(apiClient, 'delete').mockRejectedValue(
      new ApiError(409, 'The current language cannot be removed', 'http', 409),
    );
    renderList();
    await user.click(screen.getByRole('button', { name: 'Remove Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Your current language can't be removed. Make another language current first.",
    );
  });

  it('removes another language after confirmation', async () => {
    const user = userEvent.setup();
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue(undefined);
    renderList();
    await user.click(screen.getByRole('button', { name: 'Remove Spanish' }));
    expect(screen.getByRole('dialog', { name: 'Remove Spanish?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith('/api/v1/languages/user/es');
  });

  it('makes a language current and changes a level', async () => {
    const user = userEvent.setup();
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(undefined);
    renderList();
    await user.click(screen.getByRole('button', { name: 'Make current' }));
    expect(put).toHaveBeenCalledWith('/api/v1/languages/user/current', { languageCode: 'es' });

    await user.selectOptions(screen.getByLabelText('Level for English'), 'C1');
    expect(put).toHaveBeenCalledWith('/api/v1/languages/user/en/proficiency', {
      proficiencyLevel: 'C1',
    });
    expect(await screen.findByText('Level updated')).toBeTruthy();
  });
});
