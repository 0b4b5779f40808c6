import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityBucket } from '@parlo/contract/after-call';
import { languageName } from '@/lib/language-name';
import { useSearchActivity } from '@/features/search/api/get-search-activity';

const bucketClasses: Record<ActivityBucket, string> = {
  '0': 'bg-stone-100',
  '1-4': 'bg-brand-300',
  '5+': 'bg-brand-700',
};
const BUCKETS: ActivityBucket[] = ['0', '1-4', '5+'];
/** Hours labelled on screen; the others are labelled for screen readers only. */
const SHOWN_HOURS = new Set([0, 6, 12, 18]);
/** 2024-01-01 was a Monday: the week's day names in the interface language start there. */
const A_MONDAY = Date.UTC(2024, 0, 1);

function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(A_MONDAY + day * 86_400_000));
}

/** When learners of the user's language and level usually search (issue 22): a week heat-map. */
export function SearchActivityMap({ languageCode }: { languageCode: string }) {
  return (
    <Suspense fallback={null}>
      <ActivityMap languageCode={languageCode} />
    </Suspense>
  );
}

function ActivityMap({ languageCode }: { languageCode: string }) {
  const { t, i18n } = useTranslation('after-call');
  const { data } = useSearchActivity(languageCode);
  if (!data) return null;
  const locale = i18n.resolvedLanguage ?? 'en';
  const days = weekdayNames(locale);
  const bucketText = (bucket: ActivityBucket) => t(`heatmap.bucket.${bucket}`);

  return (
    <section
      aria-labelledby="activity-title"
      className="mt-6 w-full max-w-xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="activity-title" className="text-base font-semibold text-ink">
        {t('heatmap.title')}
      </h2>
      <p className="mt-1 text-xs text-stone-500">
        {t('heatmap.description', {
          language: languageName(data.languageCode, locale),
          level: data.level,
          timeZone: data.timeZone,
        })}
      </p>
      <div className="mt-3 overflow-x-auto">
        {/* 12 px, the least Lighthouse counts as legible on a phone; the hour labels take no
            width of their own, so 24 columns still fit a phone's screen. */}
        <table className="w-full border-separate border-spacing-px text-xs text-stone-500">
          <caption className="sr-only">{t('heatmap.title')}</caption>
          <thead>
            <tr>
              <td />
              {Array.from({ length: 24 }, (_, hour) => (
                <th key={hour} scope="col" className="p-0 font-normal">
                  {SHOWN_HOURS.has(hour) ? (
                    <span aria-hidden="true" className="block w-0 whitespace-nowrap">
                      {hour}
                    </span>
                  ) : null}
                  <span className="sr-only">
                    {t('heatmap.hour')} {hour}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.cells.map((hours, day) => (
              <tr key={day}>
                <th scope="row" className="pr-1 text-left font-normal whitespace-nowrap">
                  {days[day]}
                </th>
                {hours.map((bucket, hour) => (
                  <td
                    key={hour}
                    className={`h-3 min-w-2.5 rounded-[2px] p-0 ${bucketClasses[bucket]}`}
                    title={t('heatmap.cell', { day: days[day], hour, bucket: bucketText(bucket) })}
                  >
                    <span className="sr-only">{bucketText(bucket)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-3 text-xs text-stone-600">
        <span>{t('heatmap.legend')}:</span>
        {BUCKETS.map((bucket) => (
          <span key={bucket} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={`size-3 rounded-[2px] ${bucketClasses[bucket]}`} />
            {bucketText(bucket)}
          </span>
        ))}
      </p>
    </section>
  );
}
