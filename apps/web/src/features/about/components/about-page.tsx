import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AboutCtaSection } from './about-cta-section';
import { AboutFeaturesSection } from './about-features-section';
import { AboutHeroSection } from './about-hero-section';
import { AboutStorySection } from './about-story-section';

export function AboutPage() {
  const { t } = useTranslation('about');

  useDocumentTitle(t('page_title'));

  return (
    <div className="overflow-x-clip [&:lang(ja)]:[word-break:auto-phrase] [&:lang(ko)]:break-keep">
      <AboutHeroSection />
      <AboutStorySection />
      <AboutFeaturesSection />
      <AboutCtaSection />
    </div>
  );
}
