import type { AccessTokenResponse } from '@parlo/contract/auth';
import { apiClient } from '@/lib/api-client';

/** The refresh cookie is sent by the browser; this call never carries the Bearer token. */
export function refreshAccessToken(): Promise<AccessTokenResponse> {
  return apiClient.post<AccessTokenResponse>('/api/v1/auth/refresh', undefined, {
    auth: false,
    // A refresh runs in the background; its 429 (refresh too frequent) is not the user's doing.
    rateLimitNotice: false,
  });
}
