import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/notices/loading-page';
import { useModerationAccess } from '@/features/moderation/api/get-moderation-access';
import { ErrorState } from '@/features/moderation/components/list-states';

/**
 * The console exists only for moderators: anyone else is sent to the dashboard as if the route
 * did not exist. The server refuses them the data anyway; this only spares them an empty page.
 */
export function ModerationAccessGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('moderation');
  const access = useModerationAccess();
  if (access.isPending) return <PageSpinner />;
  if (access.isError) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <ErrorState
          message={t('access.error')}
          retryLabel={t('access.retry')}
          onRetry={() => void access.refetch()}
        />
      </div>
    );
  }
  if (!access.data) return <Navigate to="/dashboard" replace />;
  return children;
}
