import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RECENT_SESSIONS_PAGE_SIZE } from '@parlo/contract/constants';
import type { SessionList } from '@parlo/contract/sessions';
import { apiClient } from '@/lib/api-client';

export const recentSessionsQueryKey = ['sessions', 'recent'] as const;

/** One page (from 1) of the user's sessions, newest first. */
export function getSessions(page: number, pageSize = RECENT_SESSIONS_PAGE_SIZE) {
  return apiClient.get<SessionList>('/api/v1/sessions', { query: { page, pageSize } });
}

export function recentSessionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: recentSessionsQueryKey,
    queryFn: ({ pageParam }) => getSessions(pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPageParam < lastPage.totalPages ? lastPageParam + 1 : undefined,
  });
}

export function useRecentSessions() {
  return useInfiniteQuery(recentSessionsQueryOptions());
}
