import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_BANNER_DELAY_MS } from '@parlo/contract/constants';
import {
  COOKIE_PREFERENCES_STORAGE_KEY,
  DEFAULT_COOKIE_PREFERENCES,
  useCookiePreferences,
} from '@/lib/cookie-preferences';
import { initTestI18n } from '@/testing/test-i18n';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';

function renderBanner() {
  render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );
}

/** Lets the delay pass, then returns to real time so user-event can type and click. */
async function waitForBanner() {
  await act(() => vi.advanceTimersByTimeAsync(COOKIE_BANNER_DELAY_MS));
  vi.useRealTimers();
  return screen.getByRole('region', { name: 'We value your privacy' });
}

function stored() {
  const raw = localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as unknown) : null;
}

beforeAll(async () => {
  await initTestI18n();
  // Radix measures the switch thumb; jsdom has no layout to observe.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useCookiePreferences.setState(DEFAULT_COOKIE_PREFERENCES);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CookieBanner', () => {
  it('appears 1.5 seconds after load when no choice is stored', async () => {
    renderBanner();
    await act(() => vi.advanceTimersByTimeAsync(COOKIE_BANNER_DELAY_MS - 10));
    expect(screen.queryByRole('region')).toBeNull();
    const banner = await waitForBanner();
    expect(banner).toHaveProperty('tagName', 'SECTION');
  });

  it('stays hidden when the user has already chosen', async () => {
    useCookiePreferences.getState().acceptAll();
    renderBanner();
    await act(() => vi.advanceTimersByTimeAsync(COOKIE_BANNER_DELAY_MS * 2));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('links to the cookie and privacy policies', async () => {
    renderBanner();
    await waitForBanner();
    expect(screen.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe(
      '/legal/cookies',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/legal/privacy',
    );
  });

  it('stores every category when accepting all, then goes away', async () => {
    const user = userEvent.setup();
    renderBanner();
    await waitForBanner();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(stored()).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      hasChosen: true,
    });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('stores only the necessary cookies when asked', async () => {
    const user = userEvent.setup();
    renderBanner();
    await waitForBanner();
    await user.click(screen.getByRole('button', { name: 'Necessary only' }));
    expect(stored()).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      hasChosen: true,
    });
  });

  it('expands to switches with necessary locked on, analytics on and marketing off', async () => {
    const user = userEvent.setup();
    renderBanner();
    await waitForBanner();
    await user.click(screen.getByRole('button', { name: 'Customise' }));

    const necessary = await screen.findByRole('switch', { name: 'Necessary' });
    expect(necessary.getAttribute('aria-checked')).toBe('true');
    expect(necessary).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('saves the chosen switches', async () => {
    const user = userEvent.setup();
    renderBanner();
    await waitForBanner();
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    await user.click(await screen.findByRole('switch', { name: 'Analytics' }));
    await user.click(screen.getByRole('switch', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(stored()).toEqual({
      necessary: true,
      analytics: false,
      marketing: true,
      hasChosen: true,
    });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('asks again after the preferences are reset', async () => {
    useCookiePreferences.getState().acceptAll();
    renderBanner();
    act(() => useCookiePreferences.getState().reset());
    expect(stored()).toBeNull();
    await waitForBanner();
  });
});
