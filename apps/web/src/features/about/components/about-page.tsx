import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AboutCtaSection } from './about-cta-section';
import { AboutFeaturesSection } from './about-features-section';
import { AboutHeroSection } from './about-hero-section';
import { AboutStorySection } from './about-story-section';

export function AboutPage() {
  const { t } = useTranslation('about');

  useEffect(() => {
    const previous = document.title;
    document.title = t('page_title');
    return () => {
      document.title = previous;
    };
  }, [t]);

  return (
    <div className="overflow-x-clip [&:lang(ja)]:[word-break:auto-phrase] [&:lang(ko)]:break-keep">
      <AboutHeroSection />
      <AboutStorySection />
      <AboutFeaturesSection />
      <AboutCtaSection />
    </div>
  );
}
