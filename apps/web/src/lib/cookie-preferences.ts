import { create } from 'zustand';

export const COOKIE_PREFERENCES_STORAGE_KEY = 'cookie-preferences';

export type CookieChoices = { analytics: boolean; marketing: boolean };

export type CookiePreferences = CookieChoices & {
  /** Always on: the product does not work without them. */
  necessary: true;
  hasChosen: boolean;
};

/** Spec §3: analytics on and marketing off until the user decides. */
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = {
  necessary: true,
  analytics: true,
  marketing: false,
  hasChosen: false,
};

// A hand-written guard rather than a zod schema: the store is on the landing page's first load.
function isStoredPreferences(value: unknown): value is CookiePreferences {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { necessary, analytics, marketing, hasChosen } = value as Record<string, unknown>;
  return (
    necessary === true &&
    typeof analytics === 'boolean' &&
    typeof marketing === 'boolean' &&
    typeof hasChosen === 'boolean'
  );
}

function load(): CookiePreferences {
  try {
    const raw = localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (!isStoredPreferences(stored)) return DEFAULT_COOKIE_PREFERENCES;
    // Only the known fields: anything else in storage stays out of the state.
    const { necessary, analytics, marketing, hasChosen } = stored;
    return { necessary, analytics, marketing, hasChosen };
  } catch {
    return DEFAULT_COOKIE_PREFERENCES;
  }
}

function persist(preferences: CookiePreferences) {
  localStorage.setItem(COOKIE_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
}

type CookiePreferencesState = CookiePreferences & {
  save: (choices: CookieChoices) => void;
  acceptAll: () => void;
  acceptNecessaryOnly: () => void;
  /** Forgets the choice, so the banner asks again (settings, "reset cookie preferences"). */
  reset: () => void;
};

// In lib rather than in the cookie-consent feature: settings resets it and analytics will read it.
export const useCookiePreferences = create<CookiePreferencesState>()((set) => {
  const choose = (choices: CookieChoices) => {
    const next: CookiePreferences = { necessary: true, ...choices, hasChosen: true };
    persist(next);
    set(next);
  };
  return {
    ...load(),
    save: choose,
    acceptAll: () => choose({ analytics: true, marketing: true }),
    acceptNecessaryOnly: () => choose({ analytics: false, marketing: false }),
    reset: () => {
      localStorage.removeItem(COOKIE_PREFERENCES_STORAGE_KEY);
      set(DEFAULT_COOKIE_PREFERENCES);
    },
  };
});
