import { useQuery } from '@tanstack/react-query';
import type { ModerationFrameFlags } from '@parlo/contract/frame-flags';
import { apiClient } from '@/lib/api-client';
import { moderationUsersQueryKey } from '@/features/moderation/api/get-moderation-user';

/** The frame guard flags about one user (issue 18): counts, scores and times, no image. */
export function getModerationFrameFlags(userId: string): Promise<ModerationFrameFlags> {
  return apiClient.get<ModerationFrameFlags>(
    `/api/v1/moderation/users/${encodeURIComponent(userId)}/frame-flags`,
  );
}

export function useModerationFrameFlags(userId: string) {
  return useQuery({
    queryKey: [...moderationUsersQueryKey, userId, 'frame-flags'],
    queryFn: () => getModerationFrameFlags(userId),
  });
}
