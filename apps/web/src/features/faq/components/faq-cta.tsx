import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { faqValues } from './faq-entries';

export function FaqCta() {
  const { t } = useTranslation('faq');

  return (
    <section
      aria-labelledby="faq-cta-title"
      className="mx-auto max-w-3xl px-5 pt-8 pb-20 sm:px-8 sm:pb-28"
    >
      <Reveal>
        <div className="flex flex-col items-center gap-6 rounded-[2rem] bg-brand-800 px-6 py-10 text-center sm:flex-row sm:px-10 sm:text-left">
          <span
            aria-hidden="true"
            className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-coral-400 text-2xl font-bold text-ink"
          >
            ?
          </span>
          <div className="flex-1">
            <h2 id="faq-cta-title" className="text-2xl font-bold text-white">
              {t('cta.title')}
            </h2>
            <p className="mt-2 text-brand-100">{t('cta.text', faqValues)}</p>
          </div>
          <ButtonLink to="/auth/signin" variant="secondary" size="lg" className="shrink-0">
            {t('cta.button')}
          </ButtonLink>
        </div>
      </Reveal>
    </section>
  );
}
