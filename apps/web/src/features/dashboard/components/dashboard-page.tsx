import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentUserQueryOptions, displayName } from '@/lib/current-user';
import { isJustJoined } from '@/lib/just-joined';
import { CalibratedLevel, PocketLinkCard } from '@/features/dashboard/components/after-call-cards';
import { CurrentLanguageCard } from '@/features/dashboard/components/current-language-card';
import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { LanguagePrompt } from '@/features/dashboard/components/language-prompt';
import { StartSessionCard } from '@/features/dashboard/components/start-session-card';

/** Home of a signed-in user: greeting, start a session, current language, recent sessions. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useQuery(currentUserQueryOptions());
  // Someone who has just finished onboarding is not coming back: they are arriving.
  const justJoined = isJustJoined(useLocation().state);
  if (!user) return <DashboardSkeleton />;

  const profile = user.profile;
  const languages = profile?.languages ?? [];
  const currentCode = profile?.languageCode ?? null;

  return (
    <DashboardLayout
      greeting={
        <h2 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {t(justJoined ? 'greeting_new' : 'greeting', { name: displayName(user) })}
        </h2>
      }
      prompt={!currentCode && <LanguagePrompt hasLanguages={languages.length > 0} />}
      cards={
        <>
          <StartSessionCard hasCurrentLanguage={currentCode !== null} />
          <CurrentLanguageCard languages={languages} currentCode={currentCode} />
          <CalibratedLevel languageCode={currentCode} />
          <PocketLinkCard />
        </>
      }
    />
  );
}
