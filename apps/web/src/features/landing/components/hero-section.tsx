import { Trans, useTranslation } from 'react-i18next';
import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { ArrowRightIcon, CheckIcon } from '@/components/marketing/marketing-icons';
import { HeroVisual } from './hero-visual';

const minutes = SESSION_LENGTH_SECONDS / 60;

export function HeroSection() {
  const { t } = useTranslation('landing');
  const perks = [t('hero.perks.providers'), t('hero.perks.length', { minutes })];

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-linear-to-b from-brand-50 via-paper to-paper"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 h-96 w-96 rounded-full bg-coral-100 opacity-70 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-40 -left-32 h-80 w-80 rounded-full bg-brand-100 opacity-60 blur-3xl"
      />

      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-5 pt-14 pb-6 sm:px-8 sm:pt-20 sm:pb-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-10 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <Reveal>
            <p className="inline-flex max-w-full items-center gap-2 rounded-full bg-white px-4 py-1.5 text-xs font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200 sm:text-sm">
              <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-coral-500" />
              {t('hero.badge')}
            </p>
          </Reveal>
          <Reveal delay={150}>
            <h1
              id="hero-title"
              className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl"
            >
              <Trans
                t={t}
                i18nKey="hero.title"
                components={{
                  highlight: (
                    <span className="bg-linear-to-t from-coral-100 from-30% to-transparent to-30% box-decoration-clone px-1 text-brand-700" />
                  ),
                }}
              />
            </h1>
          </Reveal>
          <Reveal delay={300}>
            <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-stone-600 sm:text-xl lg:mx-0">
              {t('hero.subtitle', { minutes })}
            </p>
            <div className="mt-9 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
              <ButtonLink to="/auth/signin" size="lg" className="w-full sm:w-auto">
                {t('hero.cta')}
                <ArrowRightIcon className="h-5 w-5" />
              </ButtonLink>
              <a
                href="#how-it-works"
                className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto')}
              >
                {t('hero.secondary_cta')}
              </a>
            </div>
            <ul className="mt-7 flex flex-col items-center gap-x-6 gap-y-2 text-sm text-stone-600 sm:flex-row sm:justify-center lg:justify-start">
              {perks.map((perk) => (
                <li key={perk} className="flex items-center gap-2">
                  <CheckIcon className="h-4 w-4 text-brand-600" />
                  {perk}
                </li>
              ))}
            </ul>
          </Reveal>
        </div>

        <Reveal delay={450}>
          <HeroVisual />
        </Reveal>
      </div>
    </section>
  );
}
