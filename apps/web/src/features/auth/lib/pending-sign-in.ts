import { PROVIDERS, type Provider } from '@parlo/contract/constants';

/** What the callback needs to finish the sign-in this tab started; one at a time. */
export type PendingSignIn = {
  provider: Provider;
  state: string;
  codeVerifier: string;
  nonce: string;
  /** Where to go once signed in; null means the default (the dashboard). */
  returnTo: string | null;
};

export const PENDING_SIGN_IN_KEY = 'pending-sign-in';

function isPendingSignIn(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const { provider, state, codeVerifier, nonce, returnTo } = value as Record<string, unknown>;
  return (
    (PROVIDERS as readonly unknown[]).includes(provider) &&
    typeof state === 'string' &&
    typeof codeVerifier === 'string' &&
    typeof nonce === 'string' &&
    (returnTo === null || typeof returnTo === 'string')
  );
}

// Session storage: the provider returns to this tab, and nothing outlives it.
export function savePendingSignIn(pending: PendingSignIn) {
  sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(pending));
}

/** Reads and forgets the pending sign-in: a state and verifier are good for one attempt only. */
export function takePendingSignIn(): PendingSignIn | null {
  try {
    const raw = sessionStorage.getItem(PENDING_SIGN_IN_KEY);
    sessionStorage.removeItem(PENDING_SIGN_IN_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as unknown;
    return isPendingSignIn(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn() {
  try {
    sessionStorage.removeItem(PENDING_SIGN_IN_KEY);
  } catch {
    // Storage is unavailable, so there is nothing to clear.
  }
}
