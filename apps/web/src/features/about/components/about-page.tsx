import { useTranslation } from 'react-i18next';
import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { ClosingCtaSection } from '@/components/marketing/closing-cta-section';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AboutFeaturesSection } from './about-features-section';
import { AboutHeroSection } from './about-hero-section';
import { AboutStorySection } from './about-story-section';

const minutes = SESSION_LENGTH_SECONDS / 60;

export function AboutPage() {
  const { t } = useTranslation('about');

  useDocumentTitle(t('page_title'));

  return (
    <div className="overflow-x-clip [&:lang(ja)]:[word-break:auto-phrase] [&:lang(ko)]:break-keep">
      <AboutHeroSection />
      <AboutStorySection />
      <AboutFeaturesSection />
      <ClosingCtaSection
        titleId="about-cta-title"
        title={t('cta.title')}
        text={t('cta.text', { minutes })}
        button={t('cta.button')}
      />
    </div>
  );
}
