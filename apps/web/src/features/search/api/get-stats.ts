import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATS_POLL_INTERVAL_MS } from '@parlo/contract/constants';
import type { Stats } from '@parlo/contract/match';
import { apiClient } from '@/lib/api-client';

export function getStats(language: string): Promise<Stats> {
  return apiClient.get<Stats>('/api/v1/stats', { query: { language } });
}

export function statsQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['stats', language],
    queryFn: () => getStats(language),
    refetchInterval: STATS_POLL_INTERVAL_MS,
    staleTime: 0,
  });
}

/** Active learners and the average wait in the user's language, polled every 5 s (spec §2). */
export function useStats(language: string) {
  return useQuery(statsQueryOptions(language));
}
