import { queryOptions } from '@tanstack/react-query';
import type { UsageEntry } from '@parlo/contract/tokens';
import { apiClient } from '@/lib/api-client';

export const usagesQueryKey = ['tokens', 'usages'] as const;

/** Today's use of every plan feature, each with the instant its count goes back to zero. */
export function getUsages(): Promise<UsageEntry[]> {
  return apiClient.get<UsageEntry[]>('/api/v1/usages');
}

export function usagesQueryOptions() {
  return queryOptions({ queryKey: usagesQueryKey, queryFn: getUsages });
}
