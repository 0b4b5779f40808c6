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

/**
 * Builds the interface language's display names in a task of their own, started now (while the
 * start-up's requests are on the way), so the first card that names a language does not load the
 * browser's language data inside its render: that was the largest piece of the dashboard's first
 * render, 56 ms at a phone's 4× slower CPU (issue 20). An idle callback came too late: with a
 * fast answer the main thread was never idle before the render.
 */
export function prepareLanguageNames(interfaceLanguage: string) {
  setTimeout(() => languageNames(interfaceLanguage), 0);
}
