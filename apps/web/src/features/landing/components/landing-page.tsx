import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ClosingCtaSection } from './closing-cta-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LanguagesSection } from './languages-section';
import { ScreensSection } from './screens-section';
import { TestimonialsSection } from './testimonials-section';

export function LandingPage() {
  const { t } = useTranslation('landing');

  useEffect(() => {
    const previous = document.title;
    document.title = t('page_title');
    return () => {
      document.title = previous;
    };
  }, [t]);

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
