import type { Provider } from '@parlo/contract/constants';

/**
 * Hands the browser to the server, which redirects to the provider and back to
 * /auth/callback/{provider}. The callback flow is finished by the sign-in issue.
 */
export function startSignIn(provider: Provider, returnTo?: string | null) {
  const params = new URLSearchParams();
  if (returnTo) params.set('returnTo', returnTo);
  const search = params.toString();
  window.location.assign(`/api/v1/auth/oauth/${provider}/start${search ? `?${search}` : ''}`);
}
