import { useTranslation } from 'react-i18next';
import { MIN_AGE } from '@parlo/contract/constants';
import { ButtonLink } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { ArrowRightIcon } from './landing-icons';

export function ClosingCtaSection() {
  const { t } = useTranslation('landing');

  return (
    <section aria-labelledby="closing-cta-title" className="px-5 py-20 sm:px-8 sm:py-28">
      <Reveal>
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-16 text-center shadow-xl sm:px-12 sm:py-20">
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
              id="closing-cta-title"
              className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-5xl"
            >
              {t('cta.title')}
            </h2>
            <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-brand-100">
              {t('cta.text')}
            </p>
            <ButtonLink to="/auth/signin" variant="secondary" size="lg" className="mt-9">
              {t('cta.button')}
              <ArrowRightIcon className="h-5 w-5 text-brand-700" />
            </ButtonLink>
            <p className="mt-5 text-sm text-balance text-brand-200">
              {t('cta.note', { age: MIN_AGE })}
            </p>
          </div>
        </div>
      </Reveal>
    </section>
  );
}
