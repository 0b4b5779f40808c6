import { useTranslation } from 'react-i18next';
import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { ButtonLink } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { ArrowRightIcon } from './about-icons';

const minutes = SESSION_LENGTH_SECONDS / 60;

export function AboutCtaSection() {
  const { t } = useTranslation('about');

  return (
    <section aria-labelledby="about-cta-title" className="px-5 py-20 sm:px-8 sm:py-24">
      <Reveal>
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-20 -left-20 h-56 w-56 rounded-full border-[1.75rem] border-brand-700"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-12 -right-12 h-28 w-28 rounded-full bg-coral-400"
          />
          <div className="relative">
            <h2
              id="about-cta-title"
              className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
            >
              {t('cta.title')}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">
              {t('cta.text', { minutes })}
            </p>
            <ButtonLink to="/auth/signin" variant="secondary" size="lg" className="mt-8">
              {t('cta.button')}
              <ArrowRightIcon className="h-5 w-5 text-brand-700" />
            </ButtonLink>
          </div>
        </div>
      </Reveal>
    </section>
  );
}
