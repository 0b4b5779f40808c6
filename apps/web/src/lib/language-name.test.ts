import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES, LANGUAGE_CODES } from '@parlo/contract/constants';
import { languageName } from '@/lib/language-name';

const capitalised = (name: string, language: string) =>
  name.charAt(0).toLocaleUpperCase(language) + name.slice(1);

describe('languageName', () => {
  it("names every catalogue language in every interface language as the browser's Intl does", () => {
    for (const language of INTERFACE_LANGUAGES) {
      const intl = new Intl.DisplayNames([language, 'en'], { type: 'language', fallback: 'none' });
      for (const code of LANGUAGE_CODES) {
        expect(languageName(code, language), `${code} in ${language}`).toBe(
          capitalised(intl.of(code)!, language),
        );
      }
    }
  });

  it('asks Intl for a code outside the catalogue, then falls back to the native name or the code', () => {
    expect(languageName('sv', 'en')).toBe('Swedish');
    expect(languageName('sv', 'es')).toBe('Sueco');
    expect(languageName('qqq', 'en', 'Qqqish')).toBe('Qqqish');
    expect(languageName('qqq', 'en')).toBe('QQQ');
  });

  it('names a catalogue language for an interface language outside the five through Intl', () => {
    expect(languageName('ko', 'fr')).toBe('Coréen');
  });
});
