import { useTranslation } from 'react-i18next';
import type { ModerationAction } from '@parlo/contract/moderation';

/** What moderators (or the escalation) did to a user, newest first, with their notes. */
export function ActionHistory({ actions }: { actions: ModerationAction[] }) {
  const { t, i18n } = useTranslation('moderation');
  const format = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
  if (actions.length === 0) {
    return <p className="text-sm text-stone-600">{t('user.history_empty')}</p>;
  }
  return (
    <ol className="space-y-3">
      {actions.map((action) => (
        <li key={action.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <p className="text-sm font-semibold text-ink">
            {t(`user.history.${action.action}`, {
              date: action.blockedUntil ? format(action.blockedUntil) : '',
            })}
          </p>
          <p className="mt-0.5 text-xs text-stone-500">
            <time dateTime={action.createdAt}>{format(action.createdAt)}</time>{' '}
            {action.moderator
              ? t('user.by', { name: action.moderator.name })
              : action.action === 'escalate'
                ? t('user.by_system')
                : t('user.by_unknown')}
          </p>
          {action.reason && (
            <p className="mt-2 text-sm whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">
              {action.reason}
            </p>
          )}
          {action.action === 'warn' && (
            <p className="mt-2 text-xs font-medium text-stone-500">
              {action.acknowledgedAt ? (
                <time dateTime={action.acknowledgedAt}>
                  {t('user.warning_seen', { date: format(action.acknowledgedAt) })}
                </time>
              ) : (
                t('user.warning_unseen')
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
