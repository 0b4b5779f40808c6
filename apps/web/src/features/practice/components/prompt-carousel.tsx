import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/features/practice/components/call-icons';
import {
  promptLanguage,
  promptsFor,
  seededRandom,
  shuffled,
} from '@/features/practice/lib/prompts';

type PromptCarouselProps = {
  languageCode: string;
  /** The session id: the same shuffle on both sides of the call. */
  seed: string;
};

/** Conversation starters in the practice language, shuffled once per session (spec §2). */
export function PromptCarousel({ languageCode, seed }: PromptCarouselProps) {
  const { t } = useTranslation('practice');
  const [prompts] = useState(() => shuffled(promptsFor(languageCode), seededRandom(seed)));
  const [index, setIndex] = useState(0);
  const prompt = prompts[index];
  if (!prompt) return null;

  const go = (step: number) =>
    setIndex((current) => (current + step + prompts.length) % prompts.length);

  return (
    <section
      aria-roledescription={t('prompts.carousel')}
      aria-label={t('prompts.title')}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-ink">{t('prompts.title')}</h2>
        <span className="rounded-full bg-coral-100 px-2.5 py-0.5 text-xs font-medium text-coral-600">
          {t(`prompts.categories.${prompt.category}`)}
        </span>
      </div>
      <p
        lang={promptLanguage(languageCode)}
        aria-live="polite"
        className="mt-3 min-h-14 text-base leading-6 text-balance text-ink"
      >
        {prompt.text}
      </p>
      <div className="mt-3 flex items-center justify-between">
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label={t('prompts.previous')}
          className="rounded-full p-2 text-stone-600 ring-1 ring-stone-200 hover:bg-stone-50 hover:text-ink"
        >
          <ChevronLeftIcon className="size-4" />
        </button>
        <span className="text-xs text-stone-500">
          {t('prompts.position', { current: index + 1, total: prompts.length })}
        </span>
        <button
          type="button"
          onClick={() => go(1)}
          aria-label={t('prompts.next')}
          className="rounded-full p-2 text-stone-600 ring-1 ring-stone-200 hover:bg-stone-50 hover:text-ink"
        >
          <ChevronRightIcon className="size-4" />
        </button>
      </div>
    </section>
  );
}
