import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  matchInterfaceLanguage,
  negotiateInterfaceLanguage,
  publicPageUrl,
} from './public-pages.ts';

describe('interface language negotiation for prerendered pages', () => {
  it('orders Accept-Language by q, keeping ties in order and dropping q=0 and *', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('ko;q=0, ja;q=0.3, es')).toEqual(['es', 'ja']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('matches by primary subtag as i18next does (pt-BR → pt), skipping unsupported ones', () => {
    expect(matchInterfaceLanguage(['fr', 'pt-BR', 'en'])).toBe('pt');
    expect(matchInterfaceLanguage(['JA_jp'])).toBe('ja');
    expect(matchInterfaceLanguage([null, undefined, 'xx'])).toBeUndefined();
  });

  it('puts the stored choice before ?lang=, ?lang= before the browser, English last', () => {
    expect(negotiateInterfaceLanguage({ cookie: 'ja', query: 'ko', acceptLanguage: 'es' })).toBe(
      'ja',
    );
    expect(negotiateInterfaceLanguage({ query: 'ko', acceptLanguage: 'es' })).toBe('ko');
    expect(negotiateInterfaceLanguage({ cookie: 'zz', query: 'zz', acceptLanguage: 'es' })).toBe(
      'es',
    );
    expect(negotiateInterfaceLanguage({ acceptLanguage: 'de-DE' })).toBe('en');
  });

  it('addresses a page in a language with the spec’s ?lang= parameter', () => {
    expect(publicPageUrl('https://parlo.example', '/info/faq', 'ko')).toBe(
      'https://parlo.example/info/faq?lang=ko',
    );
  });
});
