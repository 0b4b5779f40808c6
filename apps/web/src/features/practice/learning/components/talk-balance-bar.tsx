import { useTranslation } from 'react-i18next';
import { useStore } from '@/features/practice/hooks/use-store';
import type { CallLearning } from '@/features/practice/learning/call-learning';
import { cardLanguage } from '@/features/practice/learning/task-cards';
import { useTaskCard } from '@/features/practice/learning/use-task-card';

/**
 * Each side's share of the speaking time as one small split bar (issue 21 §2), and the half-time
 * nudge for the side that has spoken more than 70 %.
 */
export function TalkBalanceBar({
  learning,
  languageCode,
}: {
  learning: CallLearning;
  languageCode: string;
}) {
  const { t } = useTranslation('learning');
  const { shares, totalMs } = useStore(learning.meter);
  const { nudge } = useStore(learning);
  const me = Math.round(shares.me * 100);
  const partner = totalMs > 0 ? 100 - me : 0;
  const nudgeCard = useTaskCard(nudge, cardLanguage(languageCode));

  return (
    <div className="grid gap-2">
      <div
        data-testid="talk-balance"
        data-me={me}
        data-partner={partner}
        className="rounded-xl bg-white px-3 py-2 shadow-sm ring-1 ring-stone-200"
      >
        <div className="flex items-center justify-between text-xs text-stone-600">
          <span className="font-semibold text-ink">{t('balance.title')}</span>
          {totalMs > 0 && (
            <span aria-hidden="true" className="tabular-nums">
              {t('balance.you')} {me} % · {t('balance.partner')} {partner} %
            </span>
          )}
        </div>
        <div
          role="img"
          aria-label={totalMs > 0 ? t('balance.label', { me, partner }) : t('balance.waiting')}
          className="mt-1.5 flex h-2 overflow-hidden rounded-full bg-stone-200"
        >
          {totalMs > 0 && (
            <>
              <div
                className="h-full bg-brand-600 transition-[width] duration-500"
                style={{ width: `${me}%` }}
              />
              <div
                className="h-full bg-coral-400 transition-[width] duration-500"
                style={{ width: `${partner}%` }}
              />
            </>
          )}
        </div>
        {totalMs === 0 && <p className="mt-1 text-xs text-stone-500">{t('balance.waiting')}</p>}
      </div>

      <div aria-live="polite">
        {nudgeCard && (
          <div
            data-testid="talk-nudge"
            className="flex items-start justify-between gap-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            <div>
              <p className="font-semibold">{t('balance.nudge.title')}</p>
              <p>{t('balance.nudge.body')}</p>
              <p lang={nudgeCard.language} className="mt-1 italic">
                {nudgeCard.followUp}
              </p>
            </div>
            <button
              type="button"
              onClick={() => learning.dismissNudge()}
              className="shrink-0 rounded-full px-2 py-1 text-xs font-medium ring-1 ring-amber-300 hover:bg-amber-100"
            >
              {t('balance.nudge.dismiss')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
