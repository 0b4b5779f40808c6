import { useTranslation } from 'react-i18next';
import { MIN_AGE } from '@parlo/contract/constants';
import { ClosingCtaSection } from '@/components/marketing/closing-cta-section';
import { useDocumentTitle } from '@/lib/use-document-title';
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
      <ClosingCtaSection
        titleId="closing-cta-title"
        size="large"
        title={t('cta.title')}
        text={t('cta.text')}
        button={t('cta.button')}
        note={t('cta.note', { age: MIN_AGE })}
      />
    </div>
  );
}
