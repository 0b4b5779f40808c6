import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';

export function OnboardingPage() {
  const { t } = useTranslation();
  return <PageContainer title={t('pages.onboarding.title')} />;
}
