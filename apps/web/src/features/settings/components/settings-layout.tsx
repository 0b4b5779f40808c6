import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQueryOptions } from '@/lib/current-user';
import { SettingsNav } from '@/features/settings/components/settings-nav';
import { visibleSections, type SettingsSection } from '@/features/settings/lib/settings-sections';

type SettingsLayoutProps = {
  section: SettingsSection;
  children: ReactNode;
};

/** The frame of every settings page: the heading, the section navigation and the section. */
export function SettingsLayout({ section, children }: SettingsLayoutProps) {
  const { t } = useTranslation('settings');
  const { data: user } = useQuery(currentUserQueryOptions());
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-ink">{t('title')}</h1>
      <div className="mt-8 flex flex-col gap-6 lg:flex-row lg:gap-10">
        <SettingsNav sections={visibleSections(user?.status)} active={section} />
        <div className="min-w-0 flex-1 space-y-6">{children}</div>
      </div>
    </div>
  );
}
