import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '@/components/notices/loading-page';
import { currentUserQueryOptions } from '@/lib/current-user';
import { AccountSection } from '@/features/settings/components/account-section';
import { CookiePreferencesSection } from '@/features/settings/components/cookie-preferences-section';
import { DeleteAccountSection } from '@/features/settings/components/delete-account-section';
import { SafetySection } from '@/features/settings/components/safety-section';
import { SettingsLayout } from '@/features/settings/components/settings-layout';

/** Open to every signed-in user, blocked or not yet onboarded (spec §2). */
export function SettingsGeneralPage() {
  const { data: user } = useQuery(currentUserQueryOptions());
  return (
    <SettingsLayout section="general">
      {user ? <AccountSection user={user} /> : <PageSpinner />}
      {user && <SafetySection user={user} />}
      <CookiePreferencesSection />
      <DeleteAccountSection />
    </SettingsLayout>
  );
}
