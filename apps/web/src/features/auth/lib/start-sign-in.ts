import type { Provider } from '@parlo/contract/constants';
import { getAuthorizeUrl } from '@/features/auth/api/get-authorize-url';
import {
  clearPendingSignIn,
  savePendingSignIn,
  type PendingSignIn,
} from '@/features/auth/lib/pending-sign-in';
import { createCodeChallenge, createCodeVerifier, randomUrlToken } from '@/features/auth/lib/pkce';
import { safeReturnTo } from '@/lib/return-to';

/**
 * Starts the authorization code flow with PKCE: a fresh state, verifier and nonce are kept in this
 * tab for the callback, then the browser leaves for the provider. Rejects, with nothing kept, when
 * the authorization address cannot be obtained.
 */
export async function startSignIn(provider: Provider, returnTo?: string | null) {
  const pending: PendingSignIn = {
    provider,
    state: randomUrlToken(),
    codeVerifier: createCodeVerifier(),
    nonce: randomUrlToken(),
    returnTo: safeReturnTo(returnTo),
  };
  try {
    const codeChallenge = await createCodeChallenge(pending.codeVerifier);
    savePendingSignIn(pending);
    const url = await getAuthorizeUrl({
      provider,
      state: pending.state,
      codeChallenge,
      nonce: pending.nonce,
    });
    window.location.assign(url);
  } catch (error) {
    clearPendingSignIn();
    throw error;
  }
}
