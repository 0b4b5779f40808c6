import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationReportStatus, ModerationReportsPage } from '@parlo/contract/moderation';
import { apiClient } from '@/lib/api-client';

export const moderationReportsQueryKey = ['moderation', 'reports'] as const;

/** One page of reports in one status; open ones come with escalated users first. */
export function getModerationReports(
  status: ModerationReportStatus,
  cursor: string | null,
): Promise<ModerationReportsPage> {
  return apiClient.get<ModerationReportsPage>('/api/v1/moderation/reports', {
    query: { status, cursor },
  });
}

export function moderationReportsQueryOptions(status: ModerationReportStatus) {
  return infiniteQueryOptions({
    queryKey: [...moderationReportsQueryKey, status],
    queryFn: ({ pageParam }) => getModerationReports(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useModerationReports(status: ModerationReportStatus) {
  return useInfiniteQuery(moderationReportsQueryOptions(status));
}
