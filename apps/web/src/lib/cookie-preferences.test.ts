import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_PREFERENCES_STORAGE_KEY,
  DEFAULT_COOKIE_PREFERENCES,
  type CookiePreferences,
} from '@/lib/cookie-preferences';

/** The store reads localStorage once, when its module loads. */
async function loadStoreWith(stored: string | null) {
  if (stored !== null) localStorage.setItem(COOKIE_PREFERENCES_STORAGE_KEY, stored);
  vi.resetModules();
  const { useCookiePreferences } = await import('@/lib/cookie-preferences');
  const { necessary, analytics, marketing, hasChosen } = useCookiePreferences.getState();
  return { necessary, analytics, marketing, hasChosen } satisfies CookiePreferences;
}

const saved: CookiePreferences = {
  necessary: true,
  analytics: false,
  marketing: true,
  hasChosen: true,
};

beforeEach(() => {
  localStorage.clear();
});

describe('useCookiePreferences', () => {
  it('starts from the defaults when nothing is stored', async () => {
    expect(await loadStoreWith(null)).toEqual(DEFAULT_COOKIE_PREFERENCES);
  });

  it('restores a stored choice', async () => {
    expect(await loadStoreWith(JSON.stringify(saved))).toEqual(saved);
  });

  it('keeps only the known fields of a stored choice', async () => {
    const state = await loadStoreWith(JSON.stringify({ ...saved, tracking: true }));
    expect(state).toEqual(saved);
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['null', 'null'],
    ['an array', '[true, false, true, true]'],
    ['necessary switched off', JSON.stringify({ ...saved, necessary: false })],
    ['a missing field', JSON.stringify({ necessary: true, analytics: true, hasChosen: true })],
    ['a field that is not a boolean', JSON.stringify({ ...saved, marketing: 'yes' })],
  ])('falls back to the defaults on %s', async (_case, stored) => {
    expect(await loadStoreWith(stored)).toEqual(DEFAULT_COOKIE_PREFERENCES);
  });

  it('stores a choice and forgets it on reset', async () => {
    await loadStoreWith(null);
    const { useCookiePreferences } = await import('@/lib/cookie-preferences');
    useCookiePreferences.getState().acceptNecessaryOnly();
    expect(JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY) ?? 'null')).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      hasChosen: true,
    });
    useCookiePreferences.getState().reset();
    expect(localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY)).toBeNull();
    expect(useCookiePreferences.getState().hasChosen).toBe(false);
  });
});
