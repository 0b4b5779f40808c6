import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';

export function SettingsLanguagesPage() {
  const { t } = useTranslation();
  return <PageContainer title={t('pages.settings_languages.title')} />;
}
