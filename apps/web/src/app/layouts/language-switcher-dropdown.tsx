import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { DeferredMenuProps } from '@/app/layouts/deferred-menu';
import { LanguageRadioItems } from '@/app/layouts/language-radio-items';
import { MenuDropdown } from '@/app/layouts/menu-dropdown';
import { menuLabelClasses } from '@/app/layouts/menu-styles';

/** The Radix part of the language switcher, loaded on first intent. */
export function LanguageSwitcherDropdown(props: DeferredMenuProps) {
  const { t } = useTranslation();
  return (
    <MenuDropdown {...props}>
      <DropdownMenu.Label className={menuLabelClasses}>{t('header.language')}</DropdownMenu.Label>
      <LanguageRadioItems />
    </MenuDropdown>
  );
}
