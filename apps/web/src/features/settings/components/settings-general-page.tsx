import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';

export function SettingsGeneralPage() {
  const { t } = useTranslation();
  return <PageContainer title={t('pages.settings_general.title')} />;
}
