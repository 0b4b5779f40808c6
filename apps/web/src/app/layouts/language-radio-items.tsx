import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CheckIcon } from '@/components/ui/icons';
import { LanguageFlag } from '@/components/ui/language-flag';
import { menuItemClasses } from '@/app/layouts/menu-styles';
import { useInterfaceLanguage } from '@/app/layouts/use-interface-language';

/** The interface languages as a radio group, for any Radix dropdown menu. */
export function LanguageRadioItems() {
  const { options, current, change } = useInterfaceLanguage();
  return (
    <DropdownMenu.RadioGroup value={current.code} onValueChange={change}>
      {options.map((option) => (
        <DropdownMenu.RadioItem
          key={option.code}
          value={option.code}
          lang={option.code}
          className={menuItemClasses}
        >
          <LanguageFlag code={option.code} />
          <span className="flex-1">{option.name}</span>
          <DropdownMenu.ItemIndicator>
            <CheckIcon className="size-4 text-brand-700" />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}
