import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationUser } from '@parlo/contract/moderation';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useModerationUser } from '@/features/moderation/api/get-moderation-user';
import { ActionHistory } from '@/features/moderation/components/action-history';
import { ActionNotice, useActionNotice } from '@/features/moderation/components/action-notice';
import { FrameFlagsPanel } from '@/features/moderation/components/frame-flags-panel';
import { EmptyState, ErrorState, LoadingState } from '@/features/moderation/components/list-states';
import { ModerationActions } from '@/features/moderation/components/moderation-actions';
import { PersonSummary } from '@/features/moderation/components/person-summary';
import { ReportCard } from '@/features/moderation/components/report-card';

/** One user for moderators: who they are, the reports they received and what was done. */
export function ModerationUserPage({ userId }: { userId: string }) {
  const { t } = useTranslation('moderation');
  useDocumentTitle(`${t('page_title')} · Parlo`);
  const user = useModerationUser(userId);

  let content;
  if (user.isPending) content = <LoadingState label={t('user.loading')} />;
  else if (user.isError) {
    content =
      isApiError(user.error) && user.error.status === 404 ? (
        <EmptyState title={t('user.not_found')} />
      ) : (
        <ErrorState
          message={t('user.error')}
          retryLabel={t('user.retry')}
          onRetry={() => void user.refetch()}
        />
      );
  } else content = <UserDetails data={user.data} />;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link
        to="/moderation"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeftIcon className="size-4" />
        {t('user.back')}
      </Link>
      <div className="mt-4">{content}</div>
    </div>
  );
}

function UserDetails({ data }: { data: ModerationUser }) {
  const { t } = useTranslation('moderation');
  const { notice, announce } = useActionNotice();
  const { user, reports, actions } = data;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-ink [overflow-wrap:anywhere]">
        {user.name}
      </h1>
      <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
        <PersonSummary person={user} linked={false} />
        <div className="mt-4 border-t border-stone-100 pt-4">
          <ModerationActions person={user} reportId={null} onDone={announce} />
        </div>
      </div>
      <ActionNotice notice={notice} />

      <section aria-labelledby="user-history-title" className="mt-8">
        <h2 id="user-history-title" className="text-xl font-bold text-ink">
          {t('user.history_title')}
        </h2>
        <div className="mt-3">
          <ActionHistory actions={actions} />
        </div>
      </section>
      <FrameFlagsPanel userId={user.id} />
      <section aria-labelledby="user-reports-title" className="mt-8">
        <h2 id="user-reports-title" className="text-xl font-bold text-ink">
          {t('user.reports_title')}
        </h2>
        <div className="mt-3">
          {reports.length === 0 ? (
            <p className="text-sm text-stone-600">{t('user.reports_empty')}</p>
          ) : (
            <ul className="space-y-4">
              {reports.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} onActionDone={announce} showReported={false} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
