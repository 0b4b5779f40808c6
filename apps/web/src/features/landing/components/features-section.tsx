import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { Reveal, type RevealDelay } from '@/components/ui/reveal';
import {
  ClockIcon,
  ShieldIcon,
  SparkIcon,
  TargetIcon,
} from '@/components/marketing/marketing-icons';
import { LandingSection } from './landing-section';

type Feature = {
  key: 'short_sessions' | 'level_matching' | 'built_in_help' | 'safe';
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tint: string;
  delay: RevealDelay;
};

const features: Feature[] = [
  { key: 'short_sessions', Icon: ClockIcon, tint: 'bg-brand-100 text-brand-800', delay: 0 },
  { key: 'level_matching', Icon: TargetIcon, tint: 'bg-coral-100 text-coral-600', delay: 150 },
  { key: 'built_in_help', Icon: SparkIcon, tint: 'bg-amber-100 text-amber-700', delay: 300 },
  { key: 'safe', Icon: ShieldIcon, tint: 'bg-sky-100 text-sky-700', delay: 450 },
];

const minutes = SESSION_LENGTH_SECONDS / 60;

export function FeaturesSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection texts="features" titleId="features-title" className="bg-white">
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ key, Icon, tint, delay }) => (
          <li key={key}>
            <Reveal delay={delay} className="h-full">
              <div className="h-full rounded-3xl bg-paper p-7 ring-1 ring-stone-200/70 transition-transform duration-300 motion-safe:hover:-translate-y-1">
                <span className={`grid h-12 w-12 place-items-center rounded-2xl ${tint}`}>
                  <Icon className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold text-ink">
                  {t(`features.items.${key}.title`)}
                </h3>
                <p className="mt-2 leading-relaxed text-stone-600">
                  {t(`features.items.${key}.text`, { minutes })}
                </p>
              </div>
            </Reveal>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
