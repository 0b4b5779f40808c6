import type { SignInBody, SignInResponse } from '@parlo/contract/auth';
import { apiClient } from '@/lib/api-client';

/** Exchanges the provider's code; the server also sets the HttpOnly refresh cookie. */
export function signInWithOAuth(body: SignInBody): Promise<SignInResponse> {
  return apiClient.post<SignInResponse>('/api/v1/auth/signin/oauth', body, { auth: false });
}
