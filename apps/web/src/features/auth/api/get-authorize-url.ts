import type { Provider } from '@parlo/contract/constants';
import { apiClient } from '@/lib/api-client';

export type AuthorizeUrlRequest = {
  provider: Provider;
  state: string;
  codeChallenge: string;
  nonce: string;
};

/** The provider's authorization page for this attempt (the development page without credentials). */
export async function getAuthorizeUrl({
  provider,
  state,
  codeChallenge,
  nonce,
}: AuthorizeUrlRequest): Promise<string> {
  const { url } = await apiClient.get<{ url: string }>(
    `/api/v1/auth/oauth/${provider}/authorize-url`,
    { auth: false, query: { state, codeChallenge, nonce } },
  );
  return url;
}
