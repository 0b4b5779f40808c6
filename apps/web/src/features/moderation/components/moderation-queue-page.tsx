import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  MODERATION_REPORT_STATUSES,
  type ModerationReportStatus,
} from '@parlo/contract/moderation';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useModerationReports } from '@/features/moderation/api/get-moderation-reports';
import { ActionNotice, useActionNotice } from '@/features/moderation/components/action-notice';
import { HeldUsersSection } from '@/features/moderation/components/held-users-section';
import { EmptyState, ErrorState, LoadingState } from '@/features/moderation/components/list-states';
import { ReportCard } from '@/features/moderation/components/report-card';

function statusFrom(value: string | null): ModerationReportStatus {
  return MODERATION_REPORT_STATUSES.find((status) => status === value) ?? 'open';
}

/** The report queue: open reports with escalated users first, and the closed ones by status. */
export function ModerationQueuePage() {
  const { t } = useTranslation('moderation');
  useDocumentTitle(`${t('page_title')} · Parlo`);
  const [params] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const { notice, announce } = useActionNotice();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-700">{t('page_title')}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">{t('queue.title')}</h1>
      <p className="mt-2 max-w-2xl text-sm leading-6 text-stone-600">{t('queue.subtitle')}</p>

      <nav aria-label={t('queue.tabs_label')} className="mt-6">
        <ul className="inline-flex gap-1 rounded-full bg-stone-100 p-1">
          {MODERATION_REPORT_STATUSES.map((option) => (
            <li key={option}>
              <Link
                to={option === 'open' ? '/moderation' : `/moderation?status=${option}`}
                aria-current={option === status ? 'page' : undefined}
                className="block rounded-full px-4 py-1.5 text-sm font-medium text-stone-700 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:bg-white aria-[current=page]:text-ink aria-[current=page]:shadow-sm"
              >
                {t(`queue.tabs.${option}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <ActionNotice notice={notice} />
      {status === 'open' && <HeldUsersSection />}
      <section aria-label={t(`queue.tabs.${status}`)} className="mt-6">
        <ReportList key={status} status={status} onActionDone={announce} />
      </section>
    </div>
  );
}

type ReportListProps = {
  status: ModerationReportStatus;
  onActionDone: ReturnType<typeof useActionNotice>['announce'];
};

function ReportList({ status, onActionDone }: ReportListProps) {
  const { t } = useTranslation('moderation');
  const reports = useModerationReports(status);

  if (reports.isPending) return <LoadingState label={t('queue.loading')} />;
  if (reports.isError && !reports.data) {
    return (
      <ErrorState
        message={t('queue.error')}
        retryLabel={t('queue.retry')}
        onRetry={() => void reports.refetch()}
      />
    );
  }
  const items = reports.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title={t(`queue.empty.${status}`)}
        hint={status === 'open' ? t('queue.empty_hint') : undefined}
      />
    );
  }
  return (
    <>
      <ul className="space-y-4">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} onActionDone={onActionDone} />
          </li>
        ))}
      </ul>
      {reports.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-sm text-red-800">
          {t('queue.load_more_error')}
        </p>
      )}
      {reports.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void reports.fetchNextPage()}
            disabled={reports.isFetchingNextPage}
            aria-busy={reports.isFetchingNextPage}
          >
            {reports.isFetchingNextPage ? t('queue.loading_more') : t('queue.load_more')}
          </Button>
        </div>
      )}
    </>
  );
}
