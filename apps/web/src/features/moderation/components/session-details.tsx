import { useTranslation } from 'react-i18next';
import type { ModerationSession } from '@parlo/contract/moderation';
import { durationParts } from '@/features/moderation/lib/moderation-format';

/** The reported session's technical data: when, how long and how it ended. Never its content. */
export function SessionDetails({ session }: { session: ModerationSession | null }) {
  const { t, i18n } = useTranslation('moderation');
  if (!session) return <p className="text-sm text-stone-600 italic">{t('session.gone')}</p>;
  const started = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(session.startedAt));
  const duration = session.durationSeconds === null ? null : durationParts(session.durationSeconds);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-stone-500">{t('session.started')}</dt>
      <dd className="text-ink">{started}</dd>
      <dt className="text-stone-500">{t('session.duration')}</dt>
      <dd className="text-ink">
        {duration ? t('session.duration_value', duration) : t('session.not_ended')}
      </dd>
      {session.endReason && (
        <>
          <dt className="text-stone-500">{t('session.end_reason')}</dt>
          <dd className="text-ink">{t(`session.end_reasons.${session.endReason}`)}</dd>
        </>
      )}
    </dl>
  );
}
