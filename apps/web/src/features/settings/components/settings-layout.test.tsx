import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { SettingsLayout } from '@/features/settings/components/settings-layout';
import { renderSettings, testUser } from '@/features/settings/testing/render-settings';

beforeAll(async () => {
  await initTestI18n(['common', 'settings']);
});

afterEach(cleanup);

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Settings sections' });
  return within(nav)
    .queryAllByRole('link', { hidden: true })
    .map((link) => link.textContent);
}

describe('SettingsLayout', () => {
  it('offers General, Profile and Languages to an active user', () => {
    renderSettings(<SettingsLayout section="general">content</SettingsLayout>);
    expect(navLinks()).toEqual(['General', 'Profile', 'Languages']);
  });

  it.each(['temporarily_blocked', 'blocked'] as const)(
    'offers only General to a %s user',
    (status) => {
      renderSettings(<SettingsLayout section="general">content</SettingsLayout>, {
        ...testUser,
        status,
      });
      expect(navLinks()).toEqual(['General']);
    },
  );

  it('opens and closes the section list on small screens', async () => {
    const user = userEvent.setup();
    renderSettings(<SettingsLayout section="profile">content</SettingsLayout>);
    const toggle = screen.getByRole('button', { name: 'Settings sections: Profile' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
