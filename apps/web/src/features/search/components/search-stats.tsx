import { useTranslation } from 'react-i18next';
import { TimerIcon, UsersIcon } from '@/components/ui/icons';
import { useStats } from '@/features/search/api/get-stats';
import { waitEstimate } from '@/features/search/lib/search-state';

/** Active learners and the average wait, refreshed every 5 s. */
export function SearchStats({ languageCode }: { languageCode: string }) {
  const { t } = useTranslation('search');
  const { data } = useStats(languageCode);
  const wait = waitEstimate(data?.avg_wait_time_ms ?? 0);
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3">
      <div className="rounded-2xl bg-stone-50 p-4">
        <dt className="flex items-center gap-2 text-sm text-stone-600">
          <UsersIcon className="size-4" />
          {t('stats.active_learners')}
        </dt>
        <dd className="mt-1 text-2xl font-bold text-ink" data-testid="stats-online">
          {data ? data.users_online : '…'}
        </dd>
      </div>
      <div className="rounded-2xl bg-stone-50 p-4">
        <dt className="flex items-center gap-2 text-sm text-stone-600">
          <TimerIcon className="size-4" />
          {t('stats.average_wait')}
        </dt>
        <dd className="mt-1 text-2xl font-bold text-ink" data-testid="stats-wait">
          {wait.unit === 'none' ? '…' : t(`stats.about_${wait.unit}`, { count: wait.count })}
        </dd>
      </div>
    </dl>
  );
}
