import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LanguageFlag } from '@/components/ui/language-flag';
import { lazyComponent } from '@/lib/lazy-component';
import { DeferredMenu } from '@/app/layouts/deferred-menu';
import { useInterfaceLanguage } from '@/app/layouts/use-interface-language';

const languageSwitcherDropdown = lazyComponent(() =>
  import('@/app/layouts/language-switcher-dropdown').then((m) => m.LanguageSwitcherDropdown),
);

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current } = useInterfaceLanguage();
  return (
    <DeferredMenu
      menu={languageSwitcherDropdown}
      menuProps={{}}
      trigger={{
        label: t('header.language_switcher', { language: current.name }),
        className:
          'inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-100 data-[state=open]:bg-stone-100',
        children: (
          <>
            <LanguageFlag code={current.code} />
            <span>{current.name}</span>
            <ChevronDownIcon className="size-4 text-stone-500" />
          </>
        ),
      }}
    />
  );
}
