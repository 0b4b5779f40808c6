import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationUser } from '@parlo/contract/moderation';
import { apiClient } from '@/lib/api-client';

export const moderationUsersQueryKey = ['moderation', 'users'] as const;

/** A user as moderators see them: the person, the reports they received and the actions taken. */
export function getModerationUser(userId: string): Promise<ModerationUser> {
  return apiClient.get<ModerationUser>(`/api/v1/moderation/users/${encodeURIComponent(userId)}`);
}

export function moderationUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...moderationUsersQueryKey, userId],
    queryFn: () => getModerationUser(userId),
  });
}

export function useModerationUser(userId: string) {
  return useQuery(moderationUserQueryOptions(userId));
}
