import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REPAIR_SIGNAL_KINDS } from '@parlo/contract/peer-messages-learning';
import { useStore } from '@/features/practice/hooks/use-store';
import type { RepairSignals } from '@/features/practice/learning/repair-signals';

/**
 * The four one-tap repair signals (issue 21 §3). After a tap the buttons rest until the rate limit
 * allows the next one; the reason is said to screen readers.
 */
export function RepairSignalBar({ signals, ready }: { signals: RepairSignals; ready: boolean }) {
  const { t } = useTranslation('learning');
  const { blockedUntil } = useStore(signals);
  const blocked = blockedUntil > 0;
  const waitId = useId();

  return (
    <div
      role="group"
      aria-label={t('signals.group')}
      className="flex flex-wrap justify-center gap-2"
    >
      {REPAIR_SIGNAL_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          disabled={!ready || blocked}
          aria-describedby={blocked ? waitId : undefined}
          onClick={() => signals.send(kind)}
          className="rounded-full bg-white px-3 py-1.5 text-xs font-medium text-ink shadow-sm ring-1 ring-stone-300 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t(`signals.kinds.${kind}`)}
        </button>
      ))}
      {blocked && (
        <span id={waitId} className="sr-only">
          {t('signals.wait')}
        </span>
      )}
    </div>
  );
}

/**
 * The partner's latest signal, in this user's own interface language: a short notice over the
 * call that takes no focus and hides by itself; the live region is always mounted so screen
 * readers announce each new one.
 */
export function RepairSignalNotice({ signals }: { signals: RepairSignals }) {
  const { t } = useTranslation('learning');
  const { notice: shown } = useStore(signals);

  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4"
    >
      {shown && (
        <div
          key={shown.key}
          data-testid="repair-notice"
          className="pointer-events-auto flex items-center gap-3 rounded-full bg-ink px-4 py-2 text-sm text-white shadow-lg"
        >
          <span>{t('signals.received', { signal: t(`signals.kinds.${shown.kind}`) })}</span>
          <button
            type="button"
            onClick={() => signals.dismiss()}
            className="rounded-full px-2 py-0.5 text-xs text-stone-200 ring-1 ring-white/40 hover:bg-white/10"
          >
            {t('signals.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
