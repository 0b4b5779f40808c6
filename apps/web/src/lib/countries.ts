import { COUNTRY_CODES } from '@parlo/contract/countries';

export type CountryOption = {
  code: string;
  name: string;
  flag: string;
};

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a two-letter code: each letter becomes its regional-indicator symbol. */
export function countryFlag(code: string): string {
  const letters = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(
    ...Array.from(letters, (letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(language: string) {
  if (!displayNames.has(language)) {
    try {
      displayNames.set(
        language,
        new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' }),
      );
    } catch {
      displayNames.set(language, null);
    }
  }
  return displayNames.get(language) ?? null;
}

/** The country's name in the interface language; the code itself when the browser has none. */
export function countryName(code: string, language: string): string {
  const upper = code.toUpperCase();
  try {
    return regionNames(language)?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

const optionsByLanguage = new Map<string, CountryOption[]>();

/** Every country of the contract with flag and localised name, sorted by that name. */
export function countryOptions(language: string): CountryOption[] {
  const cached = optionsByLanguage.get(language);
  if (cached) return cached;
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const options = COUNTRY_CODES.map((code) => ({
    code,
    name: countryName(code, language),
    flag: countryFlag(code),
  })).sort((a, b) => collator.compare(a.name, b.name));
  optionsByLanguage.set(language, options);
  return options;
}
