import { useTranslation } from 'react-i18next';
import {
  INTERFACE_LANGUAGES,
  SESSION_LENGTH_SECONDS,
  SESSION_TOKEN_COST,
} from '@parlo/contract/constants';
import { Reveal } from '@/components/ui/reveal';

const minutes = SESSION_LENGTH_SECONDS / 60;

const stats = [
  { key: 'minutes', value: minutes, tint: 'bg-brand-700 text-white' },
  { key: 'tokens', value: SESSION_TOKEN_COST, tint: 'bg-coral-100 text-ink' },
  { key: 'interface_languages', value: INTERFACE_LANGUAGES.length, tint: 'bg-white text-ink' },
] as const;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function AboutStorySection() {
  const { t } = useTranslation('about');
  const paragraphs = t('story.paragraphs', { returnObjects: true, minutes });

  return (
    <section aria-labelledby="story-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 sm:px-8 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
        <Reveal>
          <h2 id="story-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {t('story.title')}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-pretty text-stone-700">
            {isStringList(paragraphs) && paragraphs.map((text) => <p key={text}>{text}</p>)}
          </div>
        </Reveal>

        <Reveal delay={150} className="lg:pt-16">
          <h3 className="sr-only">{t('story.stats_label')}</h3>
          <dl className="grid gap-4 rounded-[2rem] bg-brand-50 p-5 ring-1 ring-brand-100 sm:grid-cols-3 sm:p-6 lg:grid-cols-1">
            {stats.map(({ key, value, tint }) => (
              <div key={key} className={`flex flex-col-reverse rounded-2xl p-5 shadow-sm ${tint}`}>
                <dt className="mt-1 font-medium">{t(`story.stats.${key}.label`)}</dt>
                <dd className="text-4xl font-bold tracking-tight tabular-nums">
                  {t(`story.stats.${key}.value`, { value })}
                </dd>
              </div>
            ))}
          </dl>
        </Reveal>
      </div>
    </section>
  );
}
