import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';

export function BlockedPage() {
  const { t } = useTranslation();
  return <PageContainer title={t('pages.blocked.title')} />;
}
