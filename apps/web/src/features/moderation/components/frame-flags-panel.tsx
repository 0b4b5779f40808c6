import { useTranslation } from 'react-i18next';
import { useModerationFrameFlags } from '@/features/moderation/api/get-moderation-frame-flags';

/**
 * The frame guard's flags about a user, beside their reports: how many, from how many partners
 * in the last 24 h, and each flag's score and time. The guard never sends an image, so there is
 * none to show.
 */
export function FrameFlagsPanel({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('safety');
  const flags = useModerationFrameFlags(userId);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });

  return (
    <section aria-labelledby="user-frame-flags-title" className="mt-8">
      <h2 id="user-frame-flags-title" className="text-xl font-bold text-ink">
        {t('moderation.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('moderation.no_images')}</p>
      {flags.isPending && <p className="mt-3 text-sm text-stone-600">{t('moderation.loading')}</p>}
      {flags.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('moderation.error')}
        </p>
      )}
      {flags.data && (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
            {(
              [
                ['total', flags.data.total],
                ['last_24_hours', flags.data.last24Hours],
                ['partners_24_hours', flags.data.distinctPartners24Hours],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-xl bg-white p-3 ring-1 ring-stone-200">
                <dt className="text-xs text-stone-600">{t(`moderation.${key}`)}</dt>
                <dd className="text-2xl font-bold text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {flags.data.flags.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">{t('moderation.empty')}</p>
          ) : (
            <table className="mt-3 w-full text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th className="py-1 font-medium">{t('moderation.when')}</th>
                  <th className="py-1 font-medium">{t('moderation.side')}</th>
                  <th className="py-1 font-medium">{t('moderation.score')}</th>
                  <th className="py-1 font-medium">{t('moderation.frames')}</th>
                  <th className="py-1 font-medium">{t('moderation.reported')}</th>
                </tr>
              </thead>
              <tbody>
                {flags.data.flags.map((flag) => (
                  <tr key={flag.id} className="border-t border-stone-100">
                    <td className="py-1.5">{time.format(new Date(flag.createdAt))}</td>
                    <td className="py-1.5">{t(`moderation.sides.${flag.side}`)}</td>
                    <td className="py-1.5">
                      {percent.format(flag.score)} · {flag.category}
                    </td>
                    <td className="py-1.5">{flag.frameCount}/5</td>
                    <td className="py-1.5">
                      {flag.reportId ? t('moderation.yes') : t('moderation.no')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
