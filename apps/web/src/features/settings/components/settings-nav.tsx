import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { SettingsSection } from '@/features/settings/lib/settings-sections';

type SettingsNavProps = {
  sections: readonly SettingsSection[];
  active: SettingsSection;
};

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100'
  }`;

/** Side navigation on wide screens; on phones a toggle that opens the same list. */
export function SettingsNav({ sections, active }: SettingsNavProps) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <nav aria-label={t('nav.label')} className="lg:w-56 lg:shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="settings-nav-list"
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm font-semibold text-ink lg:hidden"
      >
        {t('nav.toggle', { section: t(`nav.${active}`) })}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id="settings-nav-list"
        className={`mt-2 space-y-1 rounded-xl border border-stone-200 bg-white p-2 lg:mt-0 lg:block lg:border-0 lg:bg-transparent lg:p-0 ${
          open ? 'block' : 'hidden'
        }`}
      >
        {sections.map((section) => (
          <li key={section}>
            <NavLink
              to={`/settings/${section}`}
              className={linkClasses}
              onClick={() => setOpen(false)}
            >
              {t(`nav.${section}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
