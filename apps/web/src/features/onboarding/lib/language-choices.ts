import type { Language } from '@parlo/contract/languages';
import type { Profile } from '@parlo/contract/profiles';

export type LanguageChoice = {
  code: string;
  nativeName: string;
  /** The language's name in the interface language. */
  localName: string;
  /** Already among the user's languages: choosing it only makes it current. */
  added: boolean;
};

function localName(code: string, interfaceLanguage: string, fallback: string) {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The available languages the user has not added yet. A user who has languages but no current one
 * (spec §2: the flow resumes at this step) may also pick one of those.
 */
export function languageChoices(
  catalogue: readonly Language[],
  profile: Pick<Profile, 'languageCode' | 'languages'>,
  interfaceLanguage: string,
): LanguageChoice[] {
  const added = new Set(profile.languages.map((language) => language.languageCode));
  return catalogue
    .filter((language) => language.available || added.has(language.code))
    .filter((language) => !added.has(language.code) || !profile.languageCode)
    .map((language) => ({
      code: language.code,
      nativeName: language.nativeName,
      localName: localName(language.code, interfaceLanguage, language.nativeName),
      added: added.has(language.code),
    }));
}
