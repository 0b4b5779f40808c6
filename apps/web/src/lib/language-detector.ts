import type { LanguageDetectorModule } from 'i18next';
import type { InterfaceLanguage } from '@parlo/contract/constants';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_QUERY_PARAMETER,
  matchInterfaceLanguage,
} from '@parlo/contract/public-pages';

/** Where the chosen interface language is cached (spec §9: localStorage first). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be off (private modes, blocked cookies): detection simply goes on.
    return null;
  }
}

/** The spec's detection order: localStorage, then the `lang` query parameter, then the browser. */
function candidates(): string[] {
  return [
    readStored(),
    new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAMETER),
    ...(navigator.languages ?? []),
    navigator.language,
  ].filter((c): c is string => Boolean(c));
}

/** The interface language the app will show, resolved as i18next resolves it. */
export function detectInterfaceLanguage(): InterfaceLanguage {
  return matchInterfaceLanguage(candidates()) ?? 'en';
}

/**
 * Caches the language in localStorage, and in a cookie so the server answers the prerendered
 * public pages in it (it cannot read localStorage).
 */
export function rememberLanguage(language: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the page still shows the chosen language.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; ` +
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * i18next picks the first candidate it supports (pt-BR → pt) and caches its choice. A dozen lines
 * instead of a detection library keep the landing page's first download small.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: candidates,
  cacheUserLanguage: rememberLanguage,
};
