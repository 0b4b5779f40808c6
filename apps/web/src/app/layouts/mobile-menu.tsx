import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';
import { LanguageFlag } from '@/components/ui/language-flag';
import { useInterfaceLanguage } from '@/app/layouts/use-interface-language';
import { VISITOR_LINKS } from '@/app/layouts/visitor-links';

type MobileMenuProps = {
  id: string;
  open: boolean;
  onClose: (options?: { restoreFocus: boolean }) => void;
};

/** The visitor's navigation below md: links and the interface languages, under the header. */
export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const { options, current, change } = useInterfaceLanguage();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose({ restoreFocus: true });
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose]);

  return (
    <div
      id={id}
      ref={panelRef}
      hidden={!open}
      className="border-t border-stone-200 bg-paper px-4 pt-3 pb-5 shadow-lg md:hidden"
    >
      <nav aria-label={t('header.nav_label')}>
        <ul className="space-y-1">
          {VISITOR_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={() => onClose()}
                className="block rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-stone-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
              >
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div
        role="group"
        aria-labelledby={`${id}-language`}
        className="mt-4 border-t border-stone-200 pt-4"
      >
        <p
          id={`${id}-language`}
          className="px-3 pb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase"
        >
          {t('header.language')}
        </p>
        <ul className="grid grid-cols-2 gap-1">
          {options.map((option) => {
            const selected = option.code === current.code;
            return (
              <li key={option.code}>
                <button
                  type="button"
                  lang={option.code}
                  aria-pressed={selected}
                  onClick={() => {
                    change(option.code);
                    onClose({ restoreFocus: true });
                  }}
                  className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm text-ink hover:bg-stone-100 aria-pressed:bg-brand-50 aria-pressed:font-semibold aria-pressed:text-brand-800"
                >
                  <LanguageFlag code={option.code} />
                  <span className="flex-1">{option.name}</span>
                  {selected && <CheckIcon className="size-4" />}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
