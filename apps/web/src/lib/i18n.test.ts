import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { i18nOptions } from '@/lib/i18n';
import { LANGUAGE_STORAGE_KEY, languageDetector } from '@/lib/language-detector';

const resources = Object.fromEntries(
  INTERFACE_LANGUAGES.map((language) => [language, { common: { hello: language } }]),
);

/** Starts a fresh instance with the app's options, as a first page load would. */
async function detect({
  stored,
  query,
  browser,
}: {
  stored?: string;
  query?: string;
  browser?: string[];
}) {
  if (stored) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  window.history.replaceState(null, '', query ? `/?lang=${query}` : '/');
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(browser ?? []);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(browser?.[0] ?? '');
  const instance = i18next.createInstance().use(languageDetector);
  await instance.init({ ...i18nOptions, resources });
  return instance.resolvedLanguage;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('interface language detection', () => {
  it('prefers the language stored in localStorage', async () => {
    expect(await detect({ stored: 'ja', query: 'ko', browser: ['es-ES'] })).toBe('ja');
  });

  it('uses ?lang= when nothing is stored', async () => {
    expect(await detect({ query: 'ko', browser: ['es-ES'] })).toBe('ko');
  });

  it('falls back to the browser language', async () => {
    expect(await detect({ browser: ['es-ES', 'en'] })).toBe('es');
  });

  it('maps a regional browser language to its interface language', async () => {
    expect(await detect({ browser: ['pt-BR'] })).toBe('pt');
  });

  it('falls back to English for a language the interface does not offer', async () => {
    expect(await detect({ browser: ['fr-FR'] })).toBe('en');
  });

  it('ignores an unsupported ?lang= and keeps looking', async () => {
    expect(await detect({ query: 'xx', browser: ['ja-JP'] })).toBe('ja');
  });

  it('caches the detected language in localStorage for the next visit', async () => {
    await detect({ query: 'ko', browser: ['es-ES'] });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
    expect(await detect({ browser: ['es-ES'] })).toBe('ko');
  });

  it('caches a language the user picks', async () => {
    const instance = i18next.createInstance().use(languageDetector);
    await instance.init({ ...i18nOptions, resources });
    await instance.changeLanguage('pt');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
  });
});

describe('console', () => {
  it('prints no i18next support notice when the app starts', async () => {
    // i18next shows its notice once per page; forget that an earlier test already started it.
    delete (globalThis as Record<string, unknown>).__i18next_supportNoticeShown;
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const instance = i18next.createInstance().use(languageDetector);
    await instance.init({ ...i18nOptions, resources });
    const printed = [...info.mock.calls, ...log.mock.calls].flat().map(String);
    expect(printed.filter((line) => /i18next|locize/i.test(line))).toEqual([]);
  });
});
