import { useTranslation } from 'react-i18next';
import { ConnectionStrength } from '@/features/practice/components/connection-strength';
import { formatCountdown, isEmphasised } from '@/features/practice/lib/countdown';
import type { QualityReading } from '@/features/practice/lib/quality-monitor';

export type CallStatus = 'connecting' | 'reconnecting' | null;

type CallHeaderProps = {
  secondsLeft: number;
  status: CallStatus;
  reading: QualityReading | null;
};

/** 'Practicing', the time left, and how the connection is doing. */
export function CallHeader({ secondsLeft, status, reading }: CallHeaderProps) {
  const { t } = useTranslation('practice');
  const emphasised = isEmphasised(secondsLeft);
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-bold tracking-tight text-ink sm:text-2xl">{t('title')}</h1>
        {status && (
          <span
            role="status"
            className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200"
          >
            <span className="size-1.5 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
            {t(`status.${status}`)}
          </span>
        )}
      </div>
      <div className="flex items-center gap-2">
        <p
          aria-label={t('timer.label', { time: formatCountdown(secondsLeft) })}
          data-emphasised={emphasised || undefined}
          className={`rounded-full px-3 py-1.5 font-mono text-base tabular-nums ring-1 ${
            emphasised
              ? 'animate-pulse bg-red-50 font-bold text-red-700 ring-red-200'
              : 'bg-white text-ink ring-stone-200'
          }`}
        >
          <time>{formatCountdown(secondsLeft)}</time>
        </p>
        <ConnectionStrength reading={reading} />
      </div>
    </header>
  );
}
