import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LanguageRadioItems } from '@/app/layouts/language-radio-items';
import { menuContentClasses, menuLabelClasses } from '@/app/layouts/menu-styles';
import { useInterfaceLanguage } from '@/app/layouts/use-interface-language';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current } = useInterfaceLanguage();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('header.language_switcher', { language: current.name })}
        className="inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-100 data-[state=open]:bg-stone-100"
      >
        <span aria-hidden="true" className="text-base leading-none">
          {current.flag}
        </span>
        <span>{current.name}</span>
        <ChevronDownIcon className="size-4 text-stone-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Label className={menuLabelClasses}>
            {t('header.language')}
          </DropdownMenu.Label>
          <LanguageRadioItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
