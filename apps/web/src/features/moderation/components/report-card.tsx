import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ESCALATION_DISTINCT_REPORTERS,
  type ModerationAction,
  type ModerationReport,
} from '@parlo/contract/moderation';
import { AlertIcon } from '@/components/ui/icons';
import type { ActionTarget } from '@/features/moderation/components/action-dialog';
import { ModerationActions } from '@/features/moderation/components/moderation-actions';
import { PersonSummary } from '@/features/moderation/components/person-summary';
import { SessionDetails } from '@/features/moderation/components/session-details';

type ReportCardProps = {
  report: ModerationReport;
  onActionDone: (action: ModerationAction, target: ActionTarget) => void;
  /** False on the reported person's own page, which shows them already. */
  showReported?: boolean;
};

/** One report in the queue: both people, the reason and comment, the session, and the actions. */
export function ReportCard({ report, onActionDone, showReported = true }: ReportCardProps) {
  const { t, i18n } = useTranslation('moderation');
  const titleId = useId();
  const format = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
  const escalatedAt = report.reported.escalatedAt;
  const open = report.status === 'open';

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-5 ${
        escalatedAt && open ? 'ring-2 ring-red-300' : 'ring-stone-200'
      }`}
    >
      <h3 id={titleId} className="sr-only">
        {t('report.label', { name: report.reported.name })}
      </h3>
      {escalatedAt && open && (
        <div className="mb-4 flex gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong className="font-semibold">
              {t('report.escalated', { count: ESCALATION_DISTINCT_REPORTERS })}
            </strong>{' '}
            <span className="text-red-800">
              {t('report.escalated_since', { date: format(escalatedAt) })}
            </span>
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-stone-500">
        <span>{t('report.sent', { date: format(report.createdAt) })}</span>
        {report.reviewedAt && (
          <span>
            {t(`report.status.${report.status}`)} ·{' '}
            {t('report.reviewed', { date: format(report.reviewedAt) })}
          </span>
        )}
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {showReported && <PersonSummary role={t('report.reported')} person={report.reported} />}
        <PersonSummary role={t('report.reporter')} person={report.reporter} />
      </div>
      <div className="mt-4 grid gap-4 border-t border-stone-100 pt-4 sm:grid-cols-2">
        <div>
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {t('report.reason')}
          </p>
          <p className="mt-1 font-semibold text-ink">{t(`report.reasons.${report.reason}`)}</p>
          <p className="mt-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {t('report.comment')}
          </p>
          {report.comment ? (
            <blockquote className="mt-1 border-l-2 border-stone-200 pl-3 text-sm whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">
              {report.comment}
            </blockquote>
          ) : (
            <p className="mt-1 text-sm text-stone-500 italic">{t('report.no_comment')}</p>
          )}
        </div>
        <div>
          <p className="mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {t('session.title')}
          </p>
          <SessionDetails session={report.session} />
        </div>
      </div>
      {open && (
        <div className="mt-4 border-t border-stone-100 pt-4">
          <ModerationActions person={report.reported} reportId={report.id} onDone={onActionDone} />
        </div>
      )}
    </article>
  );
}
