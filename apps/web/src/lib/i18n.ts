import i18n from 'i18next';
import type { BackendModule, InitOptions, ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@parlo/contract/constants';

/** Where the chosen interface language is cached (spec §9: localStorage first). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

// Every namespace file is its own chunk, so a page downloads only the texts it shows.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No ${namespace} texts for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const detectionOptions = {
  order: ['localStorage', 'querystring', 'navigator'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupQuerystring: 'lang',
  caches: ['localStorage'],
};

export const i18nOptions = {
  supportedLngs: [...INTERFACE_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  detection: detectionOptions,
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
} satisfies InitOptions;

export function initI18n() {
  if (i18n.isInitialized) return Promise.resolve(i18n.t);
  return i18n.use(lazyJsonBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);
}

export function currentLanguage(): InterfaceLanguage {
  const resolved = i18n.resolvedLanguage ?? 'en';
  return (INTERFACE_LANGUAGES as readonly string[]).includes(resolved)
    ? (resolved as InterfaceLanguage)
    : 'en';
}

export { i18n };
