import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { Reveal, type RevealDelay } from '@/components/ui/reveal';
import { ChatIcon, ShuffleIcon, UserPlusIcon } from '@/components/marketing/marketing-icons';
import { LandingSection } from './landing-section';

type Step = {
  key: 'sign_in' | 'match' | 'talk';
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  delay: RevealDelay;
};

const steps: Step[] = [
  { key: 'sign_in', Icon: UserPlusIcon, delay: 150 },
  { key: 'match', Icon: ShuffleIcon, delay: 300 },
  { key: 'talk', Icon: ChatIcon, delay: 450 },
];

const minutes = SESSION_LENGTH_SECONDS / 60;

export function HowItWorksSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection
      id="how-it-works"
      texts="how"
      titleId="how-it-works-title"
      className="scroll-mt-20"
    >
      <div className="relative mt-14">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-15 right-[16%] left-[16%] hidden border-t-2 border-dashed border-brand-200 md:block"
        />
        <ol className="relative grid gap-6 md:grid-cols-3 md:gap-8">
          {steps.map(({ key, Icon, delay }, index) => (
            <li key={key} className="relative">
              <Reveal delay={delay} className="h-full">
                <div className="h-full rounded-3xl bg-white p-7 text-center shadow-sm ring-1 ring-stone-200/80 sm:p-8">
                  <div className="relative mx-auto grid h-16 w-16 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-8 ring-paper">
                    <Icon className="h-8 w-8" />
                    <span
                      aria-hidden="true"
                      className="absolute -top-2 -right-2 grid h-7 w-7 place-items-center rounded-full bg-coral-500 text-sm font-bold text-ink"
                    >
                      {index + 1}
                    </span>
                  </div>
                  <p className="mt-6 text-sm font-semibold text-brand-700">
                    {t('how.step_label', { number: index + 1 })}
                  </p>
                  <h3 className="mt-1 text-xl font-bold text-ink">
                    {t(`how.steps.${key}.title`, { minutes })}
                  </h3>
                  <p className="mt-3 leading-relaxed text-stone-600">
                    {t(`how.steps.${key}.text`)}
                  </p>
                </div>
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </LandingSection>
  );
}
