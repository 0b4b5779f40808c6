import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { LanguageCode } from '@parlo/contract/constants';
import { PageContainer } from '@/components/layout/page-container';
import { PageSpinner } from '@/components/notices/loading-page';
import { currentUserQueryOptions } from '@/lib/current-user';
import { useSocketStatus } from '@/lib/realtime/use-socket-status';
import { ErrorView } from '@/features/search/components/error-view';
import { MediaCheckingView, MediaProblemView } from '@/features/search/components/media-views';
import { OtherTabView } from '@/features/search/components/other-tab-view';
import { SearchCard, Spinner } from '@/features/search/components/search-card';
import { SearchingView } from '@/features/search/components/searching-view';
import { StartView } from '@/features/search/components/start-view';
import { TimeoutView } from '@/features/search/components/timeout-view';
import { useSearch } from '@/features/search/hooks/use-search';

/** /search (spec §2): find a partner in the current language. */
export function SearchPage() {
  const { t } = useTranslation(['common', 'search']);
  const { data: user, isPending } = useQuery(currentUserQueryOptions());
  const socketStatus = useSocketStatus();
  if (isPending) return <PageSpinner />;
  const languageCode = user?.profile?.languageCode as LanguageCode | null | undefined;
  if (!languageCode) return <Navigate to="/dashboard" replace />;
  return (
    <PageContainer title={t('pages.search.title')}>
      {socketStatus === 'duplicate_connection' ? (
        <OtherTabView />
      ) : (
        <SearchFlow languageCode={languageCode} />
      )}
    </PageContainer>
  );
}

function SearchFlow({ languageCode }: { languageCode: LanguageCode }) {
  const { t } = useTranslation('search');
  const { state, find, cancel, reset } = useSearch(languageCode);
  const retry = () => void find();

  if (state.media === 'checking') return <MediaCheckingView />;
  if (state.media === 'denied' || state.media === 'not_found' || state.media === 'error') {
    return <MediaProblemView media={state.media} onRetry={retry} onBack={reset} />;
  }
  switch (state.status) {
    case 'searching':
      return (
        <SearchingView
          languageCode={languageCode}
          startedAt={state.searchStartTime ?? 0}
          rematchAfterMs={state.rematchAfterMs}
          onCancel={cancel}
        />
      );
    case 'session_found':
      return <SearchCard icon={<Spinner />} title={t('found.title')} />;
    case 'timeout':
      return <TimeoutView onTryAgain={retry} />;
    case 'error':
      return (
        <ErrorView errorType={state.errorType ?? 'generic'} onTryAgain={retry} onBack={reset} />
      );
    case 'idle':
      return <StartView languageCode={languageCode} onFind={retry} starting={state.starting} />;
  }
}
