import { queryClient } from '@/lib/query-client';

/** The key the auth store persists its token under (spec §3: auth-storage). */
const AUTH_STORAGE_KEY = 'auth-storage';

/**
 * Ends the session in this browser after the account is gone. The auth store belongs to the auth
 * feature, which settings may not import, so its persisted token is removed and the page reloads
 * at `/`: the store then starts empty, exactly as after a sign-out.
 */
export function clearLocalSessionAndLeave(location: Pick<Location, 'replace'> = window.location) {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  queryClient.clear();
  location.replace('/');
}
