import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@parlo/contract/constants';

export type InterfaceLanguageOption = { code: InterfaceLanguage; name: string };

function isInterfaceLanguage(code: string | undefined): code is InterfaceLanguage {
  return (INTERFACE_LANGUAGES as readonly (string | undefined)[]).includes(code);
}

/** The five interface languages with their native names, and a way to switch between them. */
export function useInterfaceLanguage() {
  const { t, i18n } = useTranslation();
  const options: InterfaceLanguageOption[] = INTERFACE_LANGUAGES.map((code) => ({
    code,
    name: t(`languages.${code}`),
  }));
  const resolved = i18n.resolvedLanguage;
  const current = options.find((option) => option.code === resolved) ?? options[0]!;

  function change(code: string) {
    // The language detector caches the choice in localStorage; the app shell updates <html lang>.
    if (isInterfaceLanguage(code)) void i18n.changeLanguage(code);
  }

  return { options, current, change };
}
