import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { Reveal, type RevealDelay } from '@/components/ui/reveal';
import {
  GlobeIcon,
  LevelIcon,
  LiveCallIcon,
  ShieldIcon,
  TimerIcon,
  WaveIcon,
} from '@/components/marketing/marketing-icons';

type Feature = {
  key:
    | 'real_time'
    | 'short_sessions'
    | 'level_matching'
    | 'global_community'
    | 'safe_by_design'
    | 'onboarding';
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tint: string;
};

const features: Feature[] = [
  { key: 'real_time', Icon: LiveCallIcon, tint: 'bg-brand-100 text-brand-800' },
  { key: 'short_sessions', Icon: TimerIcon, tint: 'bg-coral-100 text-coral-600' },
  { key: 'level_matching', Icon: LevelIcon, tint: 'bg-amber-100 text-amber-700' },
  { key: 'global_community', Icon: GlobeIcon, tint: 'bg-sky-100 text-sky-700' },
  { key: 'safe_by_design', Icon: ShieldIcon, tint: 'bg-brand-100 text-brand-800' },
  { key: 'onboarding', Icon: WaveIcon, tint: 'bg-coral-100 text-coral-600' },
];

// Cards enter row by row, so the stagger restarts with every row of three.
const delays: RevealDelay[] = [0, 150, 300];

const minutes = SESSION_LENGTH_SECONDS / 60;

export function AboutFeaturesSection() {
  const { t } = useTranslation('about');

  return (
    <section aria-labelledby="about-features-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <Reveal>
          <div className="mx-auto max-w-2xl text-center">
            <h2
              id="about-features-title"
              className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl"
            >
              {t('features.title')}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-pretty text-stone-600">
              {t('features.subtitle')}
            </p>
          </div>
        </Reveal>

        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ key, Icon, tint }, index) => (
            <li key={key}>
              <Reveal delay={delays[index % delays.length]} className="h-full">
                <div className="h-full rounded-3xl bg-paper p-7 ring-1 ring-stone-200/70">
                  <span className={`grid h-12 w-12 place-items-center rounded-2xl ${tint}`}>
                    <Icon className="h-6 w-6" />
                  </span>
                  <h3 className="mt-5 text-lg font-bold text-ink">
                    {t(`features.items.${key}.title`, { minutes })}
                  </h3>
                  <p className="mt-2 leading-relaxed text-stone-600">
                    {t(`features.items.${key}.text`)}
                  </p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
