import { TOKEN_REFRESH_MIN_GAP_MS } from '@parlo/contract/constants';
import { apiClient, isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { forgetSignInName } from '@/lib/sign-in-name';
import { refreshAccessToken } from '@/features/auth/api/refresh-access-token';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** Refresh a little early so a token does not expire on its way to the server. */
const EXPIRY_SKEW_MS = 10_000;

export function isAccessTokenExpired(expiresAt: string | null, now = Date.now()) {
  if (expiresAt === null) return true;
  const expiresAtMs = Date.parse(expiresAt);
  if (Number.isNaN(expiresAtMs)) return true;
  return expiresAtMs - EXPIRY_SKEW_MS <= now;
}

/** Forgets the session in this browser: tokens, status and every cached server answer. */
export function signOutLocally() {
  useAuthStore.getState().clear();
  queryClient.clear();
  forgetSignInName();
}

let inFlight: Promise<string | null> | null = null;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isRateLimited = (error: unknown) => isApiError(error) && error.status === 429;

/**
 * The server refuses a refresh less than a second after the previous one or the sign-in
 * (429 'Token refresh too frequent'), for instance right after a reload; that is no reason to sign
 * out, so the refresh is tried once more after the gap.
 */
async function requestRefresh() {
  try {
    return await refreshAccessToken();
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    await wait(TOKEN_REFRESH_MIN_GAP_MS);
    useAuthStore.getState().markRefreshAttempt(Date.now());
    return refreshAccessToken();
  }
}

async function runRefresh(): Promise<string | null> {
  const store = useAuthStore.getState();
  const sinceLast =
    store.lastRefreshAttempt === null ? Infinity : Date.now() - store.lastRefreshAttempt;
  if (sinceLast < TOKEN_REFRESH_MIN_GAP_MS) {
    // A refresh or sign-in has only just happened: its token is the one to use.
    if (store.accessToken && !isAccessTokenExpired(store.accessExpiresAt)) return store.accessToken;
    await wait(TOKEN_REFRESH_MIN_GAP_MS - sinceLast);
  }
  useAuthStore.getState().markRefreshAttempt(Date.now());
  try {
    const session = await requestRefresh();
    useAuthStore.getState().setSession(session);
    return session.accessToken;
  } catch (error) {
    // A rejected refresh cookie ends the session; a network blip, a rate limit or a server that
    // failed (5xx: it did not judge the cookie) does not.
    const rejected =
      isApiError(error) &&
      error.kind === 'http' &&
      !isRateLimited(error) &&
      (error.status ?? 0) < 500;
    const malformed = !isApiError(error);
    if (rejected || malformed) signOutLocally();
    return null;
  }
}

/** One refresh at a time: concurrent 401s share the same call. */
export function refreshSession(): Promise<string | null> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export async function getValidAccessToken(): Promise<string | null> {
  const { accessToken, accessExpiresAt } = useAuthStore.getState();
  if (!accessToken) return null;
  if (!isAccessTokenExpired(accessExpiresAt)) return accessToken;
  return refreshSession();
}

/** Lets the API client add the Bearer token and refresh it, without lib importing this feature. */
export function connectApiAuth() {
  apiClient.setAuthHandlers({
    getAccessToken: getValidAccessToken,
    refreshAccessToken: refreshSession,
  });
}
