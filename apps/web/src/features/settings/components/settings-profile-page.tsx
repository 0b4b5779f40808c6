import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';

export function SettingsProfilePage() {
  const { t } = useTranslation();
  return <PageContainer title={t('pages.settings_profile.title')} />;
}
