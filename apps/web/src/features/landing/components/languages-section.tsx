import { useTranslation } from 'react-i18next';
import { Reveal } from '@/components/ui/reveal';
import { CheckIcon } from '@/components/marketing/marketing-icons';
import { LandingSection } from './landing-section';

const upcoming = ['es', 'fr', 'de', 'ja', 'ko'] as const;

export function LanguagesSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection texts="languages" titleId="languages-title" className="bg-white">
      <div className="mx-auto mt-12 grid max-w-4xl gap-5 md:grid-cols-[2fr_3fr]">
        <Reveal delay={150} className="h-full">
          <div className="flex h-full items-center gap-5 rounded-3xl bg-brand-50 p-6 ring-2 ring-brand-500 sm:p-8">
            <span
              aria-hidden="true"
              className="grid h-16 w-16 shrink-0 place-items-center rounded-2xl bg-brand-700 text-lg font-bold text-white uppercase"
            >
              en
            </span>
            <div>
              <h3 className="text-2xl font-bold text-ink">{t('languages.names.en')}</h3>
              <p className="mt-1 inline-flex items-center gap-1.5 font-semibold text-brand-800">
                <CheckIcon className="h-4 w-4" />
                {t('languages.available')}
              </p>
            </div>
          </div>
        </Reveal>

        <Reveal delay={300} className="h-full">
          <div className="h-full rounded-3xl bg-paper p-6 ring-1 ring-stone-200 sm:p-8">
            <h3 className="flex items-center gap-2 font-semibold text-stone-700">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-coral-500" />
              {t('languages.coming_soon')}
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2.5">
              {upcoming.map((code) => (
                <li
                  key={code}
                  className="inline-flex items-center gap-2 rounded-full bg-white py-1.5 pr-4 pl-1.5 font-medium text-ink ring-1 ring-stone-200"
                >
                  <span
                    aria-hidden="true"
                    className="grid h-7 w-7 place-items-center rounded-full bg-stone-100 text-[0.65rem] font-bold text-stone-700 uppercase"
                  >
                    {code}
                  </span>
                  {t(`languages.names.${code}`)}
                </li>
              ))}
            </ul>
          </div>
        </Reveal>
      </div>

      <Reveal delay={450}>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-stone-600">
          {t('languages.note')}
        </p>
      </Reveal>
    </LandingSection>
  );
}
