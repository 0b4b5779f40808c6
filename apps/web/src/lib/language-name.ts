import type { InterfaceLanguage, LanguageCode } from '@parlo/contract/constants';

/**
 * The catalogue's languages named in each interface language, exactly as the browser's
 * `Intl.DisplayNames` names them (a test holds the two equal). Building display names loads the
 * browser's language data: 25 ms on this machine and about 100 ms on a phone, inside the first
 * render of the dashboard (issue 20). A code outside the catalogue still asks the browser.
 */
const CATALOGUE_NAMES: Record<InterfaceLanguage, Record<LanguageCode, string>> = {
  en: {
    en: 'English',
    fr: 'French',
    es: 'Spanish',
    de: 'German',
    it: 'Italian',
    pt: 'Portuguese',
    zh: 'Chinese',
    ja: 'Japanese',
    ko: 'Korean',
    ar: 'Arabic',
    hi: 'Hindi',
    uk: 'Ukrainian',
  },
  es: {
    en: 'inglés',
    fr: 'francés',
    es: 'español',
    de: 'alemán',
    it: 'italiano',
    pt: 'portugués',
    zh: 'chino',
    ja: 'japonés',
    ko: 'coreano',
    ar: 'árabe',
    hi: 'hindi',
    uk: 'ucraniano',
  },
  pt: {
    en: 'inglês',
    fr: 'francês',
    es: 'espanhol',
    de: 'alemão',
    it: 'italiano',
    pt: 'português',
    zh: 'chinês',
    ja: 'japonês',
    ko: 'coreano',
    ar: 'árabe',
    hi: 'hindi',
    uk: 'ucraniano',
  },
  ko: {
    en: '영어',
    fr: '프랑스어',
    es: '스페인어',
    de: '독일어',
    it: '이탈리아어',
    pt: '포르투갈어',
    zh: '중국어',
    ja: '일본어',
    ko: '한국어',
    ar: '아랍어',
    hi: '힌디어',
    uk: '우크라이나어',
  },
  ja: {
    en: '英語',
    fr: 'フランス語',
    es: 'スペイン語',
    de: 'ドイツ語',
    it: 'イタリア語',
    pt: 'ポルトガル語',
    zh: '中国語',
    ja: '日本語',
    ko: '韓国語',
    ar: 'アラビア語',
    hi: 'ヒンディー語',
    uk: 'ウクライナ語',
  },
};

const names = new Map<string, Intl.DisplayNames | null>();

function languageNames(interfaceLanguage: string) {
  if (!names.has(interfaceLanguage)) {
    try {
      names.set(
        interfaceLanguage,
        new Intl.DisplayNames([interfaceLanguage, 'en'], { type: 'language', fallback: 'none' }),
      );
    } catch {
      names.set(interfaceLanguage, null);
    }
  }
  return names.get(interfaceLanguage) ?? null;
}

/**
 * A practice language's name in the interface language (capitalised as a name), else the
 * catalogue's native name, else its code in capitals. Dashboard, settings and the call all name
 * languages through this one rule.
 */
export function languageName(code: string, interfaceLanguage: string, nativeName?: string) {
  try {
    const name =
      catalogueName(code, interfaceLanguage) ?? languageNames(interfaceLanguage)?.of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(interfaceLanguage) + name.slice(1);
  } catch {
    // An unknown code falls through to the catalogue's own name.
  }
  return nativeName ?? code.toUpperCase();
}

function catalogueName(code: string, interfaceLanguage: string): string | undefined {
  const table = (CATALOGUE_NAMES as Record<string, Record<string, string> | undefined>)[
    interfaceLanguage
  ];
  return table && Object.hasOwn(table, code) ? table[code] : undefined;
}
