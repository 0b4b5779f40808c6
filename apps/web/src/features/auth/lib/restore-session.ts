import { currentUserQueryOptions } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import { refreshSession, signOutLocally } from '@/features/auth/lib/access-token';
import { useAuthStore } from '@/features/auth/stores/auth-store';

async function restore(refreshing?: Promise<string | null>) {
  const store = useAuthStore.getState();
  if (!store.accessToken) {
    store.setStatus('anonymous');
    return;
  }
  try {
    // Waits out a 'refresh too frequent' answer once, e.g. for a reload right after sign-in.
    if (!(await (refreshing ?? refreshSession()))) {
      throw new Error('The session could not be refreshed');
    }
    await queryClient.fetchQuery({ ...currentUserQueryOptions(), retry: false });
    useAuthStore.getState().setStatus('signed_in');
  } catch {
    // Spec §4: on start-up any failed refresh or user load means signed out.
    signOutLocally();
  }
}

let restoring: Promise<void> | null = null;

/**
 * Sends a stored session's refresh and the user's read at once, before the health check has
 * answered (issue 20: they were three round trips in a row). The read goes with the stored
 * access token while it is valid, else it waits for this refresh; its answer is kept only if the
 * restore then succeeds (a failed one clears every cached answer). Answers the refresh, for
 * `restoreSession`; undefined without a stored session.
 */
export function startRestore(): Promise<string | null> | undefined {
  if (!useAuthStore.getState().accessToken) return undefined;
  const refreshing = refreshSession();
  queryClient.fetchQuery({ ...currentUserQueryOptions(), retry: false }).catch(() => undefined);
  return refreshing;
}

/**
 * Start-up step after the health check; runs once even if called again while in progress.
 * `refreshing`: the refresh start-up already sent beside the health check, to use instead of a
 * new one.
 */
export function restoreSession(refreshing?: Promise<string | null>): Promise<void> {
  restoring ??= restore(refreshing).finally(() => {
    restoring = null;
  });
  return restoring;
}
