import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction, ModerationActionInput } from '@parlo/contract/moderation';
import { apiClient } from '@/lib/api-client';
import { moderationReportsQueryKey } from '@/features/moderation/api/get-moderation-reports';
import { moderationUsersQueryKey } from '@/features/moderation/api/get-moderation-user';

export type TakeModerationActionInput = { userId: string; body: ModerationActionInput };

/** Records an action on a user; with a reportId the report is closed by it. */
export function takeModerationAction({
  userId,
  body,
}: TakeModerationActionInput): Promise<ModerationAction> {
  return apiClient.post<ModerationAction>(
    `/api/v1/moderation/users/${encodeURIComponent(userId)}/actions`,
    body,
  );
}

export function useTakeModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeModerationAction,
    // Every list may hold the report or the user that changed: the queue tabs and the user pages.
    // Also after a refusal: a 409 means another moderator closed the report first.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationReportsQueryKey }),
        queryClient.invalidateQueries({ queryKey: moderationUsersQueryKey }),
      ]),
  });
}
