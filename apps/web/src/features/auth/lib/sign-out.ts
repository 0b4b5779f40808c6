import { signOutRequest } from '@/features/auth/api/sign-out';
import { signOutLocally } from '@/features/auth/lib/access-token';

/** The local session ends even when the server cannot be told. */
export async function signOut() {
  try {
    await signOutRequest();
  } catch {
    // Nothing to recover: the refresh cookie is revoked server-side on its next use or expiry.
  } finally {
    signOutLocally();
  }
}
