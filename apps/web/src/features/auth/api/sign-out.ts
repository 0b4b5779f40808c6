import { apiClient } from '@/lib/api-client';

export function signOutRequest(): Promise<unknown> {
  return apiClient.post<unknown>('/api/v1/auth/signout');
}
