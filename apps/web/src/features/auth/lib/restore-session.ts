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
