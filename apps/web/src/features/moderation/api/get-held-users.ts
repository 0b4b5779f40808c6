import { useQuery } from '@tanstack/react-query';
import type { ModerationHeldUsers } from '@parlo/contract/frame-flags';
import { apiClient } from '@/lib/api-client';
import { moderationReportsQueryKey } from '@/features/moderation/api/get-moderation-reports';

/** Users held for review by frame flags with no open report (issue 18): the queue misses them. */
export function getHeldUsers(): Promise<ModerationHeldUsers> {
  return apiClient.get<ModerationHeldUsers>('/api/v1/moderation/frame-flags/held');
}

export function useHeldUsers() {
  return useQuery({
    // Under the reports key: every moderation action refreshes it with the queue.
    queryKey: [...moderationReportsQueryKey, 'held-by-flags'],
    queryFn: getHeldUsers,
  });
}
