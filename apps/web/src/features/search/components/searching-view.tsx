import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchCard, Spinner } from '@/features/search/components/search-card';
import { SearchStats } from '@/features/search/components/search-stats';
import { formatElapsed } from '@/features/search/lib/search-state';

type SearchingViewProps = {
  languageCode: string;
  startedAt: number;
  /** How long matching holds back the last partner (find answer); null without one. */
  rematchAfterMs?: number | null;
  onCancel: () => void;
};

/** A search this old has usually found anyone else there is: the wait may be the rule's. */
export const REMATCH_HINT_AFTER_MS = 5_000;
/** Past the hold (and a sweep), the last partner is not what is being waited for any more. */
const REMATCH_HINT_GRACE_MS = 2_000;

function showsRematchHint(elapsed: number, rematchAfterMs: number | null) {
  return (
    rematchAfterMs !== null &&
    elapsed >= REMATCH_HINT_AFTER_MS &&
    elapsed < rematchAfterMs + REMATCH_HINT_GRACE_MS
  );
}

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Elapsed mm:ss, the stats and cancel (spec §2 "Search", searching view), and after a few
 * seconds a calm note that a last partner is matched again only after the hold.
 */
export function SearchingView({
  languageCode,
  startedAt,
  rematchAfterMs = null,
  onCancel,
}: SearchingViewProps) {
  const { t } = useTranslation('search');
  const now = useNow(1_000);
  const hint = showsRematchHint(now - startedAt, rematchAfterMs);
  return (
    <SearchCard icon={<Spinner />} title={t('searching.title')}>
      <p className="mt-2 text-sm leading-6 text-stone-600">{t('searching.text')}</p>
      <p className="mt-4 text-4xl font-bold text-ink tabular-nums">
        <span className="sr-only">{t('searching.elapsed')} </span>
        <time data-testid="search-elapsed">{formatElapsed(now - startedAt)}</time>
      </p>
      <SearchStats languageCode={languageCode} />
      {/* Always in the page, so screen readers announce the hint when it appears. */}
      <p role="status" className={hint ? 'mt-4 text-sm leading-6 text-stone-500' : 'sr-only'}>
        {hint && rematchAfterMs !== null
          ? t('searching.rematch_hint', { seconds: Math.round(rematchAfterMs / 1000) })
          : null}
      </p>
      <div className="mt-6 flex">
        <Button variant="secondary" onClick={onCancel}>
          {t('searching.cancel')}
        </Button>
      </div>
    </SearchCard>
  );
}
