import { useTranslation } from 'react-i18next';
import { Reveal } from '@/components/ui/reveal';

export function AboutHeroSection() {
  const { t } = useTranslation('about');

  return (
    <section aria-labelledby="about-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-linear-to-b from-brand-50 to-paper"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 right-[-6rem] h-80 w-80 rounded-full bg-coral-100 opacity-70 blur-3xl"
      />
      <div className="relative mx-auto max-w-4xl px-5 pt-16 pb-14 text-center sm:px-8 sm:pt-24 sm:pb-20">
        <Reveal>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-coral-500" />
            {t('hero.eyebrow')}
          </p>
        </Reveal>
        <Reveal delay={150}>
          <h1
            id="about-title"
            className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl"
          >
            {t('hero.title')}
          </h1>
        </Reveal>
        <Reveal delay={300}>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-stone-600 sm:text-xl">
            {t('hero.subtitle')}
          </p>
        </Reveal>
      </div>
    </section>
  );
}
