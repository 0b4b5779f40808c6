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
    const name = languageNames(interfaceLanguage)?.of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(interfaceLanguage) + name.slice(1);
  } catch {
    // An unknown code falls through to the catalogue's own name.
  }
  return nativeName ?? code.toUpperCase();
}
