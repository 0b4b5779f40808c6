import { Navigate, useParams } from 'react-router';
import { ModerationAccessGate } from '@/features/moderation/components/moderation-access-gate';
import { ModerationQueuePage } from '@/features/moderation/components/moderation-queue-page';
import { ModerationUserPage } from '@/features/moderation/components/moderation-user-page';

type ConsolePage = { kind: 'queue' } | { kind: 'user'; userId: string };

/** Which console page a path below /moderation names: the queue, a user, or none. */
export function consolePage(rest: string): ConsolePage | null {
  const path = rest.replace(/\/+$/, '');
  if (path === '') return { kind: 'queue' };
  const user = /^users\/([^/]+)$/.exec(path);
  return user?.[1] ? { kind: 'user', userId: decodeURIComponent(user[1]) } : null;
}

/**
 * Everything under /moderation as one lazily loaded route. It picks its page itself rather than
 * through nested `<Routes>`, whose code would otherwise join the framework chunk that the landing
 * page downloads.
 */
export function ModerationConsole() {
  const { '*': rest = '' } = useParams();
  const page = consolePage(rest);
  if (!page) return <Navigate to="/moderation" replace />;
  return (
    <ModerationAccessGate>
      {page.kind === 'queue' ? (
        <ModerationQueuePage />
      ) : (
        <ModerationUserPage key={page.userId} userId={page.userId} />
      )}
    </ModerationAccessGate>
  );
}
