import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationAccess } from '@parlo/contract/moderation';
import { apiClient, isApiError } from '@/lib/api-client';

export const moderationAccessQueryKey = ['moderation', 'access'] as const;

/** The caller's moderation role, or null when they have none (the API answers 403). */
export async function getModerationAccess(): Promise<ModerationAccess | null> {
  try {
    return await apiClient.get<ModerationAccess>('/api/v1/moderation/access');
  } catch (error) {
    if (isApiError(error) && error.status === 403) return null;
    throw error;
  }
}

/** Asked once per session: sign-out clears the cache, and a role changes only by the admin tool. */
export function moderationAccessQueryOptions() {
  return queryOptions({
    queryKey: moderationAccessQueryKey,
    queryFn: getModerationAccess,
    staleTime: Infinity,
    retry: false,
  });
}

export function useModerationAccess(enabled = true) {
  return useQuery({ ...moderationAccessQueryOptions(), enabled });
}
