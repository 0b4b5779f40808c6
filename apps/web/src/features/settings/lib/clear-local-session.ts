import { queryClient } from '@/lib/query-client';
import { forgetSignInName } from '@/lib/sign-in-name';

/** The key the auth store persists its token under (spec §3: auth-storage). */
const AUTH_STORAGE_KEY = 'auth-storage';
/** Set for this tab once its account is deleted: the confirmation page shows only then. */
const ACCOUNT_DELETED_KEY = 'account-deleted';
/** Where a deletion ends: what was removed at once and what goes within 30 days. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/**
 * Ends the session in this browser after the account is gone. The auth store belongs to the auth
 * feature, which settings may not import, so its persisted token is removed and the page reloads
 * at the confirmation page: the store then starts empty, exactly as after a sign-out.
 */
export function clearLocalSessionAndLeave(location: Pick<Location, 'replace'> = window.location) {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  queryClient.clear();
  forgetSignInName();
  try {
    sessionStorage.setItem(ACCOUNT_DELETED_KEY, '1');
  } catch {
    // Without storage the confirmation cannot tell the deletion happened: it sends to `/`.
  }
  location.replace(ACCOUNT_DELETED_PATH);
}

/** Whether this tab deleted its account (a visitor who types the address has not). */
export function accountWasDeleted(): boolean {
  try {
    return sessionStorage.getItem(ACCOUNT_DELETED_KEY) === '1';
  } catch {
    return false;
  }
}
