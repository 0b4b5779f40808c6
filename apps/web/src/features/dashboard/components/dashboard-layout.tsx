import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecentSessionsCard } from '@/features/dashboard/components/recent-sessions-card';

type DashboardLayoutProps = {
  /** The greeting, or its outline while the member's data loads. */
  greeting: ReactNode;
  /** Between the greeting and the cards: the prompt to pick a language. */
  prompt?: ReactNode;
  /** The cards of the first column; the recent sessions take the second. */
  cards: ReactNode;
  /** While the member's data loads. */
  busy?: boolean;
};

/**
 * The dashboard's arrangement, shared by the page and its skeleton (the app shell the build
 * prerenders), so the page takes the skeleton's place without anything moving.
 */
export function DashboardLayout({ greeting, prompt, cards, busy = false }: DashboardLayoutProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <div
      aria-busy={busy || undefined}
      className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8"
    >
      <div>
        <h1 className="sr-only">{t('common:pages.dashboard.title')}</h1>
        {greeting}
        <p className="mt-2 text-base leading-7 text-stone-600">{t('subtitle')}</p>
      </div>

      {prompt}

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="grid gap-6">{cards}</div>
        <RecentSessionsCard />
      </div>
    </div>
  );
}
