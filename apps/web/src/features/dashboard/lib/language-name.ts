const namesByLanguage = new Map<string, Intl.DisplayNames | null>();

/** A practice language's name in the interface language; the code when the browser has none. */
export function languageName(code: string, interfaceLanguage: string): string {
  if (!namesByLanguage.has(interfaceLanguage)) {
    try {
      namesByLanguage.set(
        interfaceLanguage,
        new Intl.DisplayNames([interfaceLanguage, 'en'], { type: 'language' }),
      );
    } catch {
      namesByLanguage.set(interfaceLanguage, null);
    }
  }
  try {
    return namesByLanguage.get(interfaceLanguage)?.of(code) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
