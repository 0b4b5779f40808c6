/** Where the auth store persists the access token and its expiry (spec §3). */
export const AUTH_STORAGE_KEY = 'auth-storage';

/**
 * Whether this browser holds a session to restore, read straight from the auth store's storage
 * (zustand's persist format) so the prerendered pages' script can tell without loading the app.
 */
export function hasStoredSession(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      state?: { accessToken?: unknown };
    } | null;
    return typeof stored?.state?.accessToken === 'string' && stored.state.accessToken !== '';
  } catch {
    return false;
  }
}
