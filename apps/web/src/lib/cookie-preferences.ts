import { create } from 'zustand';
import {
  ACCEPT_ALL,
  DEFAULT_COOKIE_PREFERENCES,
  NECESSARY_ONLY,
  COOKIE_PREFERENCES_STORAGE_KEY,
  loadCookiePreferences,
  storeCookieChoice,
  type CookieChoices,
  type CookiePreferences,
} from '@/lib/cookie-preferences-storage';

export {
  COOKIE_PREFERENCES_STORAGE_KEY,
  DEFAULT_COOKIE_PREFERENCES,
  type CookieChoices,
  type CookiePreferences,
};

type CookiePreferencesState = CookiePreferences & {
  save: (choices: CookieChoices) => void;
  acceptAll: () => void;
  acceptNecessaryOnly: () => void;
  /** Forgets the choice, so the banner asks again (settings, "reset cookie preferences"). */
  reset: () => void;
};

// In lib rather than in the cookie-consent feature: settings resets it and analytics will read it.
export const useCookiePreferences = create<CookiePreferencesState>()((set) => {
  const choose = (choices: CookieChoices) => set(storeCookieChoice(choices));
  return {
    ...loadCookiePreferences(),
    save: choose,
    acceptAll: () => choose(ACCEPT_ALL),
    acceptNecessaryOnly: () => choose(NECESSARY_ONLY),
    reset: () => {
      localStorage.removeItem(COOKIE_PREFERENCES_STORAGE_KEY);
      set(DEFAULT_COOKIE_PREFERENCES);
    },
  };
});
