import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/features/practice/components/call-icons';
import { useStore } from '@/features/practice/hooks/use-store';
import type { TaskDeck } from '@/features/practice/learning/task-deck';
import { cardLanguage, isCardLanguage } from '@/features/practice/learning/task-cards';
import { useTaskCard } from '@/features/practice/learning/use-task-card';
import { SavePhraseButton } from '@/lib/pocket/pocket-call';

/** The planning time shown while the call connects (issue 21: "think what you will say"). */
export const PLANNING_SECONDS = 30;

type TaskCardPanelProps = {
  deck: TaskDeck;
  languageCode: string;
  /** True until the partner is connected: the planning timer runs meanwhile. */
  connecting: boolean;
};

/**
 * The task card both partners see (issue 21 §1): task, three useful phrases and a follow-up
 * question in the practice language; the frame in the interface language, and the card itself
 * too on request when a deck exists in that language. Next and previous move both sides.
 */
export function TaskCardPanel({ deck, languageCode, connecting }: TaskCardPanelProps) {
  const { t, i18n } = useTranslation('learning');
  const { cards, index } = useStore(deck);
  const [mine, setMine] = useState(false);
  const titleId = useId();
  const practice = cardLanguage(languageCode);
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  const canTranslate = isCardLanguage(interfaceLanguage) && interfaceLanguage !== practice;
  const wanted = mine && canTranslate ? interfaceLanguage : practice;
  const practiceCard = useTaskCard(cards[index], practice);
  // While the interface language's deck loads, the practice language's card stays on screen.
  const card = useTaskCard(cards[index], wanted) ?? practiceCard;
  if (!card) return null;
  const shown = card.language;

  return (
    <section
      aria-labelledby={titleId}
      aria-roledescription={t('cards.region')}
      data-testid="task-card"
      data-card-id={card.id}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-ink">
          {t('cards.title')}
        </h2>
        <span className="flex gap-1.5">
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
            {t('cards.level', { level: card.level })}
          </span>
          <span className="rounded-full bg-coral-100 px-2.5 py-0.5 text-xs font-medium text-coral-600">
            {t(`cards.categories.${card.category}`)}
          </span>
        </span>
      </div>

      {connecting && <PlanningTimer />}

      <div lang={shown} aria-live="polite" className="mt-3 grid gap-3">
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {t('cards.task')}
          </h3>
          <p className="mt-1 text-base leading-6 text-balance text-ink">{card.task}</p>
        </div>
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {t('cards.phrases')}
          </h3>
          <ul className="mt-1 grid gap-1 text-sm text-ink">
            {card.phrases.map((phrase) => (
              <li
                key={phrase}
                className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 px-2.5 py-1.5"
              >
                <span>{phrase}</span>
                <SavePhraseButton text={phrase} source="card" />
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {t('cards.follow_up')}
          </h3>
          <p className="mt-1 text-sm text-ink italic">{card.followUp}</p>
        </div>
      </div>

      {canTranslate && (
        <button
          type="button"
          aria-pressed={mine}
          onClick={() => setMine((value) => !value)}
          className="mt-3 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {mine ? t('cards.show_practice') : t('cards.show_mine')}
        </button>
      )}

      <div className="mt-3 flex items-center justify-between">
        <button
          type="button"
          onClick={() => deck.previous()}
          aria-label={t('cards.previous')}
          className="rounded-full p-2 text-stone-600 ring-1 ring-stone-200 hover:bg-stone-50 hover:text-ink"
        >
          <ChevronLeftIcon className="size-4" />
        </button>
        <span className="text-xs text-stone-500">
          {t('cards.position', { current: index + 1, total: cards.length })}
        </span>
        <button
          type="button"
          onClick={() => deck.next()}
          aria-label={t('cards.next')}
          className="rounded-full p-2 text-stone-600 ring-1 ring-stone-200 hover:bg-stone-50 hover:text-ink"
        >
          <ChevronRightIcon className="size-4" />
        </button>
      </div>
      <p className="mt-2 text-center text-xs text-stone-500">{t('cards.shared')}</p>
    </section>
  );
}

/** Counts the planning half-minute down while the call connects. */
function PlanningTimer() {
  const { t } = useTranslation('learning');
  const [left, setLeft] = useState(PLANNING_SECONDS);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, PLANNING_SECONDS - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, []);

  return (
    <div
      data-testid="planning-timer"
      className="mt-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-800"
    >
      <p className="font-semibold">{t('cards.planning.title')}</p>
      <p>{left > 0 ? t('cards.planning.hint') : t('cards.planning.done')}</p>
      {left > 0 && (
        <div className="mt-1.5 flex items-center gap-2">
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={PLANNING_SECONDS}
            aria-valuenow={left}
            aria-valuetext={t('cards.planning.timer', { seconds: left })}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-brand-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
              style={{ width: `${(left / PLANNING_SECONDS) * 100}%` }}
            />
          </div>
          <span className="text-xs tabular-nums">
            {t('cards.planning.timer', { seconds: left })}
          </span>
        </div>
      )}
    </div>
  );
}
