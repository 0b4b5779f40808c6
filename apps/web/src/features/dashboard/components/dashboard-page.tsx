import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentUserQueryOptions, displayName } from '@/lib/current-user';
import { isJustJoined } from '@/lib/just-joined';
import { CalibratedLevel, PocketLinkCard } from '@/features/dashboard/components/after-call-cards';
import { CurrentLanguageCard } from '@/features/dashboard/components/current-language-card';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { LanguagePrompt } from '@/features/dashboard/components/language-prompt';
import { RecentSessionsCard } from '@/features/dashboard/components/recent-sessions-card';
import { StartSessionCard } from '@/features/dashboard/components/start-session-card';

/** Home of a signed-in user: greeting, start a session, current language, recent sessions. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { data: user } = useQuery(currentUserQueryOptions());
  // Someone who has just finished onboarding is not coming back: they are arriving.
  const justJoined = isJustJoined(useLocation().state);
  if (!user) return <DashboardSkeleton />;

  const profile = user.profile;
  const languages = profile?.languages ?? [];
  const currentCode = profile?.languageCode ?? null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div>
        <h1 className="sr-only">{t('common:pages.dashboard.title')}</h1>
        <h2 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {t(justJoined ? 'greeting_new' : 'greeting', { name: displayName(user) })}
        </h2>
        <p className="mt-2 text-base leading-7 text-stone-600">{t('subtitle')}</p>
      </div>

      {!currentCode && <LanguagePrompt hasLanguages={languages.length > 0} />}

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="grid gap-6">
          <StartSessionCard hasCurrentLanguage={currentCode !== null} />
          <CurrentLanguageCard languages={languages} currentCode={currentCode} />
          <CalibratedLevel languageCode={currentCode} />
          <PocketLinkCard />
        </div>
        <RecentSessionsCard />
      </div>
    </div>
  );
}
