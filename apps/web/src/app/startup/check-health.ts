import { apiClient } from '@/lib/api-client';

export function checkHealth(): Promise<unknown> {
  return apiClient.get<unknown>('/health', { auth: false });
}
