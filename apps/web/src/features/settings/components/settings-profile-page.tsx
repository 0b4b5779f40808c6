import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/notices/loading-page';
import { currentUserQueryOptions } from '@/lib/current-user';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { SettingsLayout } from '@/features/settings/components/settings-layout';

export function SettingsProfilePage() {
  const { t } = useTranslation('settings');
  const { data: user } = useQuery(currentUserQueryOptions());
  let content = <PageSpinner />;
  if (user?.profile) content = <ProfileForm key={user.profile.id} profile={user.profile} />;
  else if (user) content = <p className="text-sm text-stone-600">{t('profile.no_profile')}</p>;
  return (
    <SettingsLayout section="profile">
      <SettingsCard title={t('profile.title')} description={t('profile.description')}>
        {content}
      </SettingsCard>
    </SettingsLayout>
  );
}
