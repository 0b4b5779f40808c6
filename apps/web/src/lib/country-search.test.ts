import { describe, expect, it } from 'vitest';
import { countryOptions } from '@/lib/countries';
import { filterCountries, searchForm } from '@/lib/country-search';

const codes = (language: string, query: string) =>
  filterCountries(countryOptions(language), query).map((option) => option.code);

describe('country search', () => {
  it('finds South Korea in Korean by its common name and its English name', () => {
    expect(codes('ko', '한국')[0]).toBe('KR');
    expect(codes('ko', 'korea').slice(0, 2)).toEqual(['KR', 'KP']);
    expect(codes('ko', 'KOREA')[0]).toBe('KR');
    expect(codes('ko', '대한민국')).toEqual(['KR']);
    expect(codes('ko', 'kr')[0]).toBe('KR');
  });

  it('finds a country by its name in any interface language, whatever the interface', () => {
    expect(codes('en', '미국')[0]).toBe('US');
    expect(codes('en', '日本')[0]).toBe('JP');
    expect(codes('en', 'Brasil')[0]).toBe('BR');
    expect(codes('ja', 'Alemania')).toEqual(['DE']);
    expect(codes('es', 'Japan')[0]).toBe('JP');
    expect(codes('pt', 'イギリス')).toEqual(['GB']);
  });

  it('knows the abbreviations and everyday names people type', () => {
    expect(codes('en', 'UK')[0]).toBe('GB');
    expect(codes('en', 'usa')[0]).toBe('US');
    expect(codes('en', 'U.S.A.')[0]).toBe('US');
    expect(codes('ja', 'America')[0]).toBe('US');
    expect(codes('es', 'England')).toContain('GB');
    expect(codes('en', 'Holland')).toEqual(['NL']);
    expect(codes('en', 'Ivory Coast')).toEqual(['CI']);
    expect(codes('en', 'Saint Kitts and Nevis')).toEqual(['KN']);
  });

  it('ignores accents, case and kana', () => {
    expect(codes('en', 'cote d ivoire')).toEqual(['CI']);
    expect(codes('en', "CÔTE D'IVOIRE")).toEqual(['CI']);
    expect(codes('es', 'japon')[0]).toBe('JP');
    expect(codes('pt', 'JAPAO')[0]).toBe('JP');
    expect(codes('ja', 'かんこく')[0]).toBe('KR');
    expect(searchForm('Ｋｏｒｅａ')).toBe('korea');
  });

  it('puts exact matches first, then names starting with the query, in list order', () => {
    const results = codes('en', 'uk');
    expect(results[0]).toBe('GB');
    expect(results).toContain('UA');
    expect(codes('en', 'guinea').slice(0, 1)).toEqual(['GN']);
  });

  it('finds nothing for nonsense and everything for an empty query', () => {
    expect(codes('ko', 'zzzz')).toEqual([]);
    expect(codes('ko', '  ')).toHaveLength(countryOptions('ko').length);
  });
});
