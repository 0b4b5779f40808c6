import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  detectInterfaceLanguage,
  rememberLanguage,
} from '@/lib/language-detector';

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'lang=; Max-Age=0; Path=/';
});
afterEach(() => vi.restoreAllMocks());

describe('the language the prerendered pages and the app agree on', () => {
  it('detects in the spec order: stored, ?lang=, browser, English', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['pt-BR']);
    window.history.replaceState(null, '', '/?lang=ja');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ko');
    expect(detectInterfaceLanguage()).toBe('ko');
    localStorage.clear();
    expect(detectInterfaceLanguage()).toBe('ja');
    window.history.replaceState(null, '', '/');
    expect(detectInterfaceLanguage()).toBe('pt');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(detectInterfaceLanguage()).toBe('en');
  });

  it('remembers a language in localStorage and in the cookie the server reads', () => {
    rememberLanguage('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.cookie).toContain('lang=es');
  });
});
