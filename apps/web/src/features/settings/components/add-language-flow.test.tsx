import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '@parlo/contract/languages';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { AddLanguageFlow } from '@/features/settings/components/add-language-flow';
import { renderSettings } from '@/features/settings/testing/render-settings';

const spanish: Language = { code: 'es', nativeName: 'Español', available: true };
const french: Language = { code: 'fr', nativeName: 'Français', available: true };

beforeAll(async () => {
  await initTestI18n(['common', 'settings', 'forms']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function chooseSpanish(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add a language' }));
  await user.click(screen.getByRole('radio', { name: /Spanish/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('AddLanguageFlow', () => {
  it('shows the all-languages-added state when nothing is left to add', () => {
    renderSettings(<AddLanguageFlow candidates={[]} />);
    expect(screen.getByText(/already learning every language we offer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a language' })).toBeNull();
  });

  it('asks for a language before going on', async () => {
    const user = userEvent.setup();
    renderSettings(<AddLanguageFlow candidates={[spanish, french]} />);
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please select a language you want to practice',
    );
  });

  it('adds the chosen language at A1 by default, showing the adding state meanwhile', async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => {};
    const post = vi
      .spyOn(apiClient, 'post')
      .mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderSettings(<AddLanguageFlow candidates={[spanish, french]} />);
    await chooseSpanish(user);

    expect(screen.getByRole('radio', { name: /A1/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Add language' }));
    expect(post).toHaveBeenCalledWith('/api/v1/languages/user', {
      languageCode: 'es',
      proficiencyLevel: 'A1',
    });
    expect(screen.getByRole('button', { name: 'Adding…' })).toHaveProperty('disabled', true);

    finish({ id: 'l2', languageCode: 'es', proficiencyLevel: 'A1' });
    expect(await screen.findByText('Language added')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a language' })).toBeTruthy();
  });

  it('goes back to the language choice and can be cancelled', async () => {
    const user = userEvent.setup();
    renderSettings(<AddLanguageFlow candidates={[spanish, french]} />);
    await chooseSpanish(user);
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    expect(screen.getByRole('radio', { name: /Spanish/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add a language' })).toBeTruthy();
  });

  it.each([
    [
      new ApiError(409, 'You are already learning this language', 'http', 409),
      'You are already learning this language',
    ],
    [
      new ApiError(404, 'Language not found', 'http', 404),
      'The selected language is not available',
    ],
    [
      new ApiError(400, 'The selected language is not available', 'http', 400),
      'The selected language is not available',
    ],
    [
      new ApiError(400, 'Invalid language data', 'http', 400),
      'Please check your selection and try again',
    ],
    [new ApiError(500, 'network_error', 'network'), 'Something went wrong. Please try again.'],
  ])('explains a refusal (%s)', async (error, message) => {
    const user = userEvent.setup();
    vi.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderSettings(<AddLanguageFlow candidates={[spanish]} />);
    await chooseSpanish(user);
    await user.click(screen.getByRole('button', { name: 'Add language' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
