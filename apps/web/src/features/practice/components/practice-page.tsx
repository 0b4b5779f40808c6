import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/notices/loading-page';
import { currentUserQueryOptions } from '@/lib/current-user';
import { useLiveSession } from '@/lib/session/live-session-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CallView } from '@/features/practice/components/call-view';
import { endedByCall } from '@/features/practice/lib/call-session';

/**
 * /practice, the live session. Without a profile it sends to /dashboard, without a live session
 * to /search, and once the call of this page has ended to /session-ended (spec §2).
 */
export function PracticePage() {
  const { t } = useTranslation('practice');
  useDocumentTitle(t('meta_title'));
  const live = useLiveSession((state) => state.live);
  const ended = useLiveSession((state) => state.ended);
  const { data: user } = useQuery(currentUserQueryOptions());

  if (!user) return <PageSpinner />;
  if (!user.profile) return <Navigate to="/dashboard" replace />;
  if (!live) {
    const endedHere = ended !== null && endedByCall(ended.payload.session.id);
    return <Navigate to={endedHere ? '/session-ended' : '/search'} replace />;
  }
  // A new session (an accepted continue offer) is a new call, never the old one reused.
  return <CallView key={live.session.id} payload={live} />;
}
