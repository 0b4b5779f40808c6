import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClosingCtaSection } from './closing-cta-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LanguagesSection } from './languages-section';
import { ScreensSection } from './screens-section';
import { TestimonialsSection } from './testimonials-section';

export function LandingPage() {
  const { t } = useTranslation('landing');

  useDocumentTitle(t('page_title'));

  return (
    <div className="overflow-x-clip [&:lang(ja)]:[word-break:auto-phrase] [&:lang(ko)]:break-keep">
      <HeroSection />
      <HowItWorksSection />
      <FeaturesSection />
      <ScreensSection />
      <TestimonialsSection />
      <LanguagesSection />
      <ClosingCtaSection />
    </div>
  );
}
