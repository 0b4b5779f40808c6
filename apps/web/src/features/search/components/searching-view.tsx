import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchCard, Spinner } from '@/features/search/components/search-card';
import { SearchStats } from '@/features/search/components/search-stats';
import { formatElapsed } from '@/features/search/lib/search-state';

type SearchingViewProps = {
  languageCode: string;
  startedAt: number;
  onCancel: () => void;
};

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Elapsed mm:ss, the stats and cancel (spec §2 "Search", searching view). */
export function SearchingView({ languageCode, startedAt, onCancel }: SearchingViewProps) {
  const { t } = useTranslation('search');
  const now = useNow(1_000);
  return (
    <SearchCard icon={<Spinner />} title={t('searching.title')}>
      <p className="mt-2 text-sm leading-6 text-stone-600">{t('searching.text')}</p>
      <p className="mt-4 text-4xl font-bold text-ink tabular-nums">
        <span className="sr-only">{t('searching.elapsed')} </span>
        <time data-testid="search-elapsed">{formatElapsed(now - startedAt)}</time>
      </p>
      <SearchStats languageCode={languageCode} />
      <div className="mt-6 flex">
        <Button variant="secondary" onClick={onCancel}>
          {t('searching.cancel')}
        </Button>
      </div>
    </SearchCard>
  );
}
