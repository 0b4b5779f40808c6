import { COUNTRY_CODES } from '@parlo/contract/countries';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { COUNTRY_ALIASES } from '@/lib/country-aliases';
import type { CountryOption } from '@/lib/countries';

const HIRAGANA = /[\u3041-\u3096]/g;
const KATAKANA_OFFSET = 0x60;

/**
 * The form names are compared in: compatibility forms folded (full-width letters, half-width
 * katakana), accents and case dropped, hiragana read as katakana, dots and apostrophes removed
 * ("U.S.A.", "Cote d'Ivoire") and other punctuation read as a space.
 */
export function searchForm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(HIRAGANA, (kana) => String.fromCharCode(kana.charCodeAt(0) + KATAKANA_OFFSET))
    .replace(/[.'’‘`]/g, '')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** English's "St. Kitts & Nevis" is also searched as "Saint Kitts and Nevis". */
function spelledOut(name: string) {
  return name.replace(/\bSt\.\s*/g, 'Saint ').replace(/\s&\s/g, ' and ');
}

const STYLES = ['long', 'short'] as const;

/** The browser's region names in every interface language; none where it has no such data. */
function regionNameSources(): Intl.DisplayNames[] {
  return INTERFACE_LANGUAGES.flatMap((language) =>
    STYLES.flatMap((style) => {
      try {
        return [new Intl.DisplayNames([language], { type: 'region', style })];
      } catch {
        return [];
      }
    }),
  );
}

function browserNames(code: string, sources: readonly Intl.DisplayNames[]): string[] {
  return sources.flatMap((source) => {
    const name = source.of(code);
    return name && name !== code ? [name, spelledOut(name)] : [];
  });
}

let index: Map<string, string[]> | null = null;

/** Every searchable form of every country, built once on the first search. */
function searchIndex(): Map<string, string[]> {
  if (index) return index;
  const sources = regionNameSources();
  index = new Map(
    COUNTRY_CODES.map((code) => {
      const names = [...browserNames(code, sources), ...(COUNTRY_ALIASES[code] ?? [])];
      return [code, [...new Set(names.map(searchForm).filter(Boolean))]];
    }),
  );
  return index;
}

/** 0: the code or a whole name; 1: a name or one of its words starts so; 2: inside a name. */
function rank(option: CountryOption, needle: string): number | null {
  if (option.code.toLowerCase() === needle) return 0;
  const forms = [searchForm(option.name), ...(searchIndex().get(option.code) ?? [])];
  let best: number | null = null;
  for (const form of forms) {
    if (form === needle) return 0;
    if (form.startsWith(needle) || form.includes(` ${needle}`)) best = 1;
    else if (best === null && form.includes(needle)) best = 2;
  }
  return best;
}

/**
 * Countries whose name in any interface language, common alias or code matches the query,
 * ignoring case and accents: exact matches first, then names starting with the query, then the
 * rest, each group in the list's own order.
 */
export function filterCountries(options: readonly CountryOption[], query: string) {
  const needle = searchForm(query);
  if (!needle) return [...options];
  const ranked: { option: CountryOption; rank: number }[] = [];
  for (const option of options) {
    const found = rank(option, needle);
    if (found !== null) ranked.push({ option, rank: found });
  }
  // Array.prototype.sort is stable: equal ranks keep the alphabetical order of `options`.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ option }) => option);
}
