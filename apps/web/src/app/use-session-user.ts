import { useQuery } from '@tanstack/react-query';
import type { User } from '@parlo/contract/users';
import { currentUserQueryOptions } from '@/lib/current-user';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useStartupStore } from '@/app/startup/startup-store';

export type SessionUser =
  { status: 'pending' } | { status: 'anonymous' } | { status: 'signed_in'; user: User };

/** The auth store says whether a session exists; the user query says who it belongs to. */
export function useSessionUser(): SessionUser {
  const authStatus = useAuthStore((state) => state.status);
  const hasStoredSession = useAuthStore((state) => state.accessToken !== null);
  // Without the API the session cannot be restored; public pages then show the visitor view.
  const apiUnavailable = useStartupStore((state) => state.status === 'unavailable');
  const signedIn = authStatus === 'signed_in';
  const { data: user, isError } = useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
  // Without a stored token there is nothing to restore: a visitor from the first render on, which
  // is also how the build prerenders the public pages.
  if (authStatus === 'unknown')
    return apiUnavailable || !hasStoredSession ? { status: 'anonymous' } : { status: 'pending' };
  if (!signedIn) return { status: 'anonymous' };
  if (user) return { status: 'signed_in', user };
  // Signed in, but the user could not be loaded again (after a cache reset): treat as a visitor.
  return isError ? { status: 'anonymous' } : { status: 'pending' };
}
