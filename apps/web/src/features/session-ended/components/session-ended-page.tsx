import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';

export function SessionEndedPage() {
  const { t } = useTranslation();
  return <PageContainer title={t('pages.session_ended.title')} />;
}
