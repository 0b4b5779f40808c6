import { PROVIDERS, type Provider } from '@parlo/contract/constants';
import { isApiError } from '@/lib/api-client';
import { currentUserQueryOptions } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import { rememberSignInName } from '@/lib/sign-in-name';
import { DEFAULT_RETURN_TO } from '@/lib/return-to';
import { signInWithOAuth } from '@/features/auth/api/sign-in-with-oauth';
import { signOutLocally } from '@/features/auth/lib/access-token';
import { clearPendingSignIn, takePendingSignIn } from '@/features/auth/lib/pending-sign-in';
import { clearReferralCode, readReferralCode } from '@/features/auth/lib/referral-code';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useSignInProgress } from '@/features/auth/stores/sign-in-progress-store';

export const DEFAULT_PROVIDER: Provider = 'google';

/** Why the callback could not sign the user in; each has its own message (spec §8). */
export type SignInFailure = 'invalid_provider' | 'no_code' | 'account_deleted' | 'failed';

export type SignInResult = { ok: true; returnTo: string } | { ok: false; failure: SignInFailure };

/** What the callback page received in its address. */
export type CallbackParams = {
  provider: string | undefined;
  code: string | null;
  state: string | null;
};

export function callbackRedirectUri(provider: Provider, origin = window.location.origin) {
  return `${origin}/auth/callback/${provider}`;
}

function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}

async function exchange(provider: Provider, code: string, state: string | null) {
  const pending = takePendingSignIn();
  // A state this tab did not send means a callback it did not ask for: send nothing.
  if (!pending || !state || pending.state !== state || pending.provider !== provider) {
    throw new Error('The sign-in state does not match');
  }
  const referralCode = readReferralCode();
  const session = await signInWithOAuth({
    provider,
    code,
    codeVerifier: pending.codeVerifier,
    redirectUri: callbackRedirectUri(provider),
    nonce: pending.nonce,
    ...(referralCode ? { referralCode } : {}),
  });
  const store = useAuthStore.getState();
  store.setSession(session);
  // The server counts the sign-in as a refresh: another within a second would be refused.
  store.markRefreshAttempt(Date.now());
  useSignInProgress.setState({ phase: 'finishing' });
  await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0, retry: false });
  // Onboarding prefills its name field with it.
  rememberSignInName(session.profileName);
  clearReferralCode();
  useAuthStore.getState().setStatus('signed_in');
  return pending.returnTo ?? DEFAULT_RETURN_TO;
}

async function run(provider: Provider, code: string, state: string | null): Promise<SignInResult> {
  try {
    return { ok: true, returnTo: await exchange(provider, code, state) };
  } catch (error) {
    signOutLocally();
    const deleted = isApiError(error) && error.status === 410;
    return { ok: false, failure: deleted ? 'account_deleted' : 'failed' };
  }
}

// Module-level, so a remount or React's doubled effects join the exchange already under way:
// a provider's code can be used once only.
let flight: { code: string; result: Promise<SignInResult> } | null = null;

function fail(failure: SignInFailure): Promise<SignInResult> {
  clearPendingSignIn();
  signOutLocally();
  return Promise.resolve({ ok: false, failure });
}

/** Exchanges the callback's code for a session and loads the user; one exchange per code. */
export function completeSignIn({ provider, code, state }: CallbackParams): Promise<SignInResult> {
  const name = provider ?? DEFAULT_PROVIDER;
  if (!isProvider(name)) return fail('invalid_provider');
  if (!code) return fail('no_code');
  if (flight?.code !== code) {
    useSignInProgress.setState({ phase: 'verifying' });
    flight = { code, result: run(name, code, state) };
  }
  return flight.result;
}
