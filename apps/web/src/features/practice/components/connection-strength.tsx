import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityReading } from '@/features/practice/lib/quality-monitor';
import type { ConnectionStrength as Strength } from '@/features/practice/lib/quality-score';

const BARS: Record<Strength, number> = { excellent: 4, good: 3, fair: 2, poor: 1, none: 0 };
const COLOUR: Record<Strength, string> = {
  excellent: 'bg-brand-600',
  good: 'bg-brand-500',
  fair: 'bg-amber-500',
  poor: 'bg-red-600',
  none: 'bg-stone-300',
};

type ConnectionStrengthProps = { reading: QualityReading | null };

/** Signal bars with a panel of the figures behind them: loss, latency, jitter, bitrate. */
export function ConnectionStrength({ reading }: ConnectionStrengthProps) {
  const { t } = useTranslation('practice');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const strength: Strength = reading?.strength ?? 'none';
  const bars = BARS[strength];

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('quality.label', { strength: t(`quality.strength.${strength}`) })}
        onClick={() => setOpen((value) => !value)}
        className="flex h-9 items-center gap-2 rounded-full px-3 text-sm text-stone-700 ring-1 ring-stone-200 hover:bg-stone-50"
      >
        <span aria-hidden="true" className="flex h-4 items-end gap-0.5">
          {[1, 2, 3, 4].map((bar) => (
            <span
              key={bar}
              style={{ height: `${bar * 25}%` }}
              className={`w-1 rounded-sm ${bar <= bars ? COLOUR[strength] : 'bg-stone-200'}`}
            />
          ))}
        </span>
        <span className="hidden sm:inline">{t(`quality.strength.${strength}`)}</span>
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={t('quality.details')}
          className="absolute right-0 z-20 mt-2 w-56 rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-stone-200"
        >
          {reading ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5">
              <dt className="text-stone-500">{t('quality.packet_loss')}</dt>
              <dd className="text-right font-medium text-ink">
                {t('quality.percent', { value: reading.packetLoss })}
              </dd>
              <dt className="text-stone-500">{t('quality.latency')}</dt>
              <dd className="text-right font-medium text-ink">
                {t('quality.ms', { value: reading.roundTripTimeMs })}
              </dd>
              <dt className="text-stone-500">{t('quality.jitter')}</dt>
              <dd className="text-right font-medium text-ink">
                {t('quality.ms', { value: reading.jitterMs })}
              </dd>
              <dt className="text-stone-500">{t('quality.bitrate')}</dt>
              <dd className="text-right font-medium text-ink">
                {t('quality.kbps', { value: reading.bitrateKbps })}
              </dd>
            </dl>
          ) : (
            <p className="text-stone-500">{t('quality.measuring')}</p>
          )}
        </div>
      )}
    </div>
  );
}
