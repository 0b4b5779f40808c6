import i18n from 'i18next';
import type { BackendModule, InitOptions, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@parlo/contract/constants';

import { languageDetector } from '@/lib/language-detector';

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

export const i18nOptions = {
  supportedLngs: [...INTERFACE_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
  // i18next prints an advertisement to every visitor's console unless told not to.
  showSupportNotice: false,
} satisfies InitOptions;

/**
 * Starts the translations: the common texts and `namespaces` (the texts of the page about to be
 * shown) are requested at once, in this task, rather than the common ones in a later task and the
 * page's once those have arrived. Resolves when all have loaded.
 */
export function initI18n(namespaces: readonly string[] = []) {
  if (i18n.isInitialized || i18n.isInitializing) {
    return i18n.loadNamespaces([...namespaces]).then(() => i18n.t);
  }
  return i18n
    .use(lazyJsonBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      ns: [...new Set([...i18nOptions.ns, ...namespaces])],
      initAsync: false,
    });
}

export function currentLanguage(): InterfaceLanguage {
  const resolved = i18n.resolvedLanguage ?? 'en';
  return (INTERFACE_LANGUAGES as readonly string[]).includes(resolved)
    ? (resolved as InterfaceLanguage)
    : 'en';
}

export { i18n };
