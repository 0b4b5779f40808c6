// Kept apart from the store (zustand, React) so the prerendered pages' script can use it alone.
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

/** The stored preferences, or the defaults when nothing (valid) is stored. */
export function loadCookiePreferences(): CookiePreferences {
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

/** Stores a choice; the prerendered pages' script uses it before the app has loaded. */
export function storeCookieChoice(choices: CookieChoices): CookiePreferences {
  const next: CookiePreferences = { necessary: true, ...choices, hasChosen: true };
  localStorage.setItem(COOKIE_PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  return next;
}

export const ACCEPT_ALL: CookieChoices = { analytics: true, marketing: true };
export const NECESSARY_ONLY: CookieChoices = { analytics: false, marketing: false };
