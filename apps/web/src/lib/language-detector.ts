import type { LanguageDetectorModule } from 'i18next';

/** Where the chosen interface language is cached (spec §9: localStorage first). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
const QUERY_PARAMETER = 'lang';

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be off (private modes, blocked cookies): detection simply goes on.
    return null;
  }
}

/**
 * The spec's detection order: localStorage, then the `lang` query parameter, then the browser's
 * languages. i18next picks the first candidate it supports (pt-BR → pt) and caches its choice.
 * A dozen lines instead of a detection library keep the landing page's first download small.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const candidates = [
      readStored(),
      new URLSearchParams(window.location.search).get(QUERY_PARAMETER),
      ...(navigator.languages ?? []),
      navigator.language,
    ];
    return candidates.filter((c): c is string => Boolean(c));
  },
  cacheUserLanguage(language: string) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not remembered across visits; the page still shows the chosen language.
    }
  },
};
