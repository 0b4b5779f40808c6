import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/notices/loading-page';
import { decideAccess, type AccessAuth } from '@/app/access';
import { BlockedPage } from '@/app/pages';
import { useRouteAccessKind } from '@/app/route-access';
import type { SessionUser } from '@/app/use-session-user';

type AccessGateProps = { session: SessionUser };

/** Applies the access rules of the matched route: the page, a redirect, or the blocked page. */
export function AccessGate({ session }: AccessGateProps) {
  const kind = useRouteAccessKind();
  const location = useLocation();
  if (session.status === 'pending') return <PageSpinner fill />;

  const auth: AccessAuth =
    session.status === 'signed_in'
      ? { status: 'signed_in', user: session.user }
      : { status: 'anonymous' };
  const decision = decideAccess(kind, auth, location);
  if (decision === 'allow') return <Outlet />;
  if (decision === 'blocked_page') return <BlockedPage />;
  return <Navigate to={decision.redirect} replace />;
}
